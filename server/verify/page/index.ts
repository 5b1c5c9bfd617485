/**
 * The page checker: every page check of one submission runs in one child process (worker.ts), which
 * drives the pinned Chromium behind the guarded proxy. The API only waits for its answers, so a
 * hostile page cannot hang or bloat it: the child and everything it started (the browser's
 * processes, the Nu checker's Java) are killed at the run's deadline, when the caller's signal
 * fires, or when together they hold more than the memory cap. Checks finished before a kill keep
 * their outcome; the others are answered `error` with the reason.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CHECK_TIMEOUT_SECONDS, verificationMessages, type PageCheck } from '../../../src/domain/verification.ts';
import type { CheckOutcome, PageChecker } from '../contract.ts';
import { killTree, processTree, treeMemory } from './processTree.ts';
import type { Job, WorkerMessage } from './worker.ts';

export type PageCheckerOptions = {
  /**
   * The forward proxy (http://127.0.0.1:port) through which the browser makes every request: it
   * dials only addresses the guard allows. null runs without one: tests on loopback fixtures only.
   */
  proxyUrl: string | null;
  /** The whole run's deadline (default 90 s). */
  runTimeoutMs?: number;
  /** The child's process tree may hold at most this much memory (default 1 GiB). */
  memoryLimitBytes?: number;
  /** One page load (default CHECK_TIMEOUT_SECONDS, 15 s). */
  loadTimeoutMs?: number;
  /** One step of a scripted interaction (default 5 s). */
  stepTimeoutMs?: number;
  /** Requests one page load may make (default 200). */
  maxRequestsPerPage?: number;
  /** The Java that runs the Nu Html Checker (default `java` on PATH). */
  javaPath?: string;
  /** How often the memory is read (default 200 ms; every 25 ms once the tree holds half the cap). */
  memoryPollMs?: number;
  /** Told how each run ended: for logs and the benchmark. */
  onRunEnd?: (report: PageRunReport) => void;
};

/** How a run ended: `finished` on its own, or killed for one of the other reasons. */
export type RunEnd = 'finished' | 'deadline' | 'memory' | 'aborted' | 'crashed';

export type PageRunReport = {
  ended: RunEnd;
  ms: number;
  /** The most memory the child's process tree held at once, in bytes (as sampled). */
  peakMemoryBytes: number;
  /** Every process of the tree seen during the run. */
  pids: number[];
};

const GiB = 1024 ** 3;
const workerPath = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** "1 GB", "512 MB": how a memory cap reads in a message. */
function describeBytes(bytes: number): string {
  return bytes >= GiB && bytes % GiB === 0 ? `${bytes / GiB} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

export function createPageChecker(options: PageCheckerOptions): PageChecker {
  if (options.proxyUrl === null && process.env.NODE_ENV === 'production') {
    throw new Error('The page checker needs the guarded proxy in production: a browser without it could reach this machine and its network.');
  }
  const runTimeoutMs = options.runTimeoutMs ?? 90_000;
  const memoryLimitBytes = options.memoryLimitBytes ?? GiB;
  const memoryPollMs = options.memoryPollMs ?? 200;
  const session = {
    proxyUrl: options.proxyUrl,
    loadTimeoutMs: options.loadTimeoutMs ?? CHECK_TIMEOUT_SECONDS * 1000,
    stepTimeoutMs: options.stepTimeoutMs ?? 5000,
    maxRequestsPerPage: options.maxRequestsPerPage ?? 200,
    javaPath: options.javaPath ?? 'java',
  };

  const reasons: Record<Exclude<RunEnd, 'finished'>, string> = {
    deadline: verificationMessages.timedOut(Math.round(runTimeoutMs / 1000)),
    memory: `The page used more than ${describeBytes(memoryLimitBytes)} of memory.`,
    aborted: 'The check was stopped before it finished.',
    crashed: 'The page could not be checked: the browser stopped unexpectedly.',
  };

  return (liveUrl, checks, signal) =>
    new Promise<CheckOutcome[]>((resolve) => {
      const started = Date.now();
      const outcomes: (CheckOutcome | undefined)[] = checks.map(() => undefined);
      const answer = (ended: RunEnd, failure: string | null, report: Omit<PageRunReport, 'ended' | 'ms'>) => {
        const fallback = failure ?? (ended === 'finished' ? reasons.crashed : reasons[ended]);
        resolve(
          outcomes.map(
            (o, i) => o ?? { status: 'error', message: fallback, evidence: { target: checks[i]!.path, expected: null, found: null, screenshot: null, url: null } },
          ),
        );
        options.onRunEnd?.({ ended, ms: Date.now() - started, ...report });
      };
      if (checks.length === 0) return resolve([]);
      if (signal.aborted) return answer('aborted', null, { peakMemoryBytes: 0, pids: [] });

      const child = fork(workerPath, [], {
        execArgv: ['--disable-warning=ExperimentalWarning'],
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        serialization: 'json',
      });
      const pid = child.pid;
      const seen = new Set<number>();
      let peak = 0;
      let killedFor: RunEnd | null = null;
      let failure: string | null = null;
      let finished = false;

      const kill = (reason: Exclude<RunEnd, 'finished' | 'crashed'>) => {
        if (killedFor || pid === undefined) return;
        killedFor = reason;
        for (const p of killTree(pid)) seen.add(p);
      };
      let poller: NodeJS.Timeout | undefined;
      // Read more often near the cap: a page allocating fast overshoots it by what it takes between two reads.
      const watch = () => {
        if (pid === undefined || killedFor) return;
        const pids = processTree(pid);
        for (const p of pids) seen.add(p);
        const bytes = treeMemory(pids);
        peak = Math.max(peak, bytes);
        if (bytes > memoryLimitBytes) return kill('memory');
        poller = setTimeout(watch, bytes > memoryLimitBytes / 2 ? Math.min(25, memoryPollMs) : memoryPollMs);
      };
      poller = setTimeout(watch, memoryPollMs);
      const deadline = setTimeout(() => kill('deadline'), runTimeoutMs);
      const onAbort = () => kill('aborted');
      signal.addEventListener('abort', onAbort, { once: true });

      child.on('message', (message: WorkerMessage) => {
        if (message.type === 'outcome') outcomes[message.index] = message.outcome;
        else if (message.type === 'failed') failure = `The page could not be checked: the browser did not start (${message.reason}).`;
        else {
          // Every answer is in and the browser was closed: end whatever a stuck close left behind.
          finished = true;
          if (pid !== undefined) for (const p of killTree(pid)) seen.add(p);
        }
      });
      // 'close' comes after the last message the child sent (its IPC channel is closed too). The
      // child closes its browser before it exits; when it dies any other way, the browser goes with
      // the closed pipe to it, and a kill has taken the whole tree.
      child.once('close', () => {
        clearTimeout(poller);
        clearTimeout(deadline);
        signal.removeEventListener('abort', onAbort);
        answer(killedFor ?? (finished ? 'finished' : 'crashed'), killedFor ? null : failure, { peakMemoryBytes: peak, pids: [...seen] });
      });
      child.once('error', () => {
        failure = 'The page could not be checked: the checker did not start.';
      });
      const job: Job = { liveUrl, checks: checks as PageCheck[], session };
      child.send(job);
    });
}
