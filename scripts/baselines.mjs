#!/usr/bin/env node
/**
 * The committed screenshot baselines (`__screenshots__/` beside each story file), kept small and
 * without leftovers:
 *
 *   node scripts/baselines.mjs update [story files…]
 *       npm run screenshots:update: runs the stories (all, or the files named) with
 *       `--update=all`, so a baseline whose pixels changed is rewritten; then, if every story
 *       passed, deletes the baselines of those story files that no story took (a story renamed or
 *       removed, a mode dropped), compresses every new or changed baseline losslessly, and copies
 *       the landing page's overview images again.
 *   node scripts/baselines.mjs check
 *       After a run of every story (npm test): fails when a committed baseline was not taken by
 *       any story, or was not compressed.
 *   node scripts/baselines.mjs compress [--all] [files…]
 *       Compresses the PNGs named, or the baselines git sees as new or changed (`--all`: every one),
 *       and copies the overview images again.
 *
 * Which baselines a run took: `.storybook/vitest.setup.ts` reports each one through the
 * `recordBaseline` browser command (vitest.config.ts), which appends its path to
 * test-results/baselines-taken.txt.
 *
 * Compression is oxipng (Rust, built to WebAssembly: @jsquash/oxipng) at level 2: it rewrites the
 * PNG's filters and deflate stream and reduces colour types where that loses nothing, so the pixels,
 * which are what the comparison reads, stay exactly the same (22-28% smaller than Chromium's own
 * encoding). One worker per core. oxipng writes its deflate stream with the zlib header 78 DA
 * (maximum compression) and Chromium writes 78 9C, so that header tells a compressed baseline from
 * one written by the browser without compressing it again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { TAKEN_FILE as TAKEN } from '../.storybook/recordBaseline.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TAKEN_FILE = join(root, TAKEN);
const SCREENSHOTS = '__screenshots__';
const OXIPNG_LEVEL = 2;

/** Every committed (or new, not ignored) baseline, relative to the root. */
function baselineFiles() {
  const { stdout } = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', `*/${SCREENSHOTS}/*.png`], { cwd: root, encoding: 'utf8' });
  return stdout.split('\0').filter((file) => file && existsSync(join(root, file)));
}

/** Baselines git sees as new or changed. */
function changedBaselines() {
  const { stdout } = spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all', '--', `*/${SCREENSHOTS}/*.png`], { cwd: root, encoding: 'utf8' });
  return stdout
    .split('\0')
    .filter((entry) => /^( M|M |MM|\?\?|A |AM)/.test(entry))
    .map((entry) => entry.slice(3))
    .filter((file) => existsSync(join(root, file)));
}

/** Baselines taken by the last run, and the story files that ran. */
function taken() {
  const lines = existsSync(TAKEN_FILE) ? readFileSync(TAKEN_FILE, 'utf8').split('\n').filter(Boolean) : [];
  const files = new Set(lines.map((line) => relative(root, line)));
  const storyDirs = new Set([...files].map((file) => dirname(file)));
  return { files, storyDirs };
}

/** Baselines under the story files that ran (or whose story file is gone) that no story took. */
function untaken({ all }) {
  const { files, storyDirs } = taken();
  return baselineFiles().filter((file) => {
    if (files.has(file)) return false;
    // <folder>/__screenshots__/<story file>/<name>.png belongs to <folder>/<story file>.
    const storyFile = join(dirname(dirname(dirname(file))), basename(dirname(file)));
    return all || storyDirs.has(dirname(file)) || !existsSync(join(root, storyFile));
  });
}

/** Whether the PNG's image data carries oxipng's zlib header (its first IDAT chunk starts 78 DA). */
function isCompressed(png) {
  // After the 8-byte signature, each chunk is: length (4 bytes), type (4), data (length), CRC (4).
  for (let at = 8; at + 8 <= png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') return png[at + 8] === 0x78 && png[at + 9] === 0xda;
  }
  return false;
}

