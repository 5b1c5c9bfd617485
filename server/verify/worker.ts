/**
 * The verification worker: started with the app, it claims due runs from the queue (./queue.ts)
 * one at a time, runs their checks (./runner.ts) and ends each with its report; when a run passes
 * it pays the project's XP through the ledger, once (the award's key), and badges and boards follow
 * in the same transaction.
 *
 * Time limits: each run has a deadline (its try is aborted then), each check its own time limit
 * (CHECK_TIMEOUT_SECONDS), and the claim a lease a little longer than the deadline, past which
 * another worker claims the run again. Our errors (a check that could not run, a bug) are retried
 * after 30 s, then 60 s; the third try that fails ends the run as `error`, with the reason.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../../src/domain/learningViews.ts';
import { DEFAULT_TIME_ZONE, learnerDay } from '../../src/domain/streaks.ts';
import { verificationMessages } from '../../src/domain/verification.ts';
import { projectAward } from '../../src/domain/xp.ts';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import type { Ledger } from '../learning/ledger.ts';
import { CheckUnavailable, type GuardedFetch, type HttpChecker, type PageChecker, type RepoHost } from './contract.ts';
import { reportOfAll, type RunRow, type VerificationQueue } from './queue.ts';
import { runChecks, type RunOutcome } from './runner.ts';

/** The parts that reach outside, given to the app (built from config where the app is started). */
export type VerificationParts = { repoHost: RepoHost; guardedFetch: GuardedFetch; httpChecker: HttpChecker; pageChecker: PageChecker };

/** Tries of one run (the first and two retries). */
export const MAX_TRIES = 3;
/** The wait before the second and the third try. */
export const RETRY_DELAYS_MS = [30_000, 60_000] as const;
/** How long one try of a run may take. */
export const RUN_DEADLINE_MS = 120_000;
/** How long a claim holds: past it, the run is claimed again (its worker is taken for dead). */
export const LEASE_MS = RUN_DEADLINE_MS + 30_000;
/** How often an idle worker looks for due runs. */
export const POLL_INTERVAL_MS = 2_000;

export const workerMessages = {
  stoppedRepeatedly: 'The check stopped before finishing three times. Check again later.',
  bug: 'Something went wrong on our side while checking.',
  retired: 'This project is no longer in the curriculum.',
} as const;

export type WorkerOptions = {
  db: Db;
  queue: VerificationQueue;
  ledger: Ledger;
  catalog: () => Promise<Catalog>;
  parts: VerificationParts;
  githubSignIn: boolean;
  now: () => number;
  log: FastifyBaseLogger;
  /** Default POLL_INTERVAL_MS. */
  intervalMs?: number;
  /** Default RUN_DEADLINE_MS. */
  runDeadlineMs?: number;
  /** Default LEASE_MS. */
  leaseMs?: number;
  /** Default CHECK_TIMEOUT_SECONDS × 1000. */
  checkTimeoutMs?: number;
};

