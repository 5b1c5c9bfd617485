#!/usr/bin/env node
/**
 * Every page is valid HTML, checked by the Nu Html Checker (`vnu-jar` from npm, run on Java 17+).
 *
 * Reads the documents e2e/html.spec.ts wrote into test-results/html/ (the served HTML of every
 * prerendered page, the rendered DOM of every screen of the route table), checks them all in one
 * run of the checker, prints each document's errors and warnings, and fails when any document has
 * an error. Nothing is filtered: every error counts. Warnings are printed and do not fail.
 *
 * Usage: node scripts/check-html.mjs [dir] (default test-results/html). `npm run test:html` runs the
 * spec first. Writes test-results/html-check.json ({ passed, failed }: documents) for `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = resolve(process.argv[2] ?? 'test-results/html');
const report = resolve('test-results/html-check.json');
/** The checker's jar: what the package exports is its path. */
const jar = String(createRequire(import.meta.url)('vnu-jar'));
mkdirSync(dirname(report), { recursive: true });

function fail(message) {
  console.error(`✘ ${message}`);
  writeFileSync(report, JSON.stringify({ passed: 0, failed: 0 }));
  process.exit(1);
}

const documents = existsSync(dir)
  ? readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
  : [];
if (documents.length === 0) fail(`no documents in ${relative('.', dir)}: run the end-to-end spec that writes them first (npx playwright test e2e/html.spec.ts)`);

const started = Date.now();
const run = spawnSync('java', ['-jar', jar, '--format', 'json', '--skip-info-messages', '--exit-zero-always', '--stdout', ...documents], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) fail(`could not run java (${run.error.message}): the Nu Html Checker needs Java 17 or newer on PATH`);
let messages;
try {
  ({ messages } = JSON.parse(run.stdout));
} catch {
  fail(`the checker did not answer in JSON (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
}

/** @type {Map<string, { errors: any[]; warnings: any[] }>} */
const byDocument = new Map(documents.map((file) => [file, { errors: [], warnings: [] }]));
for (const message of messages) {
  const file = message.url ? fileURLToPath(message.url) : '(checker)';
  const entry = byDocument.get(file) ?? { errors: [], warnings: [] };
  byDocument.set(file, entry);
  // "error" and "non-document-error" (the checker could not read it) fail; "info" with subType "warning" does not.
  (message.type === 'info' ? entry.warnings : entry.errors).push(message);
}

const where = (m) => (m.lastLine ? `${m.firstLine ?? m.lastLine}:${m.firstColumn ?? m.lastColumn}` : '');
const excerpt = (m) => (m.extract ? `\n        ${m.extract.replace(/\s+/g, ' ').trim().slice(0, 200)}` : '');
let passed = 0;
let failed = 0;
for (const [file, { errors, warnings }] of byDocument) {
  const name = relative(dir, file);
  if (errors.length === 0) passed += 1;
  else failed += 1;
  console.log(
    `${errors.length === 0 ? '✔' : '✘'} ${name}${errors.length ? `: ${errors.length} error(s)` : ''}${warnings.length ? `, ${warnings.length} warning(s)` : ''}`,
  );
  for (const m of errors) console.log(`    error ${where(m)} ${m.message}${excerpt(m)}`);
  for (const m of warnings) console.log(`    warning ${where(m)} ${m.message}${excerpt(m)}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `\n${documents.length} documents checked by the Nu Html Checker ${messages.length ? '' : '(no message) '}in ${seconds} s: ${passed} valid, ${failed} with errors`,
);
writeFileSync(report, JSON.stringify({ passed, failed }));
process.exit(failed === 0 ? 0 : 1);
