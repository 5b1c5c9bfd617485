/**
 * A process and everything it started, read from /proc (Linux): how much memory the tree holds and
 * how to end all of it at once. The page checker's child process starts Chromium, which starts its
 * own processes (zygote, renderers, GPU, network), and the Nu checker's Java: a cap that watched the
 * child alone would miss the renderer where a hostile page allocates.
 */
import { readdirSync, readFileSync } from 'node:fs';

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The direct children of a process (every thread's list: a child belongs to the thread that forked it). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const tid of tasks) {
    const list = read(`/proc/${pid}/task/${tid}/children`);
    if (list) for (const child of list.trim().split(/\s+/)) if (child) children.push(Number(child));
  }
  return children;
}

/** The process and all its descendants that are alive now, parents first. */
export function processTree(root: number): number[] {
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (tree.includes(pid) || !isAlive(pid)) continue;
    tree.push(pid);
    queue.push(...childrenOf(pid));
  }
  return tree;
}

/** Whether a process exists and is not a zombie (a killed orphan whose parent never reaps it still has an entry). */
export function isAlive(pid: number): boolean {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === null) return false;
  // "pid (comm) S …": the state follows the last ')' (a command name may contain one).
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

/**
 * The memory a process holds, in bytes: its proportional set size (shared pages split between the
 * processes sharing them, so Chromium's processes, which share one binary, are not counted several
 * times), or its resident set where the kernel gives no PSS.
 */
function memoryOf(pid: number): number {
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  const pss = rollup && /^Pss:\s+(\d+) kB/m.exec(rollup);
  if (pss) return Number(pss[1]) * 1024;
  const status = read(`/proc/${pid}/status`);
  const rss = status && /^VmRSS:\s+(\d+) kB/m.exec(status);
  return rss ? Number(rss[1]) * 1024 : 0;
}

/** The memory of every process of the list, in bytes. */
export function treeMemory(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + memoryOf(pid), 0);
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * Ends the process and all its descendants with SIGKILL. They are first stopped, so none can start
 * a new process between the listing and the kill; process groups led by one of them (Playwright
 * starts the browser in its own group) are killed whole.
 */
export function killTree(root: number): number[] {
  const first = processTree(root);
  for (const pid of first) signal(pid, 'SIGSTOP');
  const all = [...new Set([...first, ...processTree(root)])];
  for (const pid of all) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Not a group leader.
    }
    signal(pid, 'SIGKILL');
  }
  return all;
}
