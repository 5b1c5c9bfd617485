import { expect, test, type Page } from '@playwright/test';
import { E2E_API, E2E_WEB } from '../playwright.config';
import { streakRules, WEEKLY_GOAL } from '../src/domain/streaks';
import { WEEKLY_GOAL_LABEL, weeklyGoalOption } from '../src/screens/Settings/parts/WeeklyGoalCard';
import { createSession, newLearner, seedSession, signUpAndSignIn, toast } from './support';

/**
 * Learning that is kept: everything below goes through the built web app and the
 * real API on its own database; a reload, a second browser or a new sign-in sees the same.
 */
const taskCount = (page: Page) => page.getByText(/\d+ of \d+ tasks completed/);
const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** The task labels of the open project's checklist, in order. */
async function taskTitles(page: Page): Promise<string[]> {
  const boxes = page.getByRole('list', { name: 'Tasks' }).getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  const names: string[] = [];
  for (const box of await boxes.all())
    names.push((await box.getAttribute('aria-label')) ?? (await box.evaluate((el) => el.closest('label')?.textContent ?? '')).trim());
  return names;
}

async function openFirstProject(page: Page) {
  await page.goto('/app/paths');
  await page
    .getByRole('link', { name: /Frontend Development/ })
    .first()
    .click();
  await expect(page).toHaveURL('/app/paths/frontend-development');
  await page.getByRole('link', { name: 'Start Project: Personal Portfolio' }).click();
  await expect(page).toHaveURL('/app/paths/frontend-development/projects/personal-portfolio');
  await page.getByRole('button', { name: 'Start Project' }).click();
  await expect(taskCount(page)).toHaveText(/^0 of \d+ tasks completed/);
}

async function tick(page: Page, title: string) {
  await page.getByText(title, { exact: true }).click();
  await expect(checkbox(page, title)).toBeChecked();
}

test.describe('learning that is kept', () => {
  test('register, start a project, tick two tasks: still ticked after a reload and in a second browser', async ({ page, browser }) => {
    const learner = newLearner('kept');
    await signUpAndSignIn(page, learner);

    await openFirstProject(page);
    const [first, second] = await taskTitles(page);
    await tick(page, first as string);
    await tick(page, second as string);
    await expect(taskCount(page)).toHaveText(/^2 of/);

    await page.reload();
    await expect(checkbox(page, first as string)).toBeChecked();
    await expect(checkbox(page, second as string)).toBeChecked();
    await expect(taskCount(page)).toHaveText(/^2 of/);

    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await elsewhere.goto('/login');
    await elsewhere.getByLabel('Email', { exact: true }).fill(learner.email);
    await elsewhere.getByLabel('Password', { exact: true }).fill(learner.password);
    await elsewhere.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(elsewhere).toHaveURL('/app/dashboard');
    await elsewhere.goto('/app/paths/frontend-development/projects/personal-portfolio?view=workspace');
    await expect(checkbox(elsewhere, first as string)).toBeChecked();
    await expect(taskCount(elsewhere)).toHaveText(/^2 of/);
    await other.close();
  });

  test('submitting with a task open names it; finishing and submitting completes the project and unlocks the next', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'submit'));
    await openFirstProject(page);
    const titles = await taskTitles(page);
    for (const title of titles.slice(0, -1)) await tick(page, title);

    const url = page.getByLabel('GitHub Repository URL');
    await url.fill('https://github.com/ada/portfolio');
    // The portfolio is deployed: its checks open the live site, so the submission asks for it.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('This project is deployed: enter the URL where it runs.')).toBeVisible();
    await page.getByLabel('Live URL').fill('https://ada.github.io/portfolio/');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText(new RegExp(`Still open: ${titles.at(-1)}`))).toBeVisible();
    await expect(url).toHaveValue('https://github.com/ada/portfolio');

    await tick(page, titles.at(-1) as string);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, 'Project submitted')).toBeVisible();
    // These journeys run with VERIFICATION=off: the XP is self-reported, and the page says so.
    await expect(page.getByText(/self-reported/i).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /github\.com\/ada\/portfolio/ })).toBeVisible();

    await page.goto('/app/paths/frontend-development');
    const cards = page.getByRole('article');
    await expect(cards.filter({ hasText: 'Personal Portfolio' })).toContainText('Completed');
    await expect(page.getByRole('link', { name: 'Start Project: Responsive Landing Page' })).toBeVisible();
  });

  test('resetting a path brings it back to zero', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'reset'));
    await openFirstProject(page);
    const [first] = await taskTitles(page);
    await tick(page, first as string);

    await page.goto('/app/paths/frontend-development');
    await page.getByRole('button', { name: /Reset progress/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: /Reset/ }).click();
    await expect(toast(page, 'Your progress on this path has been reset.')).toBeVisible();
    await expect(page.getByText('0% complete').or(page.getByText(/^0%$/)).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Project: Personal Portfolio' })).toBeVisible();
  });

  test('a new name is kept after a reload', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'rename'));
    await page.goto('/app/settings');
    const name = page.getByLabel('Full Name', { exact: true });
    await expect(name).not.toHaveValue('');
    await name.fill('Ada Byron');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada Byron');
  });

  test('a weekly goal chosen in Settings is kept, and XP & Badges counts the weekly streak with it', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'goal'));
    await page.goto('/app/settings');
    const goal = page.getByLabel(WEEKLY_GOAL_LABEL, { exact: true });
    await expect(goal).toHaveValue(String(WEEKLY_GOAL.default));
    await goal.selectOption({ label: weeklyGoalOption(5) });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(WEEKLY_GOAL_LABEL, { exact: true })).toHaveValue('5');

    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'XP & Badges' }).click();
    const weekly = page.getByRole('region', { name: 'Weekly goal' });
    await expect(weekly.getByText('5 active days a week')).toBeVisible();
    await expect(weekly.getByText('0 of 5 active days this week')).toBeVisible();
    await expect(page.getByText(streakRules(5).find((rule) => rule.startsWith('The weekly goal counts')) ?? '')).toBeVisible();
    // The dashboard says which streak it shows, and where the weekly one is.
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText(/Your daily streak counts the days in a row you were active.*Your weekly goal is on/)).toBeVisible();
  });

  test('a deleted account cannot sign in again', async ({ page, request }) => {
    const session = await createSession(request, 'delete');
    await seedSession(page, session);
    await page.goto('/app/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Password', { exact: true }).fill(session.learner.password);
    await dialog.getByRole('button', { name: /Delete/ }).click();
    await expect(page).toHaveURL('/');

    const login = await request.post(`${E2E_API}/auth/login`, {
      data: { email: session.learner.email, password: session.learner.password },
      headers: { Origin: E2E_WEB, 'Content-Type': 'application/json' },
    });
    expect(login.status()).toBe(401);
  });
});

