/**
 * Reminders: unsubscribe tokens, what Settings shows about reminders (`status`), the scheduler's
 * tick, and the last check before a reminder is sent. The switches themselves are the learner's
 * settings (../account/settings.ts, the one writer of user_settings). When reminders go out is
 * ./rules.ts; sending is the outbox (../mail/outbox.ts).
 *
 * Unsubscribe tokens are opaque and per learner and kind: a random id kept for the learner
 * (`user_settings.unsubscribe_id`, never the user id) and an HMAC of it and the kind under the
 * server's secret, so a token for one kind cannot be turned into another's, nor guessed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { dailyStreak, addDays, DEFAULT_TIME_ZONE, weekOf } from '../../src/domain/streaks.ts';
import { type NotificationPreferences, type RemindersStatus } from '../../src/api/account/contract.ts';
import type { UnsubscribeResponse } from '../../src/api/unsubscribe/contract.ts';
import { renderStreakAtRisk } from '../../src/mail/StreakAtRisk.ts';
import { renderWeeklyDigest } from '../../src/mail/WeeklyDigest.ts';
import type { LearnerSettings } from '../account/settings.ts';
import type { Database, Db } from '../db/database.ts';
import { toNumber, whileHolding } from '../db/dialect.ts';
import type { Executor, Outbox, OutboxRow, SendCheck } from '../mail/outbox.ts';
import { activeDaysOf, clockOf, hasPeriod, nextTaskOf, pushDevices, rankOf, remindedDays, usernameOf } from './facts.ts';
import { digestDue, learnerNow, zonesDueNow, nextDigest, nextStreakReminder, shouldPause, streakReminderDue } from './rules.ts';

export type UnsubscribeKind = UnsubscribeResponse['kind'];
const SWITCH_OF: Record<UnsubscribeKind, keyof NotificationPreferences> = {
  streak: 'streakEmail',
  digest: 'digestEmail',
  updates: 'updatesEmail',
  newsletter: 'newsletterEmail',
};
export const unsubscribeMessages: Record<UnsubscribeKind, string> = {
  streak: 'You will get no more streak reminders by email. You can turn them on again in Settings.',
  digest: 'You will get no more weekly digests. You can turn them on again in Settings.',
  updates: 'You will get no more product updates by email. You can turn them on again in Settings.',
  newsletter: 'You will get no more newsletters. You can turn them on again in Settings.',
};

/** Push messages about a streak are worth nothing after the day: the push service drops them after this. */
export const STREAK_PUSH_TTL_SECONDS = 4 * 60 * 60;

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

export type Reminders = ReturnType<typeof createReminders>;

