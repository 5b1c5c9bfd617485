import { expect, test, type Page } from '@playwright/test';
import { PREFERENCES_STORAGE_KEY, PREFERENCES_STORAGE_VERSION } from '../src/stores/preferencesStorage';
import { createSession, holdScripts, registerLearner, seedSession, toast } from './support';

/*
 * The landing, sign-in, registration and forgot-password pages are prerendered at build time
 * (src/delivery/prerender.tsx): the HTML holds the page, and the app takes it over (hydrates) when it runs.
 */

/**
 * Counts the elements removed from the page's content (#root): hydration adopts the HTML, a fresh
 * render replaces it. (Emotion moving its prerendered <style> elements within <head> is not counted.)
 * `within`: only removals inside the elements it selects.
 */
async function countRemovals(page: Page, within = '#root') {
  await page.addInitScript((selector) => {
    const w = window as unknown as { removedElements: number };
    w.removedElements = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        const inPage = record.target instanceof Element && record.target.closest(selector) !== null;
        if (inPage) for (const node of record.removedNodes) if (node.nodeType === Node.ELEMENT_NODE) w.removedElements += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  }, within);
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

/*
 * The landing page's sections below the top bar (hero, cards, pricing, FAQs, footer) are deferred parts
 * (src/delivery/deferred.tsx): their code is not part of the page's start-up; it loads on the
 * visitor's first interaction and hydrates the prerendered HTML in place.
 */
test.describe('the landing page loads its sections on the first interaction', () => {
  /** The sections' chunks (the module and its parts), as the browser requests them. */
  const SECTIONS = /\/assets\/sections-[\w-]+\.js$/;
  /** Resolves once the app has taken the page over (src/delivery/hydration.ts). */
  const started = (page: Page) => page.waitForFunction(() => window.pathforgeEarly?.started === true);
  const waiting = (page: Page) => page.locator('[data-deferred]');

  test('none of their code before the visitor does anything; then hydrated in place, links in the app', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (SECTIONS.test(request.url())) requested.push(request.url());
    });
    const removals = await countRemovals(page);
    await page.goto('/');
    await started(page);
    await page.waitForTimeout(500);
    expect(requested).toEqual([]);
    await expect(waiting(page)).toHaveCount(10);

    await page.mouse.wheel(0, 300); // the first sign of a visitor
    await expect(waiting(page)).toHaveCount(0);
    expect(requested.length).toBeGreaterThan(0);
    expect(await removals()).toBe(0); // the same elements: hydrated, not rendered again

    // Hydrated: its router link navigates inside the running app (no new document).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('region', { name: 'Learn software development by building real projects' }).getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('an FAQ clicked while its code is still on the way is answered once it has arrived', async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(SECTIONS, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await started(page);
    const questions = page.locator('#faqs').getByRole('button');
    const [first, second] = [questions.nth(0), questions.nth(1)];
    await second.click();
    await page.waitForTimeout(300);
    await expect(second).toHaveAttribute('aria-expanded', 'false'); // its code held: not yet
    await expect(waiting(page)).toHaveCount(10);
    release();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    // Clicked once, not twice: one more click closes it.
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  test('reached inside the app (from sign-in), the landing page shows its sections, in the same document', async ({ page }) => {
    await page.goto('/login');
    await started(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'PathForge home' }).first().click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Learn software development by building real projects' })).toBeVisible();
    await expect(page.locator('#pricing')).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await expect(waiting(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('a signed-in visitor: the top bar changes and its anchors work while the sections wait, untouched', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'deferred'));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(SECTIONS, async (route) => {
      await released;
      await route.continue();
    });
    // The sections: the page's main content and its footer (the top bar's Sign In becomes Dashboard).
    const removals = await countRemovals(page, 'main, footer');
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(waiting(page)).toHaveCount(10);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
    release();
    await expect(waiting(page)).toHaveCount(0);
    await expect(page.locator('#pricing')).toBeInViewport();
    expect(await removals()).toBe(0);
  });
});
