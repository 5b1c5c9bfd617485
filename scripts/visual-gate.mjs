#!/usr/bin/env node
/**
 * `npm run test:visual-gate`: proves the screenshot comparison is strict enough to catch small,
 * deliberate changes, so nobody can loosen it without CI noticing.
 *
 * Copies the project (as it is in the working tree, node_modules linked) to a temporary folder,
 * runs two small fixed sets of stories unmutated (they must pass): the sign-in screen and an app
 * screen. Then it applies each mutation below on its own, runs its set against the committed
 * baselines (CI=true: nothing is written), and fails unless every mutation fails at least one story in each colour mode it must be seen in.
 * KEEP_GATE_COPY=1 keeps the copy (in .visual-gate/) for a look afterwards.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The stories a mutation is run against: the sign-in screen shows the brand colours, the card and
 * its type; the dashboard is an app screen, compared at its own size in light and dark only.
 */
const SUITES = {
  'sign-in': { file: 'src/screens/Login/LoginScreen.stories.tsx', stories: ['Empty form', 'Invalid Email'] },
  app: { file: 'src/screens/Dashboard/DashboardScreen.stories.tsx', stories: ['Learner mid-way'] },
};

/**
 * Each mutation is one exact replacement in the product's code, the modes that must catch it, and
 * the suite it is run against (the sign-in screen unless it says otherwise).
 */
const MUTATIONS = [
  {
    name: 'token colour, light: brand.700 → the brand.600 value',
    file: 'src/theme/index.ts',
    from: "700: { value: '#4338ca' }",
    to: "700: { value: '#4f46e5' }",
    modes: ['light'],
  },
  {
    name: 'token colour, dark: brand.300 → the brand.400 value',
    file: 'src/theme/index.ts',
    from: "300: { value: '#a5b4fc' }",
    to: "300: { value: '#818cf8' }",
    modes: ['dark'],
  },
  {
    name: 'app screen, light: brand.700 → the brand.600 value',
    file: 'src/theme/index.ts',
    from: "700: { value: '#4338ca' }",
    to: "700: { value: '#4f46e5' }",
    modes: ['light'],
    suite: 'app',
  },
  {
    name: 'app screen, dark: the card surface gray.900 → gray.800',
    file: 'src/theme/index.ts',
    from: "surface: { value: { _light: 'white', _dark: '{colors.gray.900}' } }",
    to: "surface: { value: { _light: 'white', _dark: '{colors.gray.800}' } }",
    modes: ['dark'],
    suite: 'app',
  },
  {
    name: 'spacing: 1 px more under the card title',
    file: 'src/components/AuthLayout/AuthLayout.tsx',
    from: '<Stack gap="2" mb="6">',
    to: '<Stack gap="2" mb="calc(1.5rem + 1px)">',
    modes: ['light', 'dark'],
  },
  {
    name: 'border: the card border 1 px → 2 px',
    file: 'src/components/AuthLayout/AuthLayout.tsx',
    from: 'borderWidth="1px"\n            borderColor="border"\n            rounded="2xl"',
    to: 'borderWidth="2px"\n            borderColor="border"\n            rounded="2xl"',
    modes: ['light', 'dark'],
  },
  {
    name: 'font weight: the page title semibold → bold',
    file: 'src/components/AuthLayout/AuthLayout.tsx',
    from: 'size="2xl" letterSpacing="-0.02em"',
    to: 'size="2xl" fontWeight="bold" letterSpacing="-0.02em"',
    modes: ['light', 'dark'],
  },
  {
    name: 'border radius: the card 2xl → xl',
    file: 'src/components/AuthLayout/AuthLayout.tsx',
    from: 'rounded="2xl"\n            boxShadow="sm"',
    to: 'rounded="xl"\n            boxShadow="sm"',
    modes: ['light', 'dark'],
  },
  {
    name: 'hidden element: the line under the card',
    file: 'src/components/AuthLayout/AuthLayout.tsx',
    from: '<Text mt="6" textAlign="center" color="fg.muted">',
    to: '<Text mt="6" textAlign="center" color="fg.muted" visibility="hidden">',
    modes: ['light', 'dark'],
  },
];

const root = process.cwd();
// Inside the project (ignored by git and lint): hard links need the same file system.
mkdirSync(join(root, '.visual-gate'), { recursive: true });
const work = mkdtempSync(join(root, '.visual-gate', 'copy-'));
const started = Date.now();

