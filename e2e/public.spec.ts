import { expect, test } from '@playwright/test';
import { createSession, seedSession, toast } from './support';

test.describe('the public pages', () => {
  test('an unknown path shows the 404 page, and Return Home goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('client routes survive a reload (the server answers every path with the app)', async ({ page }) => {
    await page.goto('/forgotPassword');
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  });

  test('the landing page anchors scroll their section below the fixed top bar', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('banner');
    const barHeight = (await bar.boundingBox())?.height ?? 0;
    for (const [link, id] of [
      ['Pricing', 'pricing'],
      ['FAQs', 'faqs'],
      ['Features', 'features'],
      ['How It Work', 'howItWork'],
      ['Benefits', 'benefits'],
    ] as const) {
      await bar.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      const heading = page.locator(`#${id}`).getByRole('heading').first();
      await expect(heading).toBeInViewport();
      await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(barHeight);
    }
  });

  test('sign-in checks the form in order with its exact messages', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    await submit.click();
    await expect(toast(page, 'All fields are required!')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await submit.click();
    await expect(toast(page, 'Invalid email address!')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await submit.click();
    await expect(toast(page, 'Password must be at least 6 characters!')).toBeVisible();
  });
});

test.describe('who goes where', () => {
  test('a visitor who opens the app is sent to sign in, and comes back after signing in', async ({ page, request }) => {
    const { learner } = await createSession(request, 'redirect');
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/app/dashboard');
    await expect(toast(page, 'Logged in successfully')).toBeVisible();
  });

  test('a signed-in learner is sent from /login and /register to the dashboard', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'guest-only'));
    await page.goto('/login');
    await expect(page).toHaveURL('/app/dashboard');
    await page.goto('/register');
    await expect(page).toHaveURL('/app/dashboard');
  });

  test('the landing top bar offers the dashboard to a signed-in learner', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'topbar'));
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/app/dashboard');
  });
});
