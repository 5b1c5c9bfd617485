#!/usr/bin/env node
/**
 * `npm run bench:verify`: the page checker on this machine (not part of any test command).
 *
 * 1. Reference: the pinned Chromium started, one blank page loaded through the proxy, closed
 *    (in this process, no child), BENCH_RUNS times: the floor under any page check.
 * 2. One passing page's four checks (a scripted interaction, no sideways scroll at 320 and 1440 px,
 *    axe, the Nu Html Checker) by `createPageChecker`, BENCH_RUNS times: p50 and p95 from the call to
 *    the answer, and the most memory the checker's process tree held (child, browser, Java).
 * 3. Hostile pages, once each, with the production limits (15 s a load, 90 s a run, 1 GB): an
 *    endless loop, a page allocating without end, 50 MB of HTML, a redirect to 127.0.0.2: how long
 *    until the checker answered, what it answered, and whether anything reached 127.0.0.2.
 *
 * Everything is served on loopback. The browser goes through the guarded proxy
 * (server/verify/proxy.ts, allowing 127.0.0.1 only) when this checkout has it, else through the
 * stand-in proxy of the tests; the table says which. Environment: BENCH_RUNS (default 10).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { launchOptions } from '../server/verify/page/chromium.ts';
import { head, hostilePages, serveSite, standInProxy, todoPage, todoSteps } from '../server/verify/page/fixtures.ts';
import { createPageChecker } from '../server/verify/page/index.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 10));
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const privateSite = await serveSite('127.0.0.2', { '/': `${head('Private')}<body><p>private</p></body></html>` });
const site = await serveSite('127.0.0.1', {
  '/': todoPage(),
  '/blank': `${head('Blank')}<body></body></html>`,
  ...hostilePages,
  '/redirect-private': { redirect: `${privateSite.url}/` },
});

/** The guarded proxy when this checkout has it (its allowlist: the fixture site's address only). */
async function startProxy() {
  const guarded = join(root, 'server', 'verify', 'proxy.ts');
  if (existsSync(guarded)) {
    const { startGuardedProxy } = await import(guarded);
    return { proxy: await startGuardedProxy({ allow: ['127.0.0.1'] }), kind: 'guarded proxy (server/verify/proxy.ts)' };
  }
  return { proxy: await standInProxy(site.host), kind: 'stand-in proxy (fixtures.ts): server/verify/proxy.ts is not in this checkout' };
}
const { proxy, kind } = await startProxy();

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes) => `${Math.round(bytes / 1024 ** 2)} MB`;

console.log(`Page checker benchmark: ${RUNS} run(s) each, through the ${kind}.\n`);

// 1. Reference.
const reference = [];
for (let i = 0; i < RUNS; i += 1) {
  const started = Date.now();
  const browser = await chromium.launch({ ...launchOptions(), proxy: { server: proxy.url } });
  const page = await browser.newPage();
  await page.goto(`${site.url}/blank`);
  await browser.close();
  reference.push(Date.now() - started);
}

// 2. One passing page.
const reports = [];
const check = createPageChecker({ proxyUrl: proxy.url, onRunEnd: (report) => reports.push(report) });
const pageChecks = [
  { kind: 'page', rule: 'dom', path: '/', steps: todoSteps },
  { kind: 'page', rule: 'no-horizontal-scroll', path: '/' },
  { kind: 'page', rule: 'axe', path: '/' },
  { kind: 'page', rule: 'valid-html', path: '/' },
];
const passing = [];
let notPassed = 0;
for (let i = 0; i < RUNS; i += 1) {
  const started = Date.now();
  const outcomes = await check(site.url, pageChecks, AbortSignal.timeout(180_000));
  passing.push(Date.now() - started);
  for (const outcome of outcomes) {
    if (outcome.status !== 'passed') {
      notPassed += 1;
      console.log(`  run ${i + 1}: ${outcome.status}: ${outcome.message}`);
    }
  }
}
const peak = Math.max(...reports.map((r) => r.peakMemoryBytes));

// 3. Hostile pages.
const hostile = [];
for (const [label, path] of [
  ['endless loop', '/loop'],
  ['allocates without end', '/hog'],
  ['50 MB of HTML', '/big'],
  ['redirect to 127.0.0.2', '/redirect-private'],
]) {
  const before = privateSite.hits.length;
  const ran = reports.length;
  const started = Date.now();
  const [outcome] = await check(site.url, [{ kind: 'page', rule: 'dom', path, steps: [{ expect: 'p', text: 'private' }] }], AbortSignal.timeout(180_000));
  const report = reports[ran];
  hostile.push({
    label,
    ms: Date.now() - started,
    answer: `${outcome.status}: ${outcome.message ?? ''}`.slice(0, 70),
    ended: report?.ended ?? '?',
    peak: report?.peakMemoryBytes ?? 0,
    reached: privateSite.hits.length > before,
  });
}

await Promise.all([site.close(), privateSite.close(), proxy.close()]);

const rows = [
  ['reference: Chromium started, blank page loaded, closed', `p50 ${seconds(percentile(reference, 50))}`, `p95 ${seconds(percentile(reference, 95))}`, ''],
  [
    `one passing page, 4 checks (${notPassed === 0 ? 'all passed' : `${notPassed} not passed`})`,
    `p50 ${seconds(percentile(passing, 50))}`,
    `p95 ${seconds(percentile(passing, 95))}`,
    `peak ${megabytes(peak)}`,
  ],
  ...hostile.map((h) => [
    `hostile: ${h.label} → ${h.answer} [${h.ended}]${h.reached ? ' REACHED 127.0.0.2' : ''}`,
    `ended in ${seconds(h.ms)}`,
    '',
    `peak ${megabytes(h.peak)}`,
  ]),
];
const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length)));
for (const row of rows) console.log(`| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
console.log('\nTarget: a page project p95 ≤ 20 s; the checker (child + browser + Java) ≤ 1 GB; no hostile page hangs the run or reaches 127.0.0.2.');
const failed = notPassed > 0 || hostile.some((h) => h.reached || h.ms > 95_000) || percentile(passing, 95) > 20_000 || peak > 1024 ** 3;
process.exit(failed ? 1 : 0);
