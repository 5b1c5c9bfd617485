import { expect, test, type Page } from '@playwright/test';
import { PREFERENCES_STORAGE_KEY, PREFERENCES_STORAGE_VERSION } from '../src/stores/preferencesStorage';
import { holdScripts, registerLearner, toast } from './support';

/*
 * The landing, sign-in, registration and forgot-password pages are prerendered at build time
 * (src/prerender.tsx): the HTML holds the page, and the app takes it over (hydrates) when it runs.
 */

/**
 * Counts the elements removed from the page's content (#root): hydration adopts the HTML, a fresh
 * render replaces it. (Emotion moving its prerendered <style> elements within <head> is not counted.)
 */
async function countRemovals(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { removedElements: number };
    w.removedElements = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        const inPage = record.target instanceof Element && record.target.closest('#root') !== null;
        if (inPage) for (const node of record.removedNodes) if (node.nodeType === Node.ELEMENT_NODE) w.removedElements += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removedElements: number }).removedElements);
}

test.describe('without JavaScript, the public pages are already there', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page: hero, its buttons, the sections and prices', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn software development by building real projects');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toHaveAttribute('href', '/register');
    for (const id of ['howItWork', 'features', 'benefits', 'pricing', 'faqs']) await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.getByText('Most Popular')).toBeVisible();
  });

  test('sign-in, registration and forgot password show their forms', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await page.goto('/register/');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await page.goto('/forgotPassword');
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  });
});

test.describe('the app takes a prerendered page over', () => {
  for (const [path, ready] of [
    ['/', 'FAQs'],
    ['/login', 'Sign In'],
  ] as const) {
    test(`${path}: hydrated in place, without errors, and working`, async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const removals = await countRemovals(page);
      await page.goto(path);
      // One click, whenever it lands (before the app runs it is kept and carried out once it has taken over).
      if (path === '/') {
        const question = page.locator('#faqs').getByRole('button').nth(1);
        await question.click();
        await expect(question).toHaveAttribute('aria-expanded', 'true');
      } else {
        await page.getByRole('button', { name: ready, exact: true }).click();
        await expect(toast(page, 'All fields are required!')).toHaveCount(1);
      }
      expect(await removals()).toBe(0);
      expect(problems).toEqual([]);
    });
  }

  test('a sign-in typed and sent before the app started: kept, never in the address, and signed in', async ({ page, request }) => {
    const learner = await registerLearner(request, 'typed-early');
    const release = await holdScripts(page);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(new URL('/login', page.url()).href); // no native submission: the password is not in the URL
    release();
    // The click is not in vain: once the app runs, it submits what was typed.
    await expect(page).toHaveURL('/app/dashboard');
    await expect(toast(page, 'Logged in successfully')).toBeVisible();
  });

  test('a learner who chose dark mode gets a dark page from the first paint', async ({ page }) => {
    await page.addInitScript(
      ({ key, version }) => {
        localStorage.setItem(key, JSON.stringify({ state: { colorMode: 'dark', sidebarCollapsed: false }, version }));
      },
      { key: PREFERENCES_STORAGE_KEY, version: PREFERENCES_STORAGE_VERSION },
    );
    await holdScripts(page); // never released: this is the page before the app runs
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeLessThan(150);
  });
});
