import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { E2E_FAKES_CONTROL, E2E_VERIFIED_API, E2E_VERIFIED_WEB, verifiedApiEnv } from '../playwright.config';
import { loadCurriculum } from '../server/content/load.ts';
import { readReference, variantOf } from '../server/content/references.ts';
import type { FakeGitHubSeed } from '../server/test/fake-github.ts';
import { answerFromFiles, referenceRepository, repositoryUrl } from '../server/test/reference-fixtures.ts';
import { repoCheckMessages } from '../server/verify/repo-checks.ts';
import { SUBMISSION_CHECKS, verificationMessages } from '../src/domain/verification';

/**
 * Verified projects end to end: a learner signs in with GitHub, builds the Personal
 * Portfolio (its reference solution, content/projects/personal-portfolio/reference/, served here
 * on 127.0.0.1) and submits it to an API with VERIFICATION on, which reads the repository from the
 * fake GitHub and opens the site in its pinned Chromium. The other journeys run with verification
 * off; this file starts an API of its own (so it can stop and restart it) and the app built
 * against it (playwright.config.ts: `web-verified`).
 */
const SLUG = 'personal-portfolio';
const project = loadCurriculum().projects.find((p) => p.slug === SLUG)!;
const reference = readReference(SLUG)!;
/** Every requirement of the portfolio is machine-checked (page and repo): none is a review. */
const requirementTexts = project.requirements.map((r) => r.text);

test.use({ baseURL: E2E_VERIFIED_WEB });
// A run opens Chromium on five pages (a missing element waits its 5 s step) after the repository
// reads, so a report can come well past the 30 s every other journey gets.
test.describe.configure({ timeout: 150_000 });

// ---------------------------------------------------------------------------------------------
// The verified API: started, stopped and started again by this file
// ---------------------------------------------------------------------------------------------

let api: ChildProcess | null = null;
let apiLog = '';
let database: { path: string } | { url: string };

/** Its own database: a SQLite file beside the other API's, or (CI on PostgreSQL) a database of its own, new each run. */
async function prepareDatabase(): Promise<{ path: string } | { url: string }> {
  const shared = process.env.E2E_DATABASE_URL;
  if (!shared) {
    const dir = join(process.env.E2E_DATA_DIR as string, 'verified');
    mkdirSync(dir, { recursive: true });
    return { path: join(dir, 'pathforge.db') };
  }
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_verified`;
  const client = new pg.Client({ connectionString: shared });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return { url: url.toString() };
}

async function startApi() {
  // The log of every API this test started, the stopped one's included (a restart is what it tests).
  apiLog += apiLog ? '\n--- the API starts again ---\n' : '';
  const child = spawn(process.execPath, ['server/main.ts'], { env: { ...process.env, ...verifiedApiEnv(database) }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
  api = child;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the verified API exited (${child.exitCode}):\n${apiLog}`);
    const ready = await fetch(`${E2E_VERIFIED_API}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`the verified API did not get ready in 30 s:\n${apiLog}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM, as a deploy or a restart sends it: the API puts a check in progress back in the queue, then exits. */
async function stopApi(): Promise<number | null> {
  const child = api;
  api = null;
  if (!child || child.exitCode !== null) return child?.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  database = await prepareDatabase();
  await startApi();
});

test.afterAll(async () => {
  await stopApi();
  for (const site of sites) site.server.close();
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('verified-api.log', { body: apiLog, contentType: 'text/plain' });
  apiLog = '';
});

// ---------------------------------------------------------------------------------------------
// The learner's deployed site and repository
// ---------------------------------------------------------------------------------------------

type Site = { url: string; server: Server; requests: number; holdNext(): { arrived: Promise<void>; release(): void } };
const sites: Site[] = [];

