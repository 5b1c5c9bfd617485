import { expect, test, type Page } from '@playwright/test';
import { createSession, seedSession, toast } from './support';

const entries = [
  ['Paths', '/app/paths', 'Learning Paths'],
  ['XP & Badges', '/app/xp-badges', 'XP & Badges'],
  ['Settings', '/app/settings', 'Settings'],
  ['Dashboard', '/app/dashboard', /Welcome/],
] as const;

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('the app area, signed in', () => {
  test.beforeEach(async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'app'));
  });

  test('every sidebar entry opens its page on a desktop, and the choice to collapse is remembered', async ({ page }) => {
    await page.goto('/app/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [entry, url, heading] of entries) {
      await nav.getByRole('link', { name: entry }).click();
      await expect(page).toHaveURL(url);
      await expect(h1(page, heading)).toBeVisible();
      await expect(nav.getByRole('link', { name: entry })).toHaveAttribute('aria-current', 'page');
    }
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  });

  test('on a phone the same entries open from the drawer, which closes after each', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/app/dashboard');
    for (const [entry, url, heading] of entries) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('navigation').getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(drawer).toBeHidden();
      await expect(h1(page, heading)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the leaderboard and browse paths are reached from the dashboard', async ({ page }) => {
    await page.goto('/app/dashboard');
    await page.getByRole('link', { name: 'View Full Leaderboard' }).click();
    await expect(page).toHaveURL(/\/app\/leaderboard(\?period=week)?$/);
    // A fresh learner has no XP: the board (empty or not) says how to join it, and has no row of theirs.
    await expect(h1(page, 'Leaderboard')).toBeVisible();
    await expect(page.getByText(/tick a task (in one of your paths )?to join the board/i)).toBeVisible();
    await expect(page.locator('tr[aria-current="true"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'All Time' }).click();
    await expect(page).toHaveURL('/app/leaderboard');

    await page.goto('/app/dashboard');
    await page.getByRole('link', { name: 'Explore more paths' }).click();
    await expect(page).toHaveURL('/app/browse-paths');
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('REACT');
    // Case-insensitive, over titles and descriptions: the three React paths stay, the others go.
    await expect(page.getByRole('heading', { level: 2, name: 'Frontend Development' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Mobile Development' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Cybersecurity' })).toBeHidden();
  });

  test('an unknown path shows a not-found state inside the app', async ({ page }) => {
    await page.goto('/app/paths/999');
    await expect(h1(page, 'Path not found')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible();
  });

  test('Dark Mode in settings switches the whole app and is remembered', async ({ page }) => {
    await page.goto('/app/settings');
    const darkMode = page.getByRole('checkbox', { name: 'Dark Mode' });
    await page.getByText('Dark Mode', { exact: true }).click();
    await expect(darkMode).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test.describe('settings, signed in', () => {
  test('Save Changes checks the fields, confirms, and what was saved is still there after a reload', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'settings'));
    await page.goto('/app/settings');
    const name = page.getByLabel('Full Name', { exact: true });
    await name.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Full name is required.')).toBeVisible();

    await name.fill('Ada Byron');
    // Each notification kind has its own switches; product updates come by email only.
    const updates = page.getByRole('checkbox', { name: 'Product updates by Email' });
    await page.locator('label', { has: updates }).click();
    await page.getByText('Public Profile', { exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada Byron');
    await expect(page.getByRole('checkbox', { name: 'Product updates by Email' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Public Profile' })).toBeChecked();
  });
});
