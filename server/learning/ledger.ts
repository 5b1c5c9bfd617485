/**
 * The XP ledger: what a learner earned. Awards are immutable events, unique per
 * (learner, award key), written in the same transaction as the work that earns them; a learner's
 * active days (their streak) likewise; badges are evaluated from the ledger's facts after every
 * change, in that transaction too. Totals are never stored: they are sums over the ledger, so
 * nothing can drift from it (`npm run xp:verify` checks the derived figures anyway).
 * The leaderboards derived from it are server/learning/boards.ts: the ledger only tells them,
 * in its transaction, whose events changed.
 */
import { randomUUID } from 'node:crypto';
import { evaluateBadges, type BadgeDefinition, type BadgeFacts } from '../../src/domain/badges.ts';
import { dailyStreak } from '../../src/domain/streaks.ts';
import { awardKey, badgeAward, type XpReason } from '../../src/domain/xp.ts';
import type { Db, Executor } from '../db/database.ts';
import { toNumber } from '../db/dialect.ts';
import { createBoards, type Boards } from './boards.ts';

/** `selfReported`: paid without verification (switched off on the server): the boards rank it apart. */
export type Award = { reason: XpReason; sourceId: string; pathId: string | null; amount: number; selfReported?: boolean };

/** When and where (the learner's local day) a change happened. */
export type Moment = { at: string; localDay: string };

/**
 * `boards`: the app's one leaderboards instance (server/learning/boards.ts), whose rows follow
 * every change to a learner's events; the board reads must use the same instance, as its
 * in-memory copies read live the learners it rewrote.
 */
