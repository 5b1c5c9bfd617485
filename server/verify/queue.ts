/**
 * The durable queue of verification runs (table `verification_runs`) and the reports read from it.
 *
 * A run is queued in the transaction that records the submission (or the "Check again"), so a
 * submission is never without its run, and nothing is lost across a restart. A worker claims one
 * run with a single `UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING *` (on PostgreSQL the
 * subquery takes `FOR UPDATE SKIP LOCKED`), setting its lease (`locked_until`) and a claim token
 * of its own (`claimed_by`): a run whose lease passed (its worker died) is claimed again, and only
 * the holder of the current claim may finish it, so a run is never finished twice.
 *
 * No one can flood it:
 * - one live run per learner and project: asking for a check supersedes the project's live run
 *   (status `superseded`): a queued one is never checked, a running one finishes but its result is
 *   set aside (no report, no XP, no review);
 * - a learner asks for at most CHECKS_PER_HOUR checks an hour, submissions and "Check again"
 *   together (counted under a per-learner lock, so requests at once cannot slip past it);
 * - the claim takes learners in turn, not runs in order of arrival: the oldest due run of the
 *   learner with no run in progress who was served least recently (their latest run's start).
 */
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import {
  CHECKS_PER_HOUR,
  needsLiveUrl,
  RECHECKS_PER_HOUR,
  SUBMISSION_CHECKS,
  type Requirement,
  type SubmissionCheckId,
  type VerificationState,
} from '../../src/domain/verification.ts';
import type { CheckResult, QueuePlace, Verification } from '../../src/api/learning/contract.ts';
import { awardKey } from '../../src/domain/xp.ts';
import type { Database, Db, VerificationRunsTable } from '../db/database.ts';
import { lockTransaction, skipLocked } from '../db/dialect.ts';

export type RunRow = Selectable<VerificationRunsTable>;
type Executor = Db | Transaction<Database>;

/** Why a run was queued: a submission, a "Check again", or a record of one that is not checked. */
export type RunReason = 'submit' | 'recheck' | 'legacy' | 'self-reported';

/** What a finished run stores as its report. */
export type StoredReport = { submission: CheckResult[]; requirements: CheckResult[] };

const HOUR_MS = 3_600_000;
/** Recent runs whose durations make the estimate (their median). */
const MEASURED_RUNS = 20;
/** A worker that claimed a run in this long counts as one of the workers serving the queue. */
const WORKER_SEEN_MS = 10 * 60_000;
/** How long one reading of the queue's order serves the reports of every learner waiting (they poll). */
const SNAPSHOT_MS = 1000;

/** What asking for a check did: queued, refused until `nextAt` (a limit), or nothing (a check is live already). */
export type CheckRequest = { kind: 'queued'; id: string } | { kind: 'refused'; nextAt: string } | { kind: 'checking' };

/** The runs still to be checked or being checked: at most one per learner and project. */
const LIVE = ['queued', 'running'] as const;

/**
 * The order in which the queue will hand out the due runs, as the claim picks them one after
 * another: each pick takes the oldest run of the learner first by (a run in progress, last served),
 * and that learner is then busy and served last.
 */
/** A query over the runs as `r`, as the claim and the queue's snapshot read them. */
type RunsAsR = Database & { r: VerificationRunsTable };

/** 1 while the learner of run `r` has a run in progress at `at` (its lease not run out), else 0: the claim serves learners with none first. */
function learnerBusy(eb: ExpressionBuilder<RunsAsR, 'r'>, at: string) {
  return eb
    .case()
    .when(
      eb.exists(
        eb
          .selectFrom('verification_runs as s')
          .select('s.id')
          .whereRef('s.user_id', '=', 'r.user_id')
          .where('s.status', '=', 'running')
          .where('s.locked_until', '>=', at),
      ),
    )
    .then(1)
    .else(0)
    .end();
}

/** When the learner of run `r` was last served (the latest start of any of their runs; '' if never): the claim serves the least recent first. */
function learnerServed(eb: ExpressionBuilder<RunsAsR, 'r'>) {
  return eb.fn.coalesce(
    eb
      .selectFrom('verification_runs as s')
      .select((inner) => inner.fn.max('s.started_at').as('served'))
      .whereRef('s.user_id', '=', 'r.user_id'),
    eb.val(''),
  );
}

