#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on the prerendered pages as
 * `npm start` serves them, beside the floor (scripts/floor: one page of React 19 + react-router +
 * Chakra with only the button recipe, built by Vite and served the same way), in one run: the pages
 * take turns (floor, /, /login, … then again) so a busy moment of the machine hits them alike.
 * Prints each page's median of RUNS (score, TBT, LCP) beside the floor's, with the ratios, and the
 * JavaScript each page loads (gzip -9) against the floor's; exits 1 when a target is not met:
 *   TBT ≤ the floor's, score ≥ the floor's (every page); landing JS ≤ 1.1 × the floor's.
 * `-- /login /register` measures only those pages (with the floor). Ports: LIGHTHOUSE_PORT (app,
 * default 4280) and LIGHTHOUSE_PORT + 1 (floor).
 * Lighthouse itself comes from the npm registry on first use (pinned below), not from package.json,
 * to keep `npm ci` small for everyone who never runs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromeArgs, chromium } from '../server/verify/page/chromium.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4280);
const FLOOR_PORT = PORT + 1;
const RUNS = 5;
const requested = process.argv.slice(2).filter((a) => a.startsWith('/'));
const pages = requested.length > 0 ? requested : ['/', '/login', '/register', '/forgotPassword'];
const vite = (...args) => spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit' });

if (vite().status !== 0 || vite('--config', 'scripts/floor/vite.config.ts').status !== 0) process.exit(1);

/** The JavaScript a built page loads (gzip -9): its module scripts and preloads, and what the boot script of a prerendered page requests. */
function scriptBytes(dir, page) {
  const html = readFileSync(join(dir, page === '/' ? '' : page, 'index.html'), 'utf8');
  const urls = new Set();
  for (const [, url] of html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)) urls.add(url);
  for (const [, list] of html.matchAll(/data-app="([^"]+)"/g)) for (const url of list.split(' ')) urls.add(url);
  return [...urls].reduce((sum, url) => sum + gzipSync(readFileSync(join(dir, url)), { level: 9 }).length, 0);
}

const servers = [
  spawn(process.execPath, ['scripts/serve.mjs', 'dist'], { env: { ...process.env, PORT: String(PORT) }, stdio: 'ignore' }),
  spawn(process.execPath, ['scripts/serve.mjs', 'dist-floor'], { env: { ...process.env, PORT: String(FLOOR_PORT) }, stdio: 'ignore' }),
];
await new Promise((r) => setTimeout(r, 500));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const out = mkdtempSync(join(tmpdir(), 'pathforge-lh-'));
const flags = chromeArgs
  .filter((f) => !f.startsWith('--hide-scrollbars'))
  .concat(['--headless=new'])
  .join(' ');
const targets = [{ name: 'floor', url: `http://localhost:${FLOOR_PORT}/` }, ...pages.map((page) => ({ name: page, url: `http://localhost:${PORT}${page}` }))];
const results = new Map(targets.map((t) => [t.name, []]));

try {
  for (let i = 0; i < RUNS; i++) {
    for (const { name, url } of targets) {
      const file = join(out, `${name.replace(/\W/g, '_')}-${i}.json`);
      const run = spawnSync(
        'npx',
        [
          '-y',
          LIGHTHOUSE,
          url,
          '--quiet',
          '--only-categories=performance',
          '--form-factor=mobile',
          '--throttling-method=simulate',
          `--chrome-flags=${flags}`,
          '--output=json',
          `--output-path=${file}`,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...chromium().env, CHROME_PATH: chromium().executablePath } },
      );
      if (run.status !== 0 || !existsSync(file)) throw new Error(`lighthouse failed on ${url}`);
      const report = JSON.parse(readFileSync(file, 'utf8'));
      results.get(name).push({
        score: Math.round(report.categories.performance.score * 100),
        tbt: report.audits['total-blocking-time'].numericValue,
        lcp: report.audits['largest-contentful-paint'].numericValue,
        cls: report.audits['cumulative-layout-shift'].numericValue,
      });
      process.stderr.write('.');
    }
  }
} finally {
  for (const server of servers) server.kill();
}
process.stderr.write('\n');

const summary = new Map(
  [...results].map(([name, list]) => [name, { list, ...Object.fromEntries(['score', 'tbt', 'lcp', 'cls'].map((k) => [k, median(list.map((r) => r[k]))])) }]),
);
const floor = summary.get('floor');
const floorBytes = scriptBytes('dist-floor', '/');
const ratio = (a, b) => (b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2));
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
let failed = false;
console.log(`\nLighthouse mobile (simulated), median of ${RUNS}, pages interleaved in one run; JS gzip -9 as built`);
console.log(
  `  ${'page'.padEnd(16)}${'score'.padStart(6)}${'TBT ms'.padStart(8)}${'LCP s'.padStart(7)}${'CLS'.padStart(7)}${'JS'.padStart(11)}   vs floor: score, TBT, LCP, JS`,
);
for (const [name, m] of summary) {
  const bytes = name === 'floor' ? floorBytes : scriptBytes('dist', name);
  const row = `  ${name.padEnd(16)}${String(m.score).padStart(6)}${String(Math.round(m.tbt)).padStart(8)}${(m.lcp / 1000).toFixed(2).padStart(7)}${m.cls.toFixed(3).padStart(7)}${kib(bytes).padStart(11)}`;
  if (name === 'floor') {
    console.log(`${row}   (scores ${m.list.map((r) => r.score).join(', ')})`);
    continue;
  }
  const misses = [];
  if (m.score < floor.score) misses.push('score < floor');
  if (m.tbt > floor.tbt) misses.push('TBT > floor');
  if (name === '/' && bytes > 1.1 * floorBytes) misses.push('JS > 1.1 × floor');
  if (m.cls > 0) misses.push('CLS > 0');
  if (misses.length > 0) failed = true;
  console.log(
    `${row}   ${ratio(m.score, floor.score)}, ${ratio(m.tbt, floor.tbt)}, ${ratio(m.lcp, floor.lcp)}, ${ratio(bytes, floorBytes)}  ` +
      `${misses.length === 0 ? '✔ met' : `✘ not met: ${misses.join(', ')}`}   (scores ${m.list.map((r) => r.score).join(', ')}; TBT ${m.list.map((r) => Math.round(r.tbt)).join(', ')})`,
  );
}
process.exit(failed ? 1 : 0);
