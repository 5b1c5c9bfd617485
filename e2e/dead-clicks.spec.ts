import { expect, test, type Page } from '@playwright/test';
import { holdScripts, newProviderPerson, toast } from './support';

/*
 * No dead clicks on the prerendered pages (/, /login, /register, /forgotPassword). The app's
 * scripts are held back, as on a slow connection; the visitor clicks each control; then the
 * scripts arrive. A link works at once (it is a link); a button's click is kept by the page's boot
 * script (src/delivery/boot.ts) and carried out once the app has taken the page over.
 */

/** Opens `path` with the app held back; `release()` lets its scripts arrive. */
async function openHeld(page: Page, path: string) {
  const release = await holdScripts(page);
  await page.goto(path);
  return release;
}

/** Waits long enough for a click to have been handled if anything were handling it. */
const settle = (page: Page) => page.waitForTimeout(300);

test.describe('the landing page', () => {
  test('FAQ: a question clicked before the app ran opens once it runs, and the open one closes', async ({ page }) => {
    const release = await openHeld(page, '/');
    const questions = page.locator('#faqs').getByRole('button');
    const [first, second] = [questions.nth(0), questions.nth(1)];
    await second.click();
    await settle(page);
    await expect(second).toHaveAttribute('aria-expanded', 'false'); // held: not yet
    release();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false'); // one open at a time
    await expect(page.getByRole('region', { name: await second.innerText() })).toBeVisible();
  });

  test('FAQ: clicking the question open on arrival closes it', async ({ page }) => {
    const release = await openHeld(page, '/');
    const first = page.locator('#faqs').getByRole('button').first();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await first.click();
    release();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  test('phone: the menu opened before the app ran is open once it runs, and its links work', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const release = await openHeld(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
  });

  test('links work before the app runs: an in-page anchor, Sign In, Start Free Trial', async ({ page }) => {
    await openHeld(page, '/'); // never released
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });
});

/** The password eye: shows what was typed before the app ran, once it runs. */
async function eyeCase(page: Page, path: string) {
  const release = await openHeld(page, path);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('typed-early-1');
  await page.getByRole('button', { name: 'Show password' }).click();
  await settle(page);
  await expect(password).toHaveAttribute('type', 'password'); // held: not yet
  release();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('typed-early-1');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Continue with Google or GitHub: a link, so it works before the app runs. The sign-in goes through
 * the API and the provider (the loopback fakes) and comes back to the sign-in page to be taken up.
 */
async function providerCase(page: Page, path: string, provider: 'Google' | 'GitHub') {
  await newProviderPerson('early');
  await openHeld(page, path); // never released
  await page.getByRole('link', { name: `Continue with ${provider}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?oauth=signed-in&provider=${provider.toLowerCase()}$`));
}

/** The submit button clicked on an empty form: the form's own message, once (never a native submission). */
async function emptySubmitCase(page: Page, path: string, button: string, message: string) {
  const release = await openHeld(page, path);
  await page.getByRole('button', { name: button, exact: true }).click();
  await settle(page);
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(toast(page, message)).toHaveCount(1);
}

/** A link followed before the app ran: the browser goes there (the next page is prerendered too). */
async function linkCase(page: Page, path: string, link: string, heading: string) {
  await openHeld(page, path); // never released
  await page.getByRole('link', { name: link, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('sign-in', () => {
  test('the password eye', ({ page }) => eyeCase(page, '/login'));
  test('Continue with Google', ({ page }) => providerCase(page, '/login', 'Google'));
  test('Continue with GitHub', ({ page }) => providerCase(page, '/login', 'GitHub'));
  test('Sign In on an empty form', ({ page }) => emptySubmitCase(page, '/login', 'Sign In', 'All fields are required!'));
  test('Forgot password', ({ page }) => linkCase(page, '/login', 'Forgot password', 'Forgot your password?'));
  test('Sign Up', ({ page }) => linkCase(page, '/login', 'Sign Up', 'Create Account'));
});

test.describe('registration', () => {
  test('the password eye', ({ page }) => eyeCase(page, '/register'));
  test('Continue with Google', ({ page }) => providerCase(page, '/register', 'Google'));
  test('Continue with GitHub', ({ page }) => providerCase(page, '/register', 'GitHub'));
  test('Sign Up on an empty form', ({ page }) => emptySubmitCase(page, '/register', 'Sign Up', 'All fields are required!'));
  test('Sign In', ({ page }) => linkCase(page, '/register', 'Sign In', 'Welcome back'));
});

test.describe('forgot password', () => {
  test('Send Reset Link on an empty form', ({ page }) => emptySubmitCase(page, '/forgotPassword', 'Send Reset Link', 'Enter your email address.'));
  test('Back to Sign In', ({ page }) => linkCase(page, '/forgotPassword', 'Back to Sign In', 'Welcome back'));
});