/** Serves the reference's site (or its broken variant) on 127.0.0.1, as GitHub Pages would. */
async function serveSite(variant: 'reference' | 'broken'): Promise<Site> {
  let hold: { arrive(): void; released: Promise<void> } | null = null;
  const answer = (req: IncomingMessage, res: ServerResponse) => answerFromFiles(files, req, res);
  const server = createServer((req, res) => {
    site.requests += 1;
    const held = hold;
    hold = null;
    if (!held) return answer(req, res);
    held.arrive();
    void held.released.then(() => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const files = variantOf(reference, variant, url).site ?? {};
  const site: Site = {
    url,
    server,
    requests: 0,
    holdNext() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { arrive, released };
      return { arrived, release };
    },
  };
  sites.push(site);
  return site;
}

let n = 0;
/** A GitHub identity for the fake to sign in next: its numeric id is what the owner check compares. */
async function newGitHubPerson(tag: string) {
  n += 1;
  const id = Date.now() * 10 + n;
  const login = `octo-${tag}-${id.toString(36)}`;
  const user = { id, login, name: `Octo ${tag}`, emails: [{ email: `${login}@example.com`, primary: true, verified: true }] };
  await fetch(`${E2E_FAKES_CONTROL}/github`, { method: 'POST', body: JSON.stringify({ user }) });
  return { id, login };
}

/**
 * The learner's repository on the fake GitHub: the variant's files in one commit made now (after
 * the learner started the project), owned by their GitHub account. Returns its URL and commit.
 */
async function pushRepository(owner: { id: number; login: string }, variant: 'reference' | 'broken', liveUrl: string) {
  const repository = referenceRepository(reference, variant, { owner, liveUrl });
  const seed: FakeGitHubSeed = { repositories: [repository] };
  const seeded = await fetch(`${E2E_FAKES_CONTROL}/github-api`, { method: 'POST', body: JSON.stringify({ seed }) });
  expect(seeded.ok).toBe(true);
  return { url: repositoryUrl(repository), sha: repository.commits[0]!.sha };
}

// ---------------------------------------------------------------------------------------------
// What the learner does and sees
// ---------------------------------------------------------------------------------------------

const totalXp = (page: Page) => page.getByRole('list', { name: 'Your figures' }).getByRole('listitem').filter({ hasText: 'Total XP' });
const report = (page: Page) => page.getByRole('region', { name: 'Verification Report' });
/** A row of the report: "Passed: <label>" (the status is an icon and a word). */
const row = (page: Page, list: 'Your submission' | 'Requirements', label: string) =>
  report(page).getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: label });

/** Signs in with GitHub (which links the account the owner check compares), starts the portfolio and ticks every task. */
async function buildThePortfolio(page: Page, tag: string) {
  const person = await newGitHubPerson(tag);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await page.goto('/app/paths/frontend-development');
  await page.getByRole('link', { name: `Start Project: ${project.title}` }).click();
  await expect(page).toHaveURL(`/app/paths/frontend-development/projects/${SLUG}`);
  await page.getByRole('button', { name: 'Start Project' }).click();
  await expect(page.getByText(/0 of \d+ tasks completed/)).toBeVisible();
  for (const task of project.tasks) {
    await page.getByText(task.title, { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: task.title, exact: true })).toBeChecked();
  }
  return person;
}

async function xpNow(page: Page): Promise<string> {
  await page.goto('/app/xp-badges');
  await expect(totalXp(page)).toContainText(/\d/);
  return ((await totalXp(page).textContent()) ?? '').replace(/\D/g, '');
}