/** Compresses the files in place on one worker per core; returns [bytes before, bytes after]. */
async function compress(files) {
  if (files.length === 0) return [0, 0];
  const workers = Math.min(availableParallelism(), files.length);
  const queue = [...files];
  let before = 0;
  let after = 0;
  await Promise.all(
    Array.from({ length: workers }, () => {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { root } });
      return new Promise((resolve, reject) => {
        const next = () => {
          const file = queue.shift();
          if (file === undefined) {
            worker.terminate().then(resolve, reject);
            return;
          }
          worker.postMessage(file);
        };
        worker.on('message', (result) => {
          before += result.before;
          after += result.after;
          next();
        });
        worker.on('error', reject);
        next();
      });
    }),
  );
  return [before, after];
}

/**
 * A worker: compresses each file it is sent. It writes oxipng's output when that is smaller, or when
 * the file was not compressed before (so that `check` accepts it even in the rare case where
 * oxipng cannot beat the browser's bytes).
 */
async function workerMain() {
  const { default: optimise, init } = await import('@jsquash/oxipng/optimise.js');
  const wasm = readFileSync(join(workerData.root, 'node_modules/@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm'));
  await init(await WebAssembly.compile(wasm));
  parentPort.on('message', async (file) => {
    const path = join(workerData.root, file);
    const original = readFileSync(path);
    const smaller = Buffer.from(await optimise(original, { level: OXIPNG_LEVEL }));
    const write = smaller.length < original.length || !isCompressed(original);
    if (write) writeFileSync(path, smaller);
    parentPort.postMessage({ before: original.length, after: write ? smaller.length : original.length });
  });
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Compresses the files, then copies the landing page's overview images again: each must stay byte-equal to its baseline. */
async function compressAndReport(files) {
  const [before, after] = await compress(files);
  if (files.length > 0) console.log(`baselines: compressed ${files.length} file(s): ${mb(before)} → ${mb(after)}`);
  spawnSync(process.execPath, [join(root, 'scripts/overview-images.mjs')], { cwd: root, stdio: 'inherit' });
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'update') {
    rmSync(TAKEN_FILE, { force: true });
    const vitest = join(root, 'node_modules/vitest/vitest.mjs');
    const { status } = spawnSync(process.execPath, [vitest, 'run', '--project', 'storybook', '--update=all', ...args], { cwd: root, stdio: 'inherit' });
    if (status !== 0) {
      console.error('baselines: some stories failed, so no baseline was deleted or compressed; fix them and run again.');
      process.exit(status ?? 1);
    }
    for (const file of untaken({ all: false })) {
      unlinkSync(join(root, file));
      console.log(`baselines: deleted ${file} (no story takes it any more)`);
    }
    await compressAndReport(changedBaselines());
  } else if (command === 'check') {
    const list = (files) => files.map((file) => `  ${file}`).join('\n');
    const baselines = baselineFiles();
    const uncompressed = baselines.filter((file) => !isCompressed(readFileSync(join(root, file))));
    const leftovers = untaken({ all: true });
    const problems = [
      ...(uncompressed.length > 0
        ? [`${uncompressed.length} baseline(s) not compressed (node scripts/baselines.mjs compress compresses them):\n${list(uncompressed)}`]
        : []),
      ...(!existsSync(TAKEN_FILE)
        ? [`${relative(root, TAKEN_FILE)} is missing: run every story first (npm run test:stories).`]
        : leftovers.length > 0
          ? [`${leftovers.length} committed baseline(s) no story took (npm run screenshots:update deletes them):\n${list(leftovers)}`]
          : []),
    ];
    for (const problem of problems) console.error(`baselines: ${problem}`);
    if (problems.length > 0) process.exit(1);
    console.log(`baselines: all ${baselines.length} committed baselines are compressed and were taken by a story.`);
  } else if (command === 'compress') {
    const files = args.includes('--all') ? baselineFiles() : args.length > 0 ? args.map((file) => relative(root, file)) : changedBaselines();
    await compressAndReport(files);
  } else {
    console.error('usage: node scripts/baselines.mjs update [story files…] | check | compress [--all] [files…]');
    process.exit(2);
  }
}

if (isMainThread) await main();
else await workerMain();