export function claimOrder(runs: readonly { id: string; user_id: string; run_at: string; busy: number | boolean; served: string }[]): string[] {
  const learners = new Map<string, { busy: boolean; served: string; turn: number; runs: { id: string; run_at: string }[] }>();
  for (const run of runs) {
    const learner = learners.get(run.user_id) ?? { busy: Boolean(Number(run.busy)), served: run.served, turn: 0, runs: [] };
    learner.runs.push({ id: run.id, run_at: run.run_at });
    learners.set(run.user_id, learner);
  }
  for (const learner of learners.values()) learner.runs.sort((a, b) => (a.run_at === b.run_at ? (a.id < b.id ? -1 : 1) : a.run_at < b.run_at ? -1 : 1));
  const order: string[] = [];
  let turn = 0;
  const before = (a: { busy: boolean; served: string; turn: number; runs: { id: string; run_at: string }[] }, b: typeof a) => {
    if (a.busy !== b.busy) return !a.busy;
    if (a.turn !== b.turn) return a.turn < b.turn;
    if (a.served !== b.served) return a.served < b.served;
    const [x, y] = [a.runs[0]!, b.runs[0]!];
    return x.run_at === y.run_at ? x.id < y.id : x.run_at < y.run_at;
  };
  for (;;) {
    let next: ReturnType<typeof learners.get>;
    for (const learner of learners.values()) if (learner.runs.length > 0 && (!next || before(learner, next))) next = learner;
    if (!next) return order;
    order.push(next.runs.shift()!.id);
    turn += 1;
    next.busy = true;
    next.turn = turn;
  }
}

/** The median of some numbers (null for none). */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** When the oldest of `limit` requests in the hour before `at` leaves that hour; null while fewer. */
function limitNextAt(times: readonly string[], limit: number, at: number): string | null {
  if (times.length < limit) return null;
  const oldest = times[times.length - limit] as string;
  const nextAt = new Date(Date.parse(oldest) + HOUR_MS).toISOString();
  return nextAt <= new Date(at).toISOString() ? null : nextAt;
}