export function createVerificationWorker(options: WorkerOptions) {
  const { db, queue, ledger, parts, now, log } = options;
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const runDeadlineMs = options.runDeadlineMs ?? RUN_DEADLINE_MS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const workerId = randomUUID().slice(0, 8);
  const iso = (ms: number) => new Date(ms).toISOString();
  let timer: ReturnType<typeof setInterval> | undefined;
  let busy: Promise<void> | null = null;
  let stopping = false;
  /** Aborts the try in progress when the app closes. */
  const shutdown = new AbortController();

  async function momentOf(userId: string, at: string) {
    const clock = await ledger.clockOf(userId);
    return { at, localDay: learnerDay(at, clock?.time_zone ?? DEFAULT_TIME_ZONE, clock?.day_floor ?? null) };
  }

  /** Ends the run with its outcome; pays the project's XP when it passed; holds a copy for review. */
  async function finish(run: RunRow, outcome: RunOutcome | null, error: string | null) {
    const at = iso(now());
    const catalog = await options.catalog();
    const project = catalog.projects.find((p) => p.id === run.project_id);
    const moment = await momentOf(run.user_id, at);
    await db.transaction().execute(async (tx) => {
      const ended = await queue.finish(tx, run, {
        state: outcome?.state ?? 'error',
        at,
        // Without results (our error every time): every check says it could not run, and why.
        report: outcome
          ? { submission: outcome.submission, requirements: outcome.requirements }
          : reportOfAll(project?.requirements ?? [], { status: 'error', message: error ?? workerMessages.bug }),
        commit: outcome?.commit ?? null,
        repositoryId: outcome?.repositoryId ?? null,
        claim: outcome?.claim ?? false,
        error,
      });
      if (!ended) return; // another worker claimed it again meanwhile: its report stands
      if (outcome?.state === 'held' && outcome.copy) {
        await tx
          .insertInto('submission_reviews')
          .values({
            id: randomUUID(),
            run_id: run.id,
            user_id: run.user_id,
            project_id: run.project_id,
            reason: outcome.copy.reason,
            other_user_id: outcome.copy.otherUserId,
            created_at: at,
            resolved_at: null,
          })
          .execute();
      }
      if (outcome?.state === 'passed' && project) {
        // Paid once: a later passing run (or a project paid before verification) finds the award there.
        await ledger.award(tx, run.user_id, { ...projectAward(project), pathId: project.pathId }, moment);
        await ledger.settleBadges(tx, run.user_id, moment);
      }
    });
  }

  /** A try that could not finish: again later, or, after the last try, the run ends as `error`. */
  async function retryOrEnd(run: RunRow, outcome: RunOutcome | null, error: string) {
    if (run.attempts >= MAX_TRIES) {
      await finish(run, outcome && { ...outcome, state: 'error' }, error);
      return;
    }
    const delay = RETRY_DELAYS_MS[Math.min(run.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
    await queue.requeue(run, iso(now() + delay), error);
  }

  async function process(run: RunRow) {
    if (run.attempts > MAX_TRIES) {
      await finish(run, null, workerMessages.stoppedRepeatedly);
      return;
    }
    const catalog = await options.catalog();
    const project = catalog.projects.find((p) => p.id === run.project_id);
    const progress = await db
      .selectFrom('project_progress')
      .select('started_at')
      .where('user_id', '=', run.user_id)
      .where('project_id', '=', run.project_id)
      .executeTakeFirst();
    if (!progress) {
      // The learner reset the path (or left): nothing is left to report on.
      await queue.remove(run);
      return;
    }
    if (!project) {
      await finish(run, null, workerMessages.retired);
      return;
    }
    const deadline = AbortSignal.timeout(runDeadlineMs);
    const signal = AbortSignal.any([deadline, shutdown.signal]);
    let outcome: RunOutcome;
    try {
      outcome = await runChecks(
        {
          repositoryUrl: run.repository_url,
          liveUrl: run.live_url,
          requirements: project.requirements,
          startedAt: progress.started_at,
          linkedGithubId: await queue.linkedGithubId(run.user_id),
          timeZone: (await ledger.clockOf(run.user_id))?.time_zone ?? DEFAULT_TIME_ZONE,
        },
        {
          ...parts,
          githubSignIn: options.githubSignIn,
          findCopy: (repositoryId, commitSha, owner) => queue.findCopy(run, repositoryId, commitSha, owner),
          ...(options.checkTimeoutMs === undefined ? {} : { checkTimeoutMs: options.checkTimeoutMs }),
        },
        signal,
      );
    } catch (error) {
      if (shutdown.signal.aborted) {
        // The app is closing: the run goes back to the queue as it was, for the next worker.
        await queue.requeue(run, iso(now()), null, { countTry: false });
        return;
      }
      const message = deadline.aborted
        ? verificationMessages.timedOut(Math.round(runDeadlineMs / 1000))
        : error instanceof CheckUnavailable
          ? error.message
          : workerMessages.bug;
      if (!(error instanceof CheckUnavailable) && !deadline.aborted) log.error({ err: error, run: run.id }, 'verification run failed');
      await retryOrEnd(run, null, message);
      return;
    }
    if (outcome.state === 'error' && outcome.retryAt !== null) {
      // GitHub's limit is used up: not the learner's fault, and no try counted; again once it resets.
      await queue.waitForGitHub(run, { submission: outcome.submission, requirements: outcome.requirements }, outcome.retryAt);
      return;
    }
    if (outcome.state === 'error') {
      const reason = [...outcome.submission, ...outcome.requirements].find((r) => r.status === 'error')?.message ?? workerMessages.bug;
      await retryOrEnd(run, outcome, reason);
      return;
    }
    await finish(run, outcome, null);
  }

  /** Claims and runs one due run; false when none is due. */
  async function runOne(): Promise<boolean> {
    const at = now();
    const token = `${workerId}:${randomUUID()}`;
    const run = await queue.claim(token, iso(at), iso(at + leaseMs), iso(at + runDeadlineMs));
    if (!run) return false;
    await process(run);
    return true;
  }

  /** Runs every due run, one after another, until none is due (or the app closes). */
  async function drain(): Promise<void> {
    while (busy) await busy.catch(() => {});
    busy = (async () => {
      while (!stopping && (await runOne()));
    })().finally(() => {
      busy = null;
    });
    await busy;
  }

  const tick = () => {
    if (busy || stopping) return;
    drain().catch((error: unknown) => log.error({ err: error }, 'verification worker failed'));
  };

  return {
    workerId,
    start() {
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    /** Looks for due runs now (after a submission) instead of at the next interval. */
    wake: tick,
    drain,
    /** Claims one run and runs it (tests). */
    runOne,
    async stop() {
      stopping = true;
      clearInterval(timer);
      shutdown.abort();
      await busy?.catch(() => {});
    },
  };
}

/** A deleted learner is no longer named in the copies held for review: in the deletion's transaction. */
export async function forgetReviewer(executor: Db | Transaction<Database>, userId: string): Promise<void> {
  await executor.updateTable('submission_reviews').set({ other_user_id: null }).where('other_user_id', '=', userId).execute();
}

export type VerificationWorker = ReturnType<typeof createVerificationWorker>;

/**
 * The parts until this build has its own: every check that needs one is reported as "couldn't
 * check", never as passed. Replaced by the real GitHub host, guarded fetch, HTTP and page checkers
 * where the app is built.
 */
export const UNAVAILABLE_PARTS: VerificationParts = (() => {
  const unavailable = (): never => {
    throw new CheckUnavailable('not available in this build');
  };
  return {
    repoHost: {
      repository: async () => unavailable(),
      headCommit: async () => unavailable(),
      fileAt: async () => unavailable(),
      readmeAt: async () => unavailable(),
      commitsSince: async () => unavailable(),
      latestWorkflowRun: async () => unavailable(),
    },
    guardedFetch: async () => unavailable(),
    httpChecker: async () => unavailable(),
    pageChecker: async () => unavailable(),
  };
})();
