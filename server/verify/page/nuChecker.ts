/**
 * The Nu Html Checker (`vnu-jar` from npm, on Java 17+) on one document: the HTML a learner's server
 * sent. One Java process per document, with a small heap, killed when it overruns.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The checker's jar: what the package exports is its path. */
const jar = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * A small heap; the quick compiler only (half the start-up time of a default JVM), which needs a
 * deeper thread stack than the checker's own minimum (512k) to evaluate the HTML schema.
 */
const JAVA_OPTIONS = ['-Xss16m', '-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];

export type NuMessage = { message: string; line: number | null; extract: string | null };

/** What the checker said: its errors (none when the document is valid), or why it could not run. */
export type NuResult = { ok: true; errors: NuMessage[] } | { ok: false; reason: string };

type RawMessage = { type: string; message?: string; lastLine?: number; firstLine?: number; extract?: string };

export async function checkHtml(html: string, options: { javaPath: string; timeoutMs: number }): Promise<NuResult> {
  const dir = await mkdtemp(join(tmpdir(), 'pathforge-vnu-'));
  const file = join(dir, 'page.html');
  try {
    await writeFile(file, html);
    const run = await runJava(
      options.javaPath,
      [...JAVA_OPTIONS, '-jar', jar, '--format', 'json', '--errors-only', '--exit-zero-always', '--stdout', file],
      options.timeoutMs,
    );
    if ('reason' in run) return { ok: false, reason: run.reason };
    let messages: RawMessage[];
    try {
      ({ messages } = JSON.parse(run.stdout) as { messages: RawMessage[] });
    } catch {
      return { ok: false, reason: 'the Nu Html Checker did not answer' };
    }
    // "non-document-error" means the checker itself could not read the document: ours, not the learner's.
    if (messages.some((m) => m.type === 'non-document-error')) return { ok: false, reason: 'the Nu Html Checker could not read the page' };
    const errors = messages
      .filter((m) => m.type === 'error')
      .map((m) => ({
        message: m.message ?? 'error',
        line: m.firstLine ?? m.lastLine ?? null,
        extract: m.extract?.replace(/\s+/g, ' ').trim().slice(0, 200) ?? null,
      }));
    return { ok: true, errors };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runJava(java: string, args: string[], timeoutMs: number): Promise<{ stdout: string } | { reason: string }> {
  return new Promise((resolve) => {
    const child = spawn(java, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ reason: error.code === 'ENOENT' ? 'Java is not installed on this server' : `Java did not start (${error.code ?? error.message})` });
    });
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' ? { reason: `the Nu Html Checker did not finish in ${Math.round(timeoutMs / 1000)} s` } : { stdout });
    });
  });
}