/** The later of two times (null: none). */
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export function createVerificationQueue(db: Db) {
  const base = (values: { userId: string; projectId: string; repositoryUrl: string; liveUrl: string | null; reason: RunReason; at: string }) => ({
    id: randomUUID(),
    user_id: values.userId,
    project_id: values.projectId,
    repository_url: values.repositoryUrl,
    live_url: values.liveUrl,
    reason: values.reason,
    attempts: 0,
    run_at: values.at,
    created_at: values.at,
  });

  /** The times the learner asked for a check (submitted, or pressed "Check again") in the hour before `at`, oldest first. */
  async function checksSince(userId: string, at: number, executor: Executor = db): Promise<string[]> {
    const rows = await executor
      .selectFrom('verification_runs')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('reason', 'in', ['submit', 'recheck'])
      .where('created_at', '>', new Date(at - HOUR_MS).toISOString())
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.created_at);
  }

  /** When the learner pressed "Check again" for this project in the hour before `at`, oldest first. */
  async function rechecksSince(userId: string, projectId: string, at: number, executor: Executor = db): Promise<string[]> {
    const rows = await executor
      .selectFrom('verification_runs')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .where('reason', '=', 'recheck')
      .where('created_at', '>', new Date(at - HOUR_MS).toISOString())
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.created_at);
  }

  /** The due runs in the order the claim will take them, with the measured duration and the workers seen; read at most once a second. */
  let snapshot: { read: number; at: string; order: Map<string, number>; durationMs: number | null; workers: number } | null = null;
  async function readSnapshot(at: string) {
    const since = new Date(Date.parse(at) - WORKER_SEEN_MS).toISOString();
    const [due, recent, running] = await Promise.all([
      db
        .selectFrom('verification_runs as r')
        .select((eb) => ['r.id', 'r.user_id', 'r.run_at', learnerBusy(eb, at).as('busy'), learnerServed(eb).as('served')])
        .where('r.status', '=', 'queued')
        .where('r.run_at', '<=', at)
        .execute(),
      // Runs checked in one try from a submission or a "Check again": their start to their end.
      db
        .selectFrom('verification_runs')
        .select(['started_at', 'finished_at', 'claimed_by'])
        .where('status', '=', 'done')
        .where('reason', 'in', ['submit', 'recheck'])
        .where('attempts', '=', 1)
        .where('started_at', 'is not', null)
        .where('finished_at', 'is not', null)
        .orderBy('finished_at', 'desc')
        .limit(MEASURED_RUNS)
        .execute(),
      db.selectFrom('verification_runs').select('claimed_by').where('status', '=', 'running').where('locked_until', '>=', at).execute(),
    ]);
    const order = new Map(claimOrder(due.map((r) => ({ ...r, served: String(r.served ?? '') }))).map((id, i) => [id, i + 1]));
    const durations = recent.map((r) => Date.parse(r.finished_at as string) - Date.parse(r.started_at as string)).filter((ms) => ms >= 0);
    // Workers serving the queue: those running a run now or that finished one lately (at least one).
    const workerOf = (claim: string | null) => claim?.split(':')[0] ?? null;
    const workers = new Set(
      [...running.map((r) => workerOf(r.claimed_by)), ...recent.filter((r) => (r.finished_at as string) >= since).map((r) => workerOf(r.claimed_by))].filter(
        (w): w is string => w !== null,
      ),
    );
    return { read: performance.now(), at, order, durationMs: median(durations), workers: Math.max(1, workers.size) };
  }

  /** Marks the reading of the queue stale (this process changed the queue). */
  const changed = () => {
    snapshot = null;
  };

  return {
    /**
     * Asks for a check of a submission (in the caller's transaction, or one of its own): under a
     * per-learner lock, refused when the learner's limits are reached (a "Check again" also while a
     * check is live); else the project's live run is superseded and the new one queued.
     */
    async request(values: Parameters<typeof base>[0], tx?: Executor): Promise<CheckRequest> {
      const ask = async (executor: Executor): Promise<CheckRequest> => {
        await lockTransaction(executor, `pathforge:verification-checks:${values.userId}`);
        const at = Date.parse(values.at);
        const live = () =>
          executor
            .selectFrom('verification_runs')
            .select('id')
            .where('user_id', '=', values.userId)
            .where('project_id', '=', values.projectId)
            .where('status', 'in', LIVE)
            .executeTakeFirst();
        let nextAt = limitNextAt(await checksSince(values.userId, at, executor), CHECKS_PER_HOUR, at);
        if (values.reason === 'recheck') {
          if (await live()) return { kind: 'checking' };
          nextAt = later(nextAt, limitNextAt(await rechecksSince(values.userId, values.projectId, at, executor), RECHECKS_PER_HOUR, at));
        }
        if (nextAt !== null) return { kind: 'refused', nextAt };
        // The newer request replaces the live one: a queued run never runs; a running one finishes unheard.
        await executor
          .updateTable('verification_runs')
          .set({ status: 'superseded', finished_at: values.at, locked_until: null })
          .where('user_id', '=', values.userId)
          .where('project_id', '=', values.projectId)
          .where('status', '=', 'queued')
          .execute();
        await executor
          .updateTable('verification_runs')
          .set({ status: 'superseded' })
          .where('user_id', '=', values.userId)
          .where('project_id', '=', values.projectId)
          .where('status', '=', 'running')
          .execute();
        const row = { ...base(values), status: 'queued' as const, state: 'checking' };
        await executor.insertInto('verification_runs').values(row).execute();
        changed();
        return { kind: 'queued', id: row.id };
      };
      return tx ? ask(tx) : db.transaction().execute(ask);
    },

    /** The run's place in the order the claim will take the due runs, and the estimate until its report; null when it is not waiting. */
    async placeOf(run: RunRow, at: number): Promise<QueuePlace | null> {
      if (run.status !== 'queued') return null;
      const iso = new Date(at).toISOString();
      if (run.run_at > iso) return null; // a retry waiting for its time: not in line yet
      if (!snapshot || snapshot.at !== iso || performance.now() - snapshot.read > SNAPSHOT_MS) snapshot = await readSnapshot(iso);
      const position = snapshot.order.get(run.id);
      if (position === undefined) return null;
      const { durationMs, workers } = snapshot;
      // Rounds of `workers` runs each, ours in the last: its own check included.
      return { position, estimateSeconds: durationMs === null ? null : Math.round((Math.ceil(position / workers) * durationMs) / 1000) };
    },

    /** Records a submission that is not checked (verification switched off): done at once. */
    async record(values: Parameters<typeof base>[0] & { state: VerificationState }, tx: Executor = db) {
      await tx
        .insertInto('verification_runs')
        .values({ ...base(values), status: 'done', state: values.state, finished_at: values.at })
        .execute();
    },

    /**
     * Claims the next due run for `token` (this claim's own id) until `leaseUntil`, counting a try.
     * Undefined when none is due.
     */
    async claim(token: string, at: string, leaseUntil: string, deadlineAt: string): Promise<RunRow | undefined> {
      // Due: queued and its time has come, or running with a lease that passed (its worker died).
      const due = (eb: ExpressionBuilder<Database, 'verification_runs'>) =>
        eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)])]);
      // Learners in turn: first those with no run in progress, then the one served least recently
      // (the latest start of any of their runs; never served first), then their oldest due run.
      const next = skipLocked(
        db,
        db
          .selectFrom('verification_runs as r')
          .select('r.id')
          .where((eb) =>
            eb.or([eb.and([eb('r.status', '=', 'queued'), eb('r.run_at', '<=', at)]), eb.and([eb('r.status', '=', 'running'), eb('r.locked_until', '<', at)])]),
          )
          .orderBy((eb) => learnerBusy(eb, at))
          .orderBy((eb) => learnerServed(eb))
          .orderBy('r.run_at')
          .orderBy('r.id')
          .limit(1),
      );
      changed();
      return (
        db
          .updateTable('verification_runs')
          .set((eb) => ({
            status: 'running',
            claimed_by: token,
            locked_until: leaseUntil,
            deadline_at: deadlineAt,
            started_at: eb.fn.coalesce('started_at', eb.val(at)),
            attempts: eb('attempts', '+', 1),
          }))
          // `=` a scalar subquery, evaluated once: with `IN`, PostgreSQL may scan the subquery again per
          // row, and SKIP LOCKED would then hand it more rows than the one claimed.
          .where('id', '=', next)
          // Checked again on the row as it is when updated: a concurrent claim that won leaves nothing here.
          .where(due)
          .returningAll()
          .executeTakeFirst()
      );
    },

    /** Ends a claimed run with its report; false when the claim is no longer this worker's. */
    async finish(
      tx: Executor,
      run: RunRow,
      fields: {
        state: VerificationState;
        at: string;
        report: StoredReport | null;
        commit: { sha: string; url: string } | null;
        repositoryId: string | null;
        /** The run claims its repository and commit (owner check passed, original). */
        claim?: boolean;
        error?: string | null;
      },
    ): Promise<boolean> {
      const updated = await tx
        .updateTable('verification_runs')
        .set({
          status: 'done',
          state: fields.state,
          finished_at: fields.at,
          locked_until: null,
          report: fields.report === null ? null : JSON.stringify(fields.report),
          commit_sha: fields.commit?.sha ?? null,
          commit_url: fields.commit?.url ?? null,
          repository_id: fields.repositoryId,
          claim: fields.claim ? 1 : 0,
          error: fields.error ?? null,
        })
        .where('id', '=', run.id)
        .where('claimed_by', '=', run.claimed_by)
        .where('status', '=', 'running')
        .returning('id')
        .execute();
      changed();
      if (updated.length > 0) return true;
      // Superseded while it ran: it ends, and its result is set aside (the newer run reports).
      await tx
        .updateTable('verification_runs')
        .set({ finished_at: fields.at, locked_until: null })
        .where('id', '=', run.id)
        .where('claimed_by', '=', run.claimed_by)
        .where('status', '=', 'superseded')
        .execute();
      return false;
    },

    /** Puts a claimed run back in the queue, due at `runAt` (a retry), keeping why it failed. */
    async requeue(run: RunRow, runAt: string, error: string | null, { countTry = true } = {}) {
      await db
        .updateTable('verification_runs')
        .set((eb) => ({
          status: 'queued',
          // Checking again (not waiting for GitHub's limit: waitForGitHub).
          state: 'checking',
          run_at: runAt,
          locked_until: null,
          claimed_by: null,
          error,
          attempts: countTry ? eb.ref('attempts') : eb('attempts', '-', 1),
        }))
        .where('id', '=', run.id)
        .where('claimed_by', '=', run.claimed_by)
        .where('status', '=', 'running')
        .execute();
    },

    async remove(run: RunRow) {
      await db.deleteFrom('verification_runs').where('id', '=', run.id).where('claimed_by', '=', run.claimed_by).execute();
    },

    /**
     * Another learner whose run claimed this repository (GitHub's id) or this commit before this
     * learner first claimed either (or, never having claimed, submitted this run): the earlier claim
     * is the original. A claim is a run that passed the owner check (or could not check it) and was
     * original (`claim` 1): a run that failed the owner check claims nothing, so submitting someone
     * else's repository first holds no one. `owner`: this learner owns the repository (owner check
     * passed), so only a claim on the commit in another repository counts, never one on their own.
     */
    async findCopy(
      run: RunRow,
      repositoryId: string,
      commitSha: string,
      owner = false,
    ): Promise<{ otherUserId: string; reason: 'same-repository' | 'same-commit' } | null> {
      const same = (eb: ExpressionBuilder<Database, 'verification_runs'>) =>
        owner
          ? eb.and([eb('commit_sha', '=', commitSha), eb('repository_id', '<>', repositoryId)])
          : eb.or([eb('repository_id', '=', repositoryId), eb('commit_sha', '=', commitSha)]);
      const mine = await db
        .selectFrom('verification_runs')
        .select((eb) => eb.fn.min('created_at').as('first'))
        .where('user_id', '=', run.user_id)
        .where('claim', '=', 1)
        .where(same)
        .executeTakeFirst();
      const first = mine?.first && String(mine.first) < run.created_at ? String(mine.first) : run.created_at;
      const other = await db
        .selectFrom('verification_runs')
        .select(['user_id', 'repository_id'])
        .where('user_id', '<>', run.user_id)
        .where('claim', '=', 1)
        .where(same)
        .where('created_at', '<', first)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      if (!other) return null;
      return { otherUserId: other.user_id, reason: !owner && other.repository_id === repositoryId ? 'same-repository' : 'same-commit' };
    },

    /**
     * Puts a claimed run back in the queue until GitHub's limit resets (`retryAt`), without counting
     * a try, keeping what it found so far: the report shows it (state `error`, each check GitHub's
     * limit stopped saying when) until the run is claimed again.
     */
    async waitForGitHub(run: RunRow, report: StoredReport, retryAt: string) {
      await db
        .updateTable('verification_runs')
        .set((eb) => ({
          status: 'queued',
          state: 'error',
          report: JSON.stringify(report),
          run_at: retryAt,
          locked_until: null,
          claimed_by: null,
          error: null,
          attempts: eb('attempts', '-', 1),
        }))
        .where('id', '=', run.id)
        .where('claimed_by', '=', run.claimed_by)
        .where('status', '=', 'running')
        .execute();
    },

    /** The learner's latest run for a project (a run still checking first when two share a time). */
    async latest(userId: string, projectId: string): Promise<RunRow | undefined> {
      return db
        .selectFrom('verification_runs')
        .selectAll()
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where('status', '<>', 'superseded')
        .orderBy('created_at', 'desc')
        .orderBy((eb) => eb.case().when('status', '=', 'done').then(1).else(0).end())
        .limit(1)
        .executeTakeFirst();
    },

    rechecksSince,
    checksSince,

    /** When the learner may ask for a check again, when CHECKS_PER_HOUR are used up at `at`; else null. */
    async limitReached(userId: string, at: number): Promise<string | null> {
      return limitNextAt(await checksSince(userId, at), CHECKS_PER_HOUR, at);
    },

    /** Whether the project's XP has been paid to the learner (verified or self-reported). */
    async xpPaid(userId: string, projectId: string): Promise<boolean> {
      const row = await db
        .selectFrom('xp_events')
        .select('id')
        .where('user_id', '=', userId)
        .where('award_key', '=', awardKey('project', projectId))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The numeric id of the learner's linked GitHub account, or null. */
    async linkedGithubId(userId: string): Promise<string | null> {
      const row = await db.selectFrom('oauth_identities').select('subject').where('user_id', '=', userId).where('provider', '=', 'github').executeTakeFirst();
      return row?.subject ?? null;
    },
  };
}