async function submit(page: Page, repositoryUrl: string, liveUrl: string) {
  await page.goto(`/app/paths/frontend-development/projects/${SLUG}?view=workspace`);
  await page.getByLabel('GitHub Repository URL').fill(repositoryUrl);
  await page.getByLabel('Live URL').fill(liveUrl);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(report(page).getByRole('heading', { name: verificationMessages.checking })).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// The journeys
// ---------------------------------------------------------------------------------------------

test('the reference portfolio passes every check, and its XP arrives', async ({ page }) => {
  const site = await serveSite('reference');
  const person = await buildThePortfolio(page, 'pass');
  // The ticks pay their own XP (9 tasks × 20); the project's is paid only once its checks pass.
  expect(await xpNow(page)).toBe('180');
  const repository = await pushRepository(person, 'reference', site.url);

  await submit(page, repository.url, site.url);
  await expect(report(page).getByRole('heading', { name: 'Passed', exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(report(page)).toContainText(verificationMessages.passed);
  await expect(report(page)).toContainText(`+${project.xp} XP paid`);
  await expect(report(page).getByRole('link', { name: `commit ${repository.sha.slice(0, 7)}` })).toBeVisible();
  for (const label of Object.values(SUBMISSION_CHECKS)) await expect(row(page, 'Your submission', label)).toContainText(`Passed:${label}`);
  for (const label of requirementTexts) await expect(row(page, 'Requirements', label)).toContainText(`Passed:${label}`);
  await expect(report(page).getByText(/^(Failed|Couldn’t check|Not checked)$/)).toHaveCount(0);
  expect(site.requests).toBeGreaterThan(1); // the live URL and every page check opened it

  // 180 + the project's 500 (no badge comes with a single project).
  expect(await xpNow(page)).toBe('680');
  await page.goto('/app/dashboard');
  await expect(page.getByText(/Level 2/).first()).toBeVisible();
});

test('the broken portfolio fails exactly what it breaks, says why, and pays nothing', async ({ page }) => {
  const site = await serveSite('broken');
  const person = await buildThePortfolio(page, 'fail');
  expect(await xpNow(page)).toBe('180');
  const repository = await pushRepository(person, 'broken', site.url);

  await submit(page, repository.url, site.url);
  const fails = reference.broken.fails;
  await expect(report(page).getByRole('heading', { name: verificationMessages.failed(fails.length) })).toBeVisible({ timeout: 90_000 });
  for (const label of Object.values(SUBMISSION_CHECKS)) await expect(row(page, 'Your submission', label)).toContainText(`Passed:${label}`);
  for (const [index, label] of requirementTexts.entries()) {
    await expect(row(page, 'Requirements', label)).toContainText(`${fails.includes(index) ? 'Failed' : 'Passed'}:${label}`);
  }

  /** Opens a failed row (the first is open already) and answers its details. */
  const why = async (index: number) => {
    const toggle = row(page, 'Requirements', requirementTexts[index]!).getByRole('button', { name: /^Failed/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    return row(page, 'Requirements', requirementTexts[index]!);
  };
  const commit = repository.sha.slice(0, 7);
  // 1: no footer, the fifth step of its check.
  await expect(await why(1)).toContainText('Step 5: expected an element matching footer, found 0 elements.');
  // 4: colours typed out: style.css never uses var(--…).
  await expect(await why(4)).toContainText(repoCheckMessages.notContained('style.css', 'var(--', commit));
  // 5: the 1600 px banner scrolls sideways on a phone.
  await expect(await why(5)).toContainText(/At 320 px wide the page scrolls sideways: it is 16\d\d px wide/);
  await expect(await why(5)).toContainText('Enlarge the screenshot');
  // 6: the README does not link the site.
  await expect(await why(6)).toContainText(repoCheckMessages.readmeMissesLive(site.url));
  await expect(report(page).getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(report(page)).not.toContainText('XP paid');

  // Nothing paid: the ticks' 180 only.
  expect(await xpNow(page)).toBe('180');
});

test('the API restarted in the middle of a check: the report still arrives', async ({ page }) => {
  const site = await serveSite('reference');
  const person = await buildThePortfolio(page, 'restart');
  const repository = await pushRepository(person, 'reference', site.url);
  // The site holds the first request, the live URL's check: the run is then in progress.
  const held = site.holdNext();

  await submit(page, repository.url, site.url);
  await held.arrived;
  // It stops cleanly (0), not forced out after 10 s with the check still claimed.
  expect(await stopApi()).toBe(0);
  // Stopped mid-check: no report yet, and the page still says so.
  await expect(report(page).getByRole('heading', { name: verificationMessages.checking })).toBeVisible();
  expect(site.requests).toBe(1);
  held.release();
  await startApi();

  // The page that was open the whole time keeps asking, and the report arrives in it.
  await expect(report(page).getByRole('heading', { name: 'Passed', exact: true })).toBeVisible({ timeout: 90_000 });
  for (const label of requirementTexts) await expect(row(page, 'Requirements', label)).toContainText(`Passed:${label}`);
  await expect(report(page)).toContainText(`+${project.xp} XP paid`);
  // The restarted API ran the checks again from the start: the live URL was opened once more.
  expect(site.requests).toBeGreaterThan(2);
  expect(await xpNow(page)).toBe('680');
});
