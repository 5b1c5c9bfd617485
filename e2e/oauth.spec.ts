import { expect, test, type Page } from '@playwright/test';
import { E2E_API, E2E_FAKES_CONTROL } from '../playwright.config';
import { removeLinkTexts } from '../src/domain/accountNotices';
import { oauthErrorMessage, oauthMessages } from '../src/domain/oauth';
import { mailedLinkFor, newLearner, newProviderPerson as nextPerson, registerLearner, signUpAndSignIn } from './support';

/**
 * Sign-in with Google and GitHub against loopback fakes (e2e/fake-providers.ts, started by
 * Playwright): the whole redirect dance runs in the browser, the API is the real one.
 */

const steer = (provider: 'google' | 'github', order: Record<string, unknown>) =>
  fetch(`${E2E_FAKES_CONTROL}/${provider}`, { method: 'POST', body: JSON.stringify(order) });

async function storedToken(page: Page) {
  return page.evaluate(() => (JSON.parse(window.localStorage.getItem('pathforge') ?? 'null') as { state?: { token?: string | null } } | null)?.state?.token ?? null);
}

async function expectRefused(page: Page, message: string) {
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // No session behind the page either: the refresh cookie is not there.
  const cookies = await page.context().cookies(E2E_API);
  expect(cookies.find((cookie) => cookie.name === 'pf_refresh')).toBeUndefined();
}

for (const provider of ['google', 'github'] as const) {
  const name = provider === 'google' ? 'Google' : 'GitHub';
  test(`a new learner continues with ${name} and lands on the dashboard at zero`, async ({ page }) => {
    await nextPerson(`new-${provider}`);
    await page.goto('/register');
    await page.getByRole('link', { name: `Continue with ${name}` }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByTestId('level-badge')).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
    await page.goto('/app/xp-badges');
    await expect(page.getByRole('list', { name: 'Your figures' }).getByRole('listitem').filter({ hasText: 'Total XP' })).toContainText('0');
    await expect(page.getByText('Level 1', { exact: true })).toBeVisible();
  });
}

test('an existing password learner links Google after confirming the password, then signs in with it', async ({ page, request }) => {
  const learner = await registerLearner(request, 'link');
  await nextPerson('link', learner.email);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // Not signed in on the strength of the email: the password is asked once.
  await expect(page.getByText(oauthMessages.confirmLink('google'))).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Sign In and Link Google' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await page.goto('/app/settings');
  await expect(page.getByText(`Linked: ${learner.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test.describe('a provider sign-in that goes wrong ends on the sign-in page with a reason and no session', () => {
  test('a mismatched state', async ({ page }) => {
    await nextPerson('state');
    await steer('github', { forgeState: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await expectRefused(page, oauthErrorMessage('state_mismatch', 'github'));
  });

  test('a replayed code (the callback opened again)', async ({ page }) => {
    await nextPerson('replay');
    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${E2E_API}/auth/oauth/github/callback`)) callbacks.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    expect(callbacks).toHaveLength(1);
    await page.goto(callbacks[0] as string);
    await expectRefused(page, oauthErrorMessage('expired', 'github'));
  });

  test('a wrong nonce in the id_token', async ({ page }) => {
    await nextPerson('nonce');
    await steer('google', { tamperNonce: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expectRefused(page, oauthErrorMessage('failed', 'google'));
  });

  test('an expired transaction (the browser no longer holds its cookie)', async ({ page, context }) => {
    await nextPerson('expired');
    // The learner stays on GitHub's page longer than the transaction lives: its cookie is gone when they come back.
    await steer('github', { holdMs: 4000 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click({ noWaitAfter: true });
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'pf_oauth')).toBe(true);
    await context.clearCookies({ name: 'pf_oauth' });
    await expectRefused(page, oauthErrorMessage('expired', 'github'));
  });

  test('the provider refuses', async ({ page }) => {
    await nextPerson('deny');
    await steer('github', { deny: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await expectRefused(page, oauthErrorMessage('provider_error', 'github'));
  });
});

test('unlinking the last way to sign in is refused; with a second one linked it works', async ({ page }) => {
  await nextPerson('unlink');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/app/settings');
  const unlinkGoogle = page.getByRole('button', { name: 'Unlink Google' });
  await expect(unlinkGoogle).toBeDisabled();
  await expect(page.getByText(oauthMessages.lastMethod)).toBeVisible();
  // The API refuses it too, whatever the page shows.
  const token = await storedToken(page);
  const refused = await page.request.delete(`${E2E_API}/account/identities/google`, { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(409);

  // No password: the dialog explains the fresh sign-in; this one is minutes old, so it goes on.
  await page.getByRole('button', { name: 'Link GitHub' }).click();
  await expect(page.getByRole('dialog', { name: 'Link GitHub' }).getByText(oauthMessages.reauthExplain('github', ['google']))).toBeVisible();
  await page.getByRole('button', { name: 'Continue to GitHub' }).click();
  await expect(page).toHaveURL(/\/app\/settings\?linked=github$/);
  await expect(page.getByRole('status').filter({ hasText: oauthMessages.linked('github') })).toBeVisible();
  await page.getByRole('button', { name: 'Unlink Google' }).click();
  await expect(page.getByRole('status').filter({ hasText: oauthMessages.unlinked('google') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlink GitHub' })).toBeDisabled();
});

test('a learner links GitHub from Settings with their password; the mailed notice removes it and ends the session', async ({ page }) => {
  const learner = newLearner('notice');
  await signUpAndSignIn(page, learner);
  // Linking waits for a confirmed address: the link from the registration mail.
  await expect.poll(() => mailedLinkFor(learner.email, 'confirm-email'), { timeout: 10_000 }).not.toBeNull();
  await page.goto(mailedLinkFor(learner.email, 'confirm-email') as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();

  await nextPerson('notice');
  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Link GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link GitHub' });
  await dialog.getByRole('button', { name: 'Continue to GitHub' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(oauthMessages.passwordToLink('github'));
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Continue to GitHub' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not your current password.');
  await dialog.getByLabel('Current password').fill(learner.password);
  await dialog.getByRole('button', { name: 'Continue to GitHub' }).click();
  await expect(page).toHaveURL(/\/app\/settings\?linked=github$/);
  await expect(page.getByRole('status').filter({ hasText: oauthMessages.linked('github') })).toBeVisible();

  // The account's address hears of it, with a link that undoes it.
  await expect.poll(() => mailedLinkFor(learner.email, 'remove-link'), { timeout: 10_000 }).not.toBeNull();
  await page.goto(mailedLinkFor(learner.email, 'remove-link') as string);
  // Opening it does nothing until the click.
  await expect(page.getByRole('heading', { level: 1, name: removeLinkTexts.title })).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
  await page.getByRole('button', { name: removeLinkTexts.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Removed, and signed out everywhere' })).toBeVisible();
  await expect(page.getByText(removeLinkTexts.next, { exact: false })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // The session is over here, and GitHub is no longer linked.
  await page.goto('/app/settings');
  await expect(page).toHaveURL(/\/login/);
  const login = await page.request.post(`${E2E_API}/auth/login`, { data: { email: learner.email, password: learner.password } });
  const { token } = (await login.json()) as { token: string };
  const linked = await page.request.get(`${E2E_API}/account/identities`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await linked.json()) as { identities: unknown[] }).identities).toEqual([]);
});