export type VerificationQueue = ReturnType<typeof createVerificationQueue>;

/** Drops the learner's runs of these projects (resetting a path): in the caller's transaction. */
export async function dropRuns(executor: Db | Transaction<Database>, userId: string, projectIds: readonly string[]): Promise<void> {
  await executor.deleteFrom('verification_runs').where('user_id', '=', userId).where('project_id', 'in', projectIds).execute();
}

/**
 * Whether "Check again" may be pressed at `at`, and from when when not: RECHECKS_PER_HOUR for the
 * project, and CHECKS_PER_HOUR for the learner (`checks`: submissions and re-checks of every project).
 */
export function recheckOf(rechecks: readonly string[], at: number, checking: boolean, checks: readonly string[] = []): Verification['recheck'] {
  if (checking) return { allowed: false, nextAt: null };
  const nextAt = later(limitNextAt(rechecks, RECHECKS_PER_HOUR, at), limitNextAt(checks, CHECKS_PER_HOUR, at));
  return nextAt === null ? { allowed: true, nextAt: null } : { allowed: false, nextAt };
}

/** Every check a run makes, each with the same status: waiting (a run still checking), or our error. */
export function reportOfAll(requirements: readonly Requirement[], outcome: { status: 'pending' | 'error'; message: string | null }): StoredReport {
  const ids = (Object.keys(SUBMISSION_CHECKS) as SubmissionCheckId[]).filter((id) => id !== 'live' || needsLiveUrl(requirements));
  const waiting = { ...outcome, evidence: null };
  return {
    submission: ids.map((id) => ({ id: `submission:${id}`, label: SUBMISSION_CHECKS[id], kind: 'submission' as const, ...waiting })),
    requirements: requirements.map((r, i) => ({ id: `requirement:${i}`, label: r.text, kind: r.check.kind, ...waiting })),
  };
}