export function createLedger(db: Db, badges: readonly BadgeDefinition[], projectSkills: ReadonlyMap<string, readonly string[]>, boards: Boards = createBoards(db)) {
  async function award(tx: Executor, userId: string, item: Award, moment: Moment) {
    await tx
      .insertInto('xp_events')
      .values({
        id: randomUUID(),
        user_id: userId,
        award_key: awardKey(item.reason, item.sourceId),
        reason: item.reason,
        source_id: item.sourceId,
        path_id: item.pathId,
        amount: item.amount,
        earned_at: moment.at,
        earned_on: moment.localDay,
        self_reported: item.selfReported === true ? 1 : 0,
      })
      // Paid once. XP paid as self-reported (verification was off) becomes verified when the same
      // award is paid on verified work (a check that passes once verification is on): same amount,
      // same moment, now ranked.
      .onConflict((oc) =>
        item.selfReported === true
          ? oc.columns(['user_id', 'award_key']).doNothing()
          : oc.columns(['user_id', 'award_key']).doUpdateSet({ self_reported: 0 }).where('xp_events.self_reported', '=', 1),
      )
      .execute();
  }

  /**
   * Records that the learner did this for the first time ever (kept through unticks and resets);
   * true only for the first time: the one that may count as a day of work. Under a race, one wins.
   */
  async function firstWork(tx: Executor, userId: string, kind: 'task' | 'start' | 'submit', sourceId: string, moment: Moment): Promise<boolean> {
    const inserted = await tx
      .insertInto('first_work')
      .values({ user_id: userId, kind, source_id: sourceId, first_at: moment.at })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'source_id']).doNothing())
      .returning('source_id')
      .execute();
    return inserted.length > 0;
  }

  async function activity(tx: Executor, userId: string, pathId: string, moment: Moment) {
    await tx
      .insertInto('activity_days')
      .values({ user_id: userId, path_id: pathId, local_day: moment.localDay })
      .onConflict((oc) => oc.columns(['user_id', 'path_id', 'local_day']).doNothing())
      .execute();
  }

  /** The projects whose automatic checks passed for this learner (a report that says so). */
  async function passedProjects(tx: Executor, userId: string): Promise<Set<string>> {
    const rows = await tx.selectFrom('verification_runs').select('project_id').distinct().where('user_id', '=', userId).where('state', '=', 'passed').execute();
    return new Set(rows.map((r) => r.project_id));
  }

  /**
   * The facts badges are judged on, read from the ledger and the learner's progress: from all of
   * it (whether a badge is earned), and from verified work alone (whether it is earned on verified
   * work: self-reported projects and XP left out; the streak is the same days either way).
   */
  async function facts(tx: Executor, userId: string, today: string): Promise<{ all: BadgeFacts; verified: BadgeFacts }> {
    const [completed, total, days, passed] = await Promise.all([
      tx.selectFrom('xp_events').select(['source_id', 'earned_on', 'self_reported']).where('user_id', '=', userId).where('reason', '=', 'project').execute(),
      tx
        .selectFrom('xp_events')
        .select((eb) => [
          eb.fn.sum<number>('amount').as('xp'),
          eb.fn.sum<number>(eb.case().when('self_reported', '=', 0).then(eb.ref('amount')).else(0).end()).as('verified'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      tx.selectFrom('activity_days').select('local_day').where('user_id', '=', userId).execute(),
      passedProjects(tx, userId),
    ]);
    const project = (r: { source_id: string; earned_on: string }) => ({
      id: r.source_id,
      completedOn: r.earned_on,
      skills: [...(projectSkills.get(r.source_id) ?? [])],
      verified: passed.has(r.source_id),
    });
    const longestDailyStreak = dailyStreak(
      days.map((d) => d.local_day),
      today,
    ).longest;
    return {
      all: { completedProjects: completed.map(project), longestDailyStreak, totalXp: toNumber(total?.xp ?? 0) },
      verified: {
        completedProjects: completed.filter((r) => r.self_reported === 0).map(project),
        longestDailyStreak,
        totalXp: toNumber(total?.verified ?? 0),
      },
    };
  }

  /**
   * Awards the badges the learner's facts now earn (each once, with its date and its XP), and,
   * after a reset (`mayRevoke`), takes back those the facts no longer earn: a badge is never taken
   * back otherwise.
   *
   * A badge's XP is of the kind of the work that earns it: earned on verified work alone, it ranks;
   * earned only with self-reported work (verification switched off), it is self-reported too and
   * ranked apart. A self-reported badge that verified work earns later ranks from then on; a badge
   * that ranks never stops ranking (nothing earned is taken away).
   */
  async function settleBadges(tx: Executor, userId: string, moment: Moment, mayRevoke = false) {
    const [owned, first] = await Promise.all([
      tx
        .selectFrom('user_badges as b')
        .leftJoin('xp_events as e', (join) => join.onRef('e.user_id', '=', 'b.user_id').on('e.reason', '=', 'badge').onRef('e.source_id', '=', 'b.badge_id'))
        .select(['b.badge_id', 'e.self_reported'])
        .where('b.user_id', '=', userId)
        .execute(),
      facts(tx, userId, moment.localDay),
    ]);
    const have = new Set(owned.map((b) => b.badge_id));
    const selfReported = new Set(owned.filter((b) => b.self_reported === 1).map((b) => b.badge_id));
    let current = first;
    let results = evaluateBadges(badges, current.all);
    const earnedOnVerifiedWork = () =>
      new Set(
        evaluateBadges(badges, current.verified)
          .filter((b) => b.earned)
          .map((b) => b.id),
      );
    let verified = earnedOnVerifiedWork();
    // A badge's own XP can earn another (10,000 XP): settle until nothing changes.
    for (let round = 0; round < badges.length; round += 1) {
      const newly = results.filter((b) => b.earned && !have.has(b.id));
      if (newly.length === 0) break;
      for (const badge of newly) {
        const self = !verified.has(badge.id);
        await tx.insertInto('user_badges').values({ user_id: userId, badge_id: badge.id, earned_at: moment.at }).execute();
        await award(tx, userId, { ...badgeAward(badge.id), pathId: null, selfReported: self }, moment);
        have.add(badge.id);
        if (self) selfReported.add(badge.id);
      }
      current = await facts(tx, userId, moment.localDay);
      results = evaluateBadges(badges, current.all);
      verified = earnedOnVerifiedWork();
    }
    const nowVerified = [...selfReported].filter((id) => verified.has(id));
    if (nowVerified.length > 0) {
      await tx
        .updateTable('xp_events')
        .set({ self_reported: 0 })
        .where('user_id', '=', userId)
        .where('reason', '=', 'badge')
        .where('source_id', 'in', nowVerified)
        .execute();
    }
    if (mayRevoke) {
      // A retired badge cannot be earned again, so a reset never takes it.
      const lost = results.filter((b) => !b.retired && !b.earned && have.has(b.id)).map((b) => b.id);
      if (lost.length > 0) {
        await tx.deleteFrom('user_badges').where('user_id', '=', userId).where('badge_id', 'in', lost).execute();
        await tx.deleteFrom('xp_events').where('user_id', '=', userId).where('reason', '=', 'badge').where('source_id', 'in', lost).execute();
      }
    }
    // The learner's board rows follow their events, in this transaction.
    await boards.refresh(tx, [userId], Date.parse(moment.at));
  }

  /** A path reset: its events and active days go; badges are judged again on what is left. */
  async function resetPath(tx: Executor, userId: string, pathId: string, moment: Moment) {
    await tx.deleteFrom('xp_events').where('user_id', '=', userId).where('path_id', '=', pathId).execute();
    await tx.deleteFrom('activity_days').where('user_id', '=', userId).where('path_id', '=', pathId).execute();
    await settleBadges(tx, userId, moment, true);
  }

  return {
    award,
    firstWork,
    activity,
    settleBadges,
    resetPath,
    /** The learner's time zone and weekly goal (defaults until the browser has told us). */
    async clockOf(userId: string) {
      return db.selectFrom('learner_clock').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    /** Whether the learner has any day of work (a time zone change holds their day only then). */
    async hasActivity(userId: string) {
      return (await db.selectFrom('activity_days').select('local_day').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
    },
    /**
     * The learner's clock, and with a goal (`goalWeek`: the Monday of the week it is set in) that
     * goal from that week on, in one transaction.
     */
    async setClock(userId: string, clock: { timeZone: string; weeklyGoal: number; changedAt: string; dayFloor: string | null }, goalWeek: string | null) {
      const row = { time_zone: clock.timeZone, time_zone_changed_at: clock.changedAt, weekly_goal: clock.weeklyGoal, day_floor: clock.dayFloor };
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('learner_clock')
          .values({ user_id: userId, ...row })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
          .execute();
        if (goalWeek === null) return;
        await tx
          .insertInto('weekly_goals')
          .values({ user_id: userId, week_start: goalWeek, goal: clock.weeklyGoal })
          .onConflict((oc) => oc.columns(['user_id', 'week_start']).doUpdateSet({ goal: clock.weeklyGoal }))
          .execute();
      });
    },
    /** Everything the XP page shows, from the ledger. */
    async summaryOf(userId: string) {
      const [events, days, owned, goals, passed] = await Promise.all([
        db
          .selectFrom('xp_events')
          .select(['id', 'reason', 'source_id', 'path_id', 'amount', 'earned_at', 'earned_on'])
          .where('user_id', '=', userId)
          .orderBy('earned_at', 'desc')
          .orderBy('id')
          .execute(),
        db.selectFrom('activity_days').select('local_day').where('user_id', '=', userId).execute(),
        db.selectFrom('user_badges').select(['badge_id', 'earned_at']).where('user_id', '=', userId).execute(),
        db.selectFrom('weekly_goals').select(['week_start', 'goal']).where('user_id', '=', userId).execute(),
        passedProjects(db, userId),
      ]);
      return {
        events,
        verifiedProjects: [...passed],
        activeDays: [...new Set(days.map((d) => d.local_day))],
        badges: owned,
        weeklyGoals: goals.map((g) => ({ from: g.week_start, goal: g.goal })),
      };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
