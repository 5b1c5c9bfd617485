/**
 * What the reminders read about a learner (their clock, days of work, devices, what was already
 * queued, their next task and rank), each a query in the caller's executor (a transaction while
 * scheduling). Reading only: ./reminders.ts decides and queues.
 */
import { DEFAULT_TIME_ZONE } from '../../src/domain/streaks.ts';
import { toNumber } from '../db/dialect.ts';
import type { Executor } from '../mail/outbox.ts';
import type { LearnerClock } from './rules.ts';

export async function clockOf(executor: Executor, userId: string): Promise<LearnerClock> {
  const row = await executor.selectFrom('learner_clock').select(['time_zone', 'day_floor']).where('user_id', '=', userId).executeTakeFirst();
  return { timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE, dayFloor: row?.day_floor ?? null };
}

export const activeDaysOf = async (executor: Executor, userId: string) => [
  ...new Set((await executor.selectFrom('activity_days').select('local_day').where('user_id', '=', userId).execute()).map((r) => r.local_day)),
];

export const hasPeriod = async (executor: Executor, userId: string, kind: string, periodKey: string) =>
  (await executor
    .selectFrom('notification_outbox')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period_key', '=', periodKey)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const pushDevices = async (executor: Executor, userId: string) =>
  toNumber(
    (
      await executor
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The days a streak reminder went out for (any channel) since reminders were last resumed. */
export async function remindedDays(executor: Executor, userId: string, countedFrom: string | null): Promise<string[]> {
  let query = executor
    .selectFrom('notification_outbox')
    .select('period_key')
    .where('user_id', '=', userId)
    .where('kind', '=', 'streak')
    .where('status', '=', 'sent');
  if (countedFrom !== null) query = query.where('created_at', '>=', countedFrom);
  return (await query.execute()).map((row) => row.period_key.slice('streak:'.length));
}

export const usernameOf = async (executor: Executor, userId: string) =>
  await executor.selectFrom('users').select(['username', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();

/** The first open task of the learner's latest project under way (active tasks, in order). */
export async function nextTaskOf(executor: Executor, userId: string, webOrigin: string) {
  const project = await executor
    .selectFrom('project_progress as pp')
    .innerJoin('projects as p', 'p.id', 'pp.project_id')
    .select(['p.id', 'p.title', 'p.slug', 'p.path_id'])
    .where('pp.user_id', '=', userId)
    .where('pp.completed_at', 'is', null)
    .where('p.status', '=', 'active')
    .orderBy('pp.started_at', 'desc')
    .orderBy('p.id')
    .executeTakeFirst();
  if (!project) return null;
  const task = await executor
    .selectFrom('tasks as t')
    .select('t.title')
    .where('t.project_id', '=', project.id)
    .where('t.status', '=', 'active')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('task_completions as c').select('c.task_id').whereRef('c.task_id', '=', 't.id').where('c.user_id', '=', userId))))
    .orderBy('t.position')
    .executeTakeFirst();
  if (!task) return null;
  const path = await executor.selectFrom('paths').select('slug').where('id', '=', project.path_id).executeTakeFirstOrThrow();
  return { title: task.title, project: project.title, url: `${webOrigin}/app/paths/${path.slug}/projects/${project.slug}` };
}

/** The learner's place on the all-time board (in board order: XP, then who reached it first), or null when not on it. */
export async function rankOf(tx: Executor, userId: string): Promise<number | null> {
  const mine = await tx.selectFrom('xp_board').select(['xp', 'reached_at']).where('period', '=', 'all').where('user_id', '=', userId).executeTakeFirst();
  if (!mine || mine.xp <= 0) return null;
  const { n } = await tx
    .selectFrom('xp_board')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('period', '=', 'all')
    .where((eb) =>
      eb.or([
        eb('xp', '>', mine.xp),
        eb.and([eb('xp', '=', mine.xp), eb('reached_at', '<', mine.reached_at)]),
        eb.and([eb('xp', '=', mine.xp), eb('reached_at', '=', mine.reached_at), eb('user_id', '<', userId)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return toNumber(n) + 1;
}
