/**
 * The durable queue of verification runs (table `verification_runs`) and the reports read from it.
 *
 * A run is queued in the transaction that records the submission (or the "Check again"), so a
 * submission is never without its run, and nothing is lost across a restart. A worker claims one
 * run with a single `UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING *` (on PostgreSQL the
 * subquery takes `FOR UPDATE SKIP LOCKED`), setting its lease (`locked_until`) and a claim token
 * of its own (`claimed_by`): a run whose lease passed (its worker died) is claimed again, and only
 * the holder of the current claim may finish it, so a run is never finished twice.
 */
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import {
  needsLiveUrl,
  RECHECKS_PER_HOUR,
  SUBMISSION_CHECKS,
  type CheckResult,
  type Requirement,
  type SubmissionCheckId,
  type Verification,
  type VerificationState,
} from '../../src/domain/verification.ts';
import { awardKey } from '../../src/domain/xp.ts';
import type { Database, Db, VerificationRunsTable } from '../db/database.ts';
import { skipLocked } from '../db/dialect.ts';

export type RunRow = Selectable<VerificationRunsTable>;
type Executor = Db | Transaction<Database>;

/** Why a run was queued: a submission, a "Check again", or a record of one that is not checked. */
export type RunReason = 'submit' | 'recheck' | 'legacy' | 'self-reported';

/** What a finished run stores as its report. */
export type StoredReport = { submission: CheckResult[]; requirements: CheckResult[] };

const HOUR_MS = 3_600_000;

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

  return {
    /** Queues a check of a submission, inside the caller's transaction. */
    async enqueue(values: Parameters<typeof base>[0], tx: Executor = db): Promise<string> {
      const row = { ...base(values), status: 'queued' as const, state: 'checking' };
      await tx.insertInto('verification_runs').values(row).execute();
      return row.id;
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
      const next = skipLocked(db, db.selectFrom('verification_runs').select('id').where(due).orderBy('run_at').limit(1));
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
      return updated.length > 0;
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
        .orderBy('created_at', 'desc')
        .orderBy((eb) => eb.case().when('status', '=', 'done').then(1).else(0).end())
        .limit(1)
        .executeTakeFirst();
    },

    /** When the learner pressed "Check again" for this project in the hour before `at`, oldest first. */
    async rechecksSince(userId: string, projectId: string, at: number): Promise<string[]> {
      const rows = await db
        .selectFrom('verification_runs')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where('reason', '=', 'recheck')
        .where('created_at', '>', new Date(at - HOUR_MS).toISOString())
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.created_at);
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

/** Whether "Check again" may be pressed at `at`, and from when when not. */
export function recheckOf(rechecks: readonly string[], at: number, checking: boolean): Verification['recheck'] {
  if (checking) return { allowed: false, nextAt: null };
  if (rechecks.length < RECHECKS_PER_HOUR) return { allowed: true, nextAt: null };
  const oldest = rechecks[rechecks.length - RECHECKS_PER_HOUR] as string;
  const nextAt = new Date(Date.parse(oldest) + HOUR_MS).toISOString();
  return nextAt <= new Date(at).toISOString() ? { allowed: true, nextAt: null } : { allowed: false, nextAt };
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
  facts: { rechecks: readonly string[]; xpPaid: boolean; at: number; verificationOn: boolean },
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
      ? recheckOf(facts.rechecks, facts.at, checking)
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
  };
}
