#!/usr/bin/env node
/**
 * `npm run size`: builds the app and prints the gzip size of
 *  - the JavaScript the landing page loads before it is interactive (entry + landing route, with
 *    every chunk they import statically), budget 143 KiB (so that, with the boot script, it stays
 *    within 1.1 × the floor's: docs/PERFORMANCE.md), and the prerendered pages' boot script before
 *    it, budget 1 KiB;
 *  - every lazy route chunk on its own (the code that route adds), budget 30 KiB each;
 *  - every page prerendered at build time (its HTML with the styles inlined: all a first paint
 *    needs besides the font), budget 30 KiB each.
 * It also fails when any production chunk contains Mock Service Worker code: mocks are for
 * stories and tests only. Exits non-zero when a budget is exceeded. `--no-build` measures the
 * existing dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

const KiB = 1024;
const LANDING_BUDGET = 143 * KiB;
const BOOT_BUDGET = 1 * KiB;
const ROUTE_BUDGET = 30 * KiB;
const PAGE_BUDGET = 30 * KiB;

if (!process.argv.includes('--no-build')) {
  const { status } = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const gz = (file) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length;
const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

/** Every chunk a manifest entry loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const landingKey = Object.keys(manifest).find((k) => k.endsWith('src/routes/landing.route.tsx'));
if (!manifest['index.html'] || !landingKey) {
  console.error('size: the manifest has no index.html or landing route entry');
  process.exit(1);
}
const landingChunks = new Set([...staticClosure('index.html'), ...staticClosure(landingKey)]);
const landing = [...landingChunks].reduce((sum, key) => sum + gz(manifest[key].file), 0);

let over = false;
const rows = [];
rows.push(['landing page (initial JS)', landing, LANDING_BUDGET]);
// A prerendered page first loads its boot script (src/delivery/boot.ts: it keeps early clicks), which then
// requests the entry and the route: budgeted on its own (it was inline in the pages' HTML before).
if (manifest['src/delivery/boot.ts']) rows.push(['boot script (prerendered pages)', gz(manifest['src/delivery/boot.ts'].file), BOOT_BUDGET]);
const routeKeys = Object.keys(manifest)
  .filter((k) => /src\/routes\/.+\.(route|layout)\.tsx$/.test(k))
  .sort();
for (const key of routeKeys) {
  rows.push([`route ${key.replace(/^.*src\/routes\//, '')}`, gz(manifest[key].file), ROUTE_BUDGET]);
}
// The prerendered pages: index.html files that hold a page (data-prerendered), not the app shell.
const pages = readdirSync('dist', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('index.html') && readFileSync(`dist/${file}`, 'utf8').includes('data-prerendered='))
  .sort();
if (pages.length === 0) {
  console.error('size: the build has no prerendered page');
  process.exit(1);
}
for (const file of pages) rows.push([`page /${file.replace(/\/?index\.html$/, '')} (HTML + styles)`, gz(file), PAGE_BUDGET]);
// Shared chunks that routes pull in lazily (e.g. the data layer) are reported, not budgeted per route.
const shared = Object.entries(manifest).filter(([k, v]) => v.file.endsWith('.js') && !v.isEntry && !routeKeys.includes(k) && !landingChunks.has(k));
console.log('\nJavaScript and prerendered HTML, gzip level 9');
for (const [name, size, budget] of rows) {
  const ok = size <= budget;
  if (!ok) over = true;
  console.log(`  ${ok ? '✔' : '✘'} ${name.padEnd(42)} ${kib(size).padStart(10)}  (budget ${kib(budget)})`);
}
for (const [key, value] of shared) console.log(`    shared lazy chunk ${String(value.name ?? key).padEnd(24)} ${kib(gz(value.file)).padStart(10)}`);
// The mocks (src/fixtures/msw) must never reach users.
const mocked = Object.values(manifest)
  .filter((v) => v.file.endsWith('.js'))
  .filter((v) => /mockServiceWorker|\[MSW\]|msw\/browser/.test(readFileSync(`dist/${v.file}`, 'utf8')));
for (const v of mocked) console.error(`  ✘ ${v.file} contains Mock Service Worker code`);
if (mocked.length > 0) over = true;
else console.log('  ✔ no chunk contains Mock Service Worker code');
// The server sends the pre-compressed copies: they must be the very files the build wrote.
const stale = Object.values(manifest)
  .map((v) => v.file)
  .filter((file) => {
    const original = readFileSync(`dist/${file}`);
    const copies = [
      [`dist/${file}.gz`, gunzipSync],
      [`dist/${file}.br`, brotliDecompressSync],
    ].filter(([path]) => existsSync(path));
    return copies.some(([path, inflate]) => !inflate(readFileSync(path)).equals(original));
  });
for (const file of stale) console.error(`  ✘ ${file}: its .gz/.br copy differs from the file`);
if (stale.length > 0) over = true;
else console.log('  ✔ every .gz/.br copy matches its file');
if (over) {
  console.error('\nsize: over budget (or mocks in the build)');
  process.exit(1);
}
console.log('\nsize: every budget met');