/** The working tree as git sees it (tracked and new, not ignored), and node_modules linked. */
function copyProject() {
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .stdout.split('\0')
    .filter((f) => f && existsSync(join(root, f)));
  for (const file of files) {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    cpSync(join(root, file), join(work, file));
  }
  // node_modules as hard links (seconds, no space): Vite would refuse to serve files behind a
  // symlink out of the copy. Vite's and Vitest's caches are left out, so they stay the copy's own.
  mkdirSync(join(work, 'node_modules'));
  const entries = readdirSync(join(root, 'node_modules')).filter((entry) => entry !== '.vite' && entry !== '.vitest');
  const link = spawnSync('cp', ['-al', ...entries.map((entry) => join(root, 'node_modules', entry)), join(work, 'node_modules')]);
  if (link.status !== 0) throw new Error(`could not link node_modules into the copy: ${link.stderr}`);
}

/**
 * Runs suites' stories in the copy, in one Vitest run; returns, per suite, the stories that ran,
 * those that failed, and the modes whose screenshots differed.
 */
function runStories(label, suites) {
  const report = join(work, 'test-results', 'visual-gate.json');
  rmSync(report, { force: true });
  // Vitest matches -t against the full name (the file's suite, then the story).
  const stories = suites.flatMap((suite) => suite.stories);
  const pattern = `(^| )(${stories.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'storybook',
      ...suites.map((suite) => suite.file),
      '-t',
      pattern,
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: work, env: { ...process.env, CI: 'true' }, encoding: 'utf8' },
  );
  if (!existsSync(report)) {
    console.error(run.stdout, run.stderr);
    throw new Error(`${label}: the story run produced no report`);
  }
  const results = JSON.parse(readFileSync(report, 'utf8'));
  return suites.map(({ file }) => {
    const tests = results.testResults
      .filter((result) => result.name.endsWith(file))
      .flatMap((result) => result.assertionResults)
      .filter((t) => t.status !== 'skipped' && t.status !== 'pending');
    if (tests.length === 0) console.error(`${label}: no story of ${file} ran\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`);
    const failed = tests.filter((t) => t.status === 'failed');
    const modes = new Set();
    for (const test of failed) {
      for (const message of test.failureMessages) {
        for (const match of message.matchAll(/^● \S+ \(([\w-]+)\): /gm)) modes.add(match[1].replace(/^phone-/, ''));
      }
    }
    return { ran: tests.length, failed, modes };
  });
}

let ok = true;
try {
  copyProject();
  console.log(
    `Visual gate, in a copy at ${work}:\n${Object.entries(SUITES)
      .map(([name, suite]) => `  ${name}: ${suite.stories.join(', ')} (${suite.file})`)
      .join('\n')}\n`,
  );

  // Both suites unmutated in one run.
  const unmutated = runStories('unmutated', Object.values(SUITES));
  for (const [index, [name, suite]] of Object.entries(SUITES).entries()) {
    const clean = unmutated[index];
    const cleanOk = clean.ran === suite.stories.length && clean.failed.length === 0;
    console.log(`${cleanOk ? '✔' : '✘'} unmutated copy, ${name}: ${clean.ran} stories ran, ${clean.failed.length} failed (must be 0)`);
    if (!cleanOk) {
      ok = false;
      for (const t of clean.failed) console.log(`    ${t.title}: ${t.failureMessages.join('\n').slice(0, 2000)}`);
    }
  }

  for (const mutation of MUTATIONS) {
    const path = join(work, mutation.file);
    const source = readFileSync(path, 'utf8');
    if (source.split(mutation.from).length !== 2) {
      ok = false;
      console.log(`✘ ${mutation.name}: "${mutation.from}" is not in ${mutation.file} exactly once; update the mutation`);
      continue;
    }
    writeFileSync(path, source.replace(mutation.from, mutation.to));
    const [result] = runStories(mutation.name, [SUITES[mutation.suite ?? 'sign-in']]);
    writeFileSync(path, source);
    const missed = mutation.modes.filter((mode) => !result.modes.has(mode));
    const caught = result.failed.length > 0 && missed.length === 0;
    if (!caught) ok = false;
    console.log(
      `${caught ? '✔' : '✘'} ${mutation.name}: caught by ${result.failed.length} of ${result.ran} stories, in ${[...result.modes].sort().join(' and ') || 'no mode'}` +
        (missed.length ? ` (missed in ${missed.join(' and ')})` : ''),
    );
  }
} finally {
  if (!process.env.KEEP_GATE_COPY) rmSync(work, { recursive: true, force: true });
}

console.log(`\n${ok ? 'The gate holds' : 'The gate is not strict enough (or the mutations no longer apply)'}: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(ok ? 0 : 1);
