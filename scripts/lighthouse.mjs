#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) three times on the landing
 * and login pages as `npm start` serves them; prints the median performance score, total blocking
 * time, LCP and CLS against the targets (score ≥ 95, CLS 0).
 * Lighthouse itself comes from the npm registry on first use (pinned below), not from package.json,
 * to keep `npm ci` small for everyone who never runs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromeArgs, chromeEnv, chromePath } from './chromium.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const PORT = 4280;
const RUNS = 3;
const requested = process.argv.slice(2).filter((a) => a.startsWith('/'));
const pages = requested.length > 0 ? requested : ['/', '/login'];

const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const server = spawn(process.execPath, ['scripts/serve.mjs', 'dist'], { env: { ...process.env, PORT: String(PORT) }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const out = mkdtempSync(join(tmpdir(), 'pathforge-lh-'));
const flags = chromeArgs.filter((f) => !f.startsWith('--hide-scrollbars')).concat(['--headless=new']).join(' ');
let failed = false;

try {
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < RUNS; i++) {
      const file = join(out, `${page.replace(/\W/g, '_')}-${i}.json`);
      const run = spawnSync(
        'npx',
        ['-y', LIGHTHOUSE, `http://localhost:${PORT}${page}`, '--quiet', '--only-categories=performance', '--form-factor=mobile',
          '--throttling-method=simulate', `--chrome-flags=${flags}`, '--output=json', `--output-path=${file}`],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...chromeEnv, CHROME_PATH: chromePath } },
      );
      if (run.status !== 0) throw new Error(`lighthouse failed on ${page}`);
      const report = JSON.parse(readFileSync(file, 'utf8'));
      results.push({
        score: Math.round(report.categories.performance.score * 100),
        tbt: report.audits['total-blocking-time'].numericValue,
        lcp: report.audits['largest-contentful-paint'].numericValue,
        cls: report.audits['cumulative-layout-shift'].numericValue,
      });
    }
    const m = {
      score: median(results.map((r) => r.score)),
      tbt: median(results.map((r) => r.tbt)),
      lcp: median(results.map((r) => r.lcp)),
      cls: median(results.map((r) => r.cls)),
    };
    const ok = m.score >= 95 && m.cls === 0;
    if (!ok) failed = true;
    console.log(
      `${ok ? '✔' : '✘'} ${page.padEnd(8)} score ${m.score}  TBT ${Math.round(m.tbt)} ms  LCP ${(m.lcp / 1000).toFixed(2)} s  CLS ${m.cls.toFixed(3)}  (median of ${RUNS}; scores ${results.map((r) => r.score).join(', ')})`,
    );
  }
} finally {
  server.kill();
}
process.exit(failed ? 1 : 0);