export function createReminders(deps: {
  db: Db;
  outbox: Outbox;
  /** The learner's switches and pause (the one writer of user_settings: ../account/settings.ts). */
  settings: LearnerSettings;
  now: () => number;
  log: FastifyBaseLogger;
  /** The HMAC key of unsubscribe tokens (derived from the JWT secret). */
  secret: string;
  webOrigin: string;
  apiOrigin: string;
  emailReady: boolean;
  pushPublicKey: string | null;
}) {
  const { db, outbox, now, log, settings } = deps;
  const preferencesOf = settings.notificationsOf;
  const iso = (ms = now()) => new Date(ms).toISOString();
  const key = createHmac('sha256', deps.secret).update('pathforge unsubscribe tokens').digest();
  const mac = (id: string, kind: UnsubscribeKind) => createHmac('sha256', key).update(`${id}:${kind}`).digest().subarray(0, 16).toString('base64url');

  async function unsubscribeToken(executor: Executor, userId: string, kind: UnsubscribeKind): Promise<string> {
    const id = await settings.unsubscribeIdOf(executor, userId);
    return `${id}.${mac(id, kind)}`;
  }

  /** Headers and links that let the learner stop this kind of mail in one click (RFC 8058). */
  async function unsubscribeLinks(executor: Executor, userId: string, kind: UnsubscribeKind) {
    const token = await unsubscribeToken(executor, userId, kind);
    return {
      pageUrl: `${deps.webOrigin}/unsubscribe/${token}`,
      headers: { 'List-Unsubscribe': `<${deps.apiOrigin}/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** Turns the token's kind of mail off at once; null for a token that is not one of ours. */
  async function unsubscribe(token: string): Promise<UnsubscribeResponse | null> {
    const match = TOKEN_SHAPE.exec(token);
    if (!match) return null;
    const [, id, given] = match as unknown as [string, string, string];
    const kind = (Object.keys(SWITCH_OF) as UnsubscribeKind[]).find((k) => timingSafeEqual(Buffer.from(mac(id, k)), Buffer.from(given)));
    if (!kind) return null;
    if (!(await settings.switchOff(id, SWITCH_OF[kind]))) return null;
    return { kind, message: unsubscribeMessages[kind] };
  }

  /** Which streak channels would carry a reminder now: the switch on and the channel able to send. */
  function streakChannels(prefs: NotificationPreferences, devices: number): ('email' | 'push')[] {
    return [
      ...(prefs.streakEmail && deps.emailReady ? (['email'] as const) : []),
      ...(prefs.streakPush && deps.pushPublicKey !== null && devices > 0 ? (['push'] as const) : []),
    ];
  }

  async function status(userId: string): Promise<RemindersStatus> {
    const at = now();
    const [prefs, clock, days, devices] = await Promise.all([preferencesOf(db, userId), clockOf(db, userId), activeDaysOf(db, userId), pushDevices(db, userId)]);
    const { today } = learnerNow(at, clock);
    const streakOn = !prefs.pausedAt && streakChannels(prefs, devices).length > 0;
    const nextStreak = streakOn ? nextStreakReminder(at, clock, days, await hasPeriod(db, userId, 'streak', `streak:${today}`)) : null;
    const digestOn = prefs.digestEmail && deps.emailReady && days.length > 0;
    const nextDigestAt = digestOn ? nextDigest(at, clock, await hasPeriod(db, userId, 'digest', `digest:${weekOf(today)}`)) : null;
    return {
      pausedAt: prefs.pausedAt,
      nextStreakReminderAt: nextStreak === null ? null : iso(nextStreak),
      nextDigestAt: nextDigestAt === null ? null : iso(nextDigestAt),
      email: deps.emailReady ? 'ready' : 'not-set-up',
      push: deps.pushPublicKey !== null ? 'ready' : 'not-set-up',
      pushPublicKey: deps.pushPublicKey,
      pushDevices: devices,
    };
  }

  /** One learner's streak reminder, if due: paused instead when they ignored two weeks of them. */
  async function scheduleStreak(tx: Executor, userId: string, at: number): Promise<void> {
    const prefs = await preferencesOf(tx, userId);
    if (prefs.pausedAt !== null) return;
    const [clock, days, devices] = await Promise.all([clockOf(tx, userId), activeDaysOf(tx, userId), pushDevices(tx, userId)]);
    const day = streakReminderDue(at, clock, days);
    if (day === null) return;
    const channels = streakChannels(prefs, devices);
    if (channels.length === 0 || (await hasPeriod(tx, userId, 'streak', `streak:${day}`))) return;
    if (shouldPause(await remindedDays(tx, userId, prefs.countedFrom), days, day)) {
      // The switches go off with the pause, so Settings shows what is true: nothing is sent.
      await settings.pauseStreakReminders(tx, userId, at);
      log.info({ userId }, 'streak reminders paused: two weeks ignored');
      return;
    }
    const streak = dailyStreak(days, day).current;
    const user = await usernameOf(tx, userId);
    for (const channel of channels) {
      if (channel === 'email') {
        const links = await unsubscribeLinks(tx, userId, 'streak');
        const mail = renderStreakAtRisk({
          username: user.username,
          streakDays: streak,
          continueUrl: `${deps.webOrigin}/app/dashboard`,
          unsubscribeUrl: links.pageUrl,
          settingsUrl: `${deps.webOrigin}/app/settings`,
        });
        await outbox.enqueue(tx, { userId, kind: 'streak', periodKey: `streak:${day}`, channel, payload: { to: user.email, ...mail, headers: links.headers } });
      } else {
        await outbox.enqueue(tx, {
          userId,
          kind: 'streak',
          periodKey: `streak:${day}`,
          channel,
          payload: {
            title: `Your ${streak}-day streak ends at midnight`,
            body: 'Tick a task, start or submit a project today to keep it.',
            url: `${deps.webOrigin}/app/dashboard`,
            topic: 'streak',
            ttlSeconds: STREAK_PUSH_TTL_SECONDS,
          },
        });
      }
    }
  }

  /** One learner's weekly digest, if due: last week's figures from the ledger. */
  async function scheduleDigest(tx: Executor, userId: string, at: number): Promise<void> {
    const clock = await clockOf(tx, userId);
    const monday = digestDue(at, clock);
    if (monday === null || (await hasPeriod(tx, userId, 'digest', `digest:${monday}`))) return;
    const weekStart = addDays(monday, -7);
    const weekEnd = addDays(monday, -1);
    const [days, week, total, rank] = await Promise.all([
      activeDaysOf(tx, userId),
      tx
        .selectFrom('xp_events')
        .select(['reason', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('amount').as('xp')])
        .where('user_id', '=', userId)
        .where('earned_on', '>=', weekStart)
        .where('earned_on', '<=', weekEnd)
        .groupBy('reason')
        .execute(),
      tx
        .selectFrom('xp_events')
        .select((eb) => eb.fn.sum('amount').as('xp'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      rankOf(tx, userId),
    ]);
    // Nothing true to say to a learner who never did any work.
    if (days.length === 0) return;
    const count = (reason: string) => toNumber(week.find((row) => row.reason === reason)?.n);
    const weekXp = week.reduce((sum, row) => sum + toNumber(row.xp), 0);
    const prefs = await preferencesOf(tx, userId);
    if (!prefs.digestEmail) return;
    const user = await usernameOf(tx, userId);
    const links = await unsubscribeLinks(tx, userId, 'digest');
    const mail = renderWeeklyDigest({
      username: user.username,
      weekStart,
      weekEnd,
      tasks: count('task'),
      projects: count('project'),
      xp: weekXp,
      totalXp: toNumber(total.xp),
      streakDays: dailyStreak(days, monday).current,
      nextTask: await nextTaskOf(tx, userId, deps.webOrigin),
      rank,
      dashboardUrl: `${deps.webOrigin}/app/dashboard`,
      unsubscribeUrl: links.pageUrl,
      settingsUrl: `${deps.webOrigin}/app/settings`,
    });
    await outbox.enqueue(tx, {
      userId,
      kind: 'digest',
      periodKey: `digest:${monday}`,
      channel: 'email',
      payload: { to: user.email, ...mail, headers: links.headers },
    });
  }

  /**
   * One pass of the scheduler: every learner who might be due a streak reminder (a day of work in
   * the last two days, a streak switch on, not paused) or a digest (the switch on, some work ever).
   * With several instances on PostgreSQL only the holder of the advisory lock runs it; in one
   * instance a pass still running when the next minute comes is not started twice.
   */
  let ticking: Promise<void> | null = null;
  function tick(): Promise<void> {
    ticking ??= runTick().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  async function runTick(): Promise<void> {
    const at = now();
    const ran = await whileHolding(db, 'pathforge:reminders', async (step, executor) => {
      const recent = addDays(new Date(at).toISOString().slice(0, 10), -2);
      const on = (column: 'streak_email' | 'streak_push' | 'digest_email') => sql<boolean>`coalesce(s.${sql.ref(column)}, 1) = 1`;
      const zone = sql<string>`coalesce(c.time_zone, ${DEFAULT_TIME_ZONE})`;
      // Only the learners of time zones where one can be due now (their evening, their Monday), and
      // not those whose reminder or digest was queued a moment ago: each minute looks at few learners.
      const known = await executor.selectFrom('learner_clock').select('time_zone').distinct().execute();
      const due = zonesDueNow(at, [DEFAULT_TIME_ZONE, ...known.map((row) => row.time_zone)]);
      const queuedSince = (kind: 'streak' | 'digest', hours: number) => (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_outbox as o')
              .select('o.id')
              .whereRef('o.user_id', '=', 'u.id')
              .where('o.kind', '=', kind)
              .where('o.created_at', '>=', new Date(at - hours * 3_600_000).toISOString()),
          ),
        );
      const streakCandidates =
        due.streak.length === 0
          ? []
          : await executor
              .selectFrom('users as u')
              .leftJoin('user_settings as s', 's.user_id', 'u.id')
              .leftJoin('learner_clock as c', 'c.user_id', 'u.id')
              .select('u.id')
              .where(zone, 'in', due.streak)
              .where((eb) => eb.or([on('streak_email'), on('streak_push')]))
              .where('s.reminders_paused_at', 'is', null)
              .where((eb) =>
                eb.exists(eb.selectFrom('activity_days as a').select('a.user_id').whereRef('a.user_id', '=', 'u.id').where('a.local_day', '>=', recent)),
              )
              // An evening lasts five hours: a reminder queued in the last six was this evening's.
              .where(queuedSince('streak', 6))
              .execute();
      for (const { id } of streakCandidates) {
        try {
          await step((tx) => scheduleStreak(tx, id, at));
        } catch (error) {
          log.error({ err: error, userId: id }, 'streak reminder not scheduled');
        }
      }
      if (!deps.emailReady || due.digest.length === 0) return true;
      const digestCandidates = await executor
        .selectFrom('users as u')
        .leftJoin('user_settings as s', 's.user_id', 'u.id')
        .leftJoin('learner_clock as c', 'c.user_id', 'u.id')
        .select('u.id')
        .where(zone, 'in', due.digest)
        .where(on('digest_email'))
        .where((eb) => eb.exists(eb.selectFrom('activity_days as a').select('a.user_id').whereRef('a.user_id', '=', 'u.id')))
        // A local Monday lasts a day: a digest queued in the last two was this week's.
        .where(queuedSince('digest', 48))
        .execute();
      for (const { id } of digestCandidates) {
        try {
          await step((tx) => scheduleDigest(tx, id, at));
        } catch (error) {
          log.error({ err: error, userId: id }, 'weekly digest not scheduled');
        }
      }
      return true;
    });
    if (ran !== null) outbox.kick();
  }

  /** The last look before a streak reminder goes: still wanted, not paused, and no work done that day since. */
  const streakCheck: SendCheck = async (row: OutboxRow) => {
    const prefs = await preferencesOf(db, row.user_id);
    if (prefs.pausedAt !== null) return 'reminders are paused';
    if (row.channel === 'email' ? !prefs.streakEmail : !prefs.streakPush) return 'the learner switched these reminders off';
    const day = row.period_key.slice('streak:'.length);
    const worked = await db
      .selectFrom('activity_days')
      .select('local_day')
      .where('user_id', '=', row.user_id)
      .where('local_day', '=', day)
      .limit(1)
      .executeTakeFirst();
    return worked ? 'the learner worked that day' : null;
  };
  const digestCheck: SendCheck = async (row: OutboxRow) => ((await preferencesOf(db, row.user_id)).digestEmail ? null : 'the learner switched the digest off');

  return { status, unsubscribe, unsubscribeToken, tick, checks: { streak: streakCheck, digest: digestCheck } };
}