test.describe('when the API fails', () => {
  test('a tick the API cannot take is rolled back and says so', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'down'));
    await openFirstProject(page);
    const [first] = await taskTitles(page);
    await page.route('**/learning/tasks/**', (route) => route.abort('connectionrefused'));
    await page.getByText(first as string, { exact: true }).click();
    await expect(toast(page, /Couldn’t save/)).toBeVisible();
    await expect(checkbox(page, first as string)).not.toBeChecked();
    await expect(taskCount(page)).toHaveText(/^0 of/);
  });

  test('a slow API (over 2 s) shows the submission pending and sends it once', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'slow'));
    await openFirstProject(page);
    for (const title of await taskTitles(page)) await tick(page, title);
    let submissions = 0;
    await page.route('**/learning/projects/*/submission', async (route) => {
      submissions += 1;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.getByLabel('GitHub Repository URL').fill('https://github.com/ada/portfolio');
    await page.getByLabel('Live URL').fill('https://ada.github.io/portfolio/');
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await submit.click();
    await expect(submit).toBeDisabled();
    await submit.click({ force: true }).catch(() => undefined);
    await expect(toast(page, 'Project submitted')).toBeVisible({ timeout: 10_000 });
    expect(submissions).toBe(1);
  });
});

test.describe('XP from one ledger', () => {
  /** The figure a tile of the XP page shows above its label. */
  const tile = (page: Page, label: string) => page.getByRole('list', { name: 'Your figures' }).getByRole('listitem').filter({ hasText: label });

  test('completing a project moves XP, level, a badge and this week’s board; resetting the path takes it all back', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'xp'));
    await openFirstProject(page);
    const titles = await taskTitles(page);
    for (const title of titles.slice(0, -1)) await tick(page, title);
    // The total after the last tick, read again by the page: what the submission's moment starts from.
    const xpAfterTicks = page.waitForResponse((r) => r.url().endsWith('/learning/xp') && r.request().method() === 'GET');
    await tick(page, titles.at(-1)!);
    await xpAfterTicks;
    await page.getByLabel('GitHub Repository URL').fill('https://github.com/ada/portfolio');
    await page.getByLabel('Live URL').fill('https://ada.github.io/portfolio/');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, 'Project submitted')).toBeVisible();
    // The moment: what the submission earned, from the XP API before and after it.
    const moment = page.getByRole('status').filter({ hasText: 'XP in total' });
    await expect(moment).toContainText('You earned 500 XP and reached level 2. 680 XP in total.');
    await expect(moment).not.toContainText('Badge earned'); // no badge comes with a single project
    await moment.getByRole('button', { name: 'Dismiss' }).click();
    await expect(moment).toHaveCount(0);

    // Personal Portfolio: 9 tasks × 20 XP + 500 XP (20 hours of beginner work).
    await page.goto('/app/xp-badges');
    await expect(tile(page, 'Total XP')).toContainText('680');
    await expect(tile(page, 'Projects completed')).toContainText('1');
    await expect(page.getByText('Level 2', { exact: true })).toBeVisible();
    // Its four skills count towards Well Rounded (15 skills).
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Well Rounded' }) })).toContainText('4 of 15');

    await page.goto('/app/xp-badges/history');
    await expect(page.getByText('Personal Portfolio').first()).toBeVisible();

    await page.goto('/app/leaderboard?period=week');
    const mine = page.locator('tr[aria-current="true"]');
    // These journeys run with VERIFICATION=off: the project's 500 XP is self-reported: the board
    // ranks the tasks' 180 and shows the 500 beside, labelled; a line under the board says ranks
    // count verified XP only.
    await expect(mine).toContainText('180 XP+500 XP self-reported');
    await expect(page.getByText(/^Ranks count verified XP only\./)).toBeVisible();

    await page.goto('/app/dashboard');
    await expect(page.getByText(/Level 2/).first()).toBeVisible();

    await page.goto('/app/paths/frontend-development');
    await page.getByRole('button', { name: /Reset progress/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: /Reset/ }).click();
    await expect(toast(page, 'Your progress on this path has been reset.')).toBeVisible();

    await page.goto('/app/xp-badges');
    await expect(tile(page, 'Total XP')).toContainText('0');
    await expect(page.getByText('Level 1', { exact: true })).toBeVisible();
    await expect(page.getByText(/Earned on/)).toHaveCount(0);
    await page.goto('/app/leaderboard?period=week');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('tr[aria-current="true"]')).toHaveCount(0);
  });
});