/** A submission's report as the learning API answers it, from its latest run. */
export function verificationOf(
  run: RunRow,
  requirements: readonly Requirement[],
  facts: { rechecks: readonly string[]; checks?: readonly string[]; xpPaid: boolean; at: number; verificationOn: boolean; place?: QueuePlace | null },
): Verification {
  // Queued until GitHub's limit resets (waitForGitHub): its report so far, and when it runs again.
  const waiting = run.status === 'queued' && run.state === 'error';
  const checking = run.status !== 'done' && !waiting;
  const report: StoredReport = checking
    ? reportOfAll(requirements, { status: 'pending', message: null })
    : run.report
      ? (JSON.parse(run.report) as StoredReport)
      : { submission: [], requirements: [] };
  const recheck = waiting
    ? { allowed: false, nextAt: run.run_at }
    : facts.verificationOn
      ? recheckOf(facts.rechecks, facts.at, checking, facts.checks)
      : { allowed: false, nextAt: null };
  return {
    state: checking ? 'checking' : (run.state as VerificationState),
    commit: run.commit_sha && run.commit_url ? { sha: run.commit_sha, url: run.commit_url } : null,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
    submission: report.submission,
    requirements: report.requirements,
    recheck,
    xpPaid: facts.xpPaid,
    ...(waiting ? { retryAt: run.run_at } : {}),
    queue: checking ? (facts.place ?? null) : null,
  };
}
