import { expect, test, type Page } from '@playwright/test';
import { E2E_API, E2E_FAKES_CONTROL, E2E_WEB } from '../playwright.config';
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
  // The page acts only on a click (a mail scanner may open it).
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
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

test('a pre-account takeover: an unconfirmed registration cannot link GitHub, and the owner\u2019s reset shuts its maker out', async ({
  page: attacker,
  browser,
}) => {
  // The attacker registers the owner's address with a password of their own, leaves it unconfirmed, and signs in.
  const owner = newLearner('takeover');
  await signUpAndSignIn(attacker, owner);
  const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const attackersGitHub = {
    id: Date.now() * 10 + 9,
    login: `mallory-${stamp}`,
    name: 'Mallory',
    emails: [{ email: `mallory-${stamp}@example.com`, primary: true, verified: true }],
  };
  await steer('github', { user: attackersGitHub });

  // Linking their GitHub from Settings is refused, and the screen says why.
  await attacker.goto('/app/settings');
  const linkGitHub = attacker.getByRole('button', { name: 'Link GitHub' });
  await expect(linkGitHub).toBeDisabled();
  await expect(linkGitHub).toHaveAccessibleDescription(oauthMessages.confirmEmailToLink);
  await expect(attacker.getByText(oauthMessages.confirmEmailToLink).first()).toBeVisible();
  // Past the screen, the API refuses it too, with the same sentence, even with the right password.
  const token = await storedToken(attacker);
  const forced = await attacker.request.post(`${E2E_API}/account/identities/github`, {
    headers: { Authorization: `Bearer ${token}`, Origin: E2E_WEB },
    data: { password: owner.password },
  });
  expect(forced.status()).toBe(409);
  expect(await forced.json()).toEqual({ message: oauthMessages.confirmEmailToLink });
  const identities = await attacker.request.get(`${E2E_API}/account/identities`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await identities.json()) as { identities: unknown[] }).identities).toEqual([]);

  // The real owner recovers the account from the mail: "Forgot password", the mailed link, a new password.
  const ownerContext = await browser.newContext();
  const real = await ownerContext.newPage();
  await real.goto('/login');
  await real.getByRole('link', { name: /Forgot password/i }).click();
  await expect(real).toHaveURL('/forgotPassword');
  await real.getByLabel('Email', { exact: true }).fill(owner.email);
  await real.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(real.getByText('If an account exists for that email, a reset link is on its way.')).toBeVisible();
  await expect.poll(() => mailedLinkFor(owner.email, 'resetPassword'), { timeout: 10_000 }).not.toBeNull();
  await real.goto(mailedLinkFor(owner.email, 'resetPassword') as string);
  const newPassword = 'only-the-owner-knows-this';
  await real.getByLabel('New password', { exact: true }).fill(newPassword);
  await real.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await real.getByRole('button', { name: 'Reset Password' }).click();
  await expect(real.getByRole('heading', { name: 'Password updated' })).toBeVisible();

  // The attacker's session is over, and their password no longer opens the account.
  await attacker.goto('/app/settings');
  await expect(attacker).toHaveURL(/\/login/);
  const oldPassword = await attacker.request.post(`${E2E_API}/auth/login`, { data: { email: owner.email, password: owner.password }, headers: { Origin: E2E_WEB } });
  expect(oldPassword.status()).toBe(401);

  // "Sign in with GitHub" as the attacker's GitHub does not enter the owner's account: it makes one of its own.
  await steer('github', { user: attackersGitHub });
  await attacker.goto('/login');
  await attacker.getByRole('link', { name: 'Continue with GitHub' }).click();
  await expect(attacker).toHaveURL(/\/app\/dashboard$/);
  const entered = await attacker.request.get(`${E2E_API}/account/settings`, { headers: { Authorization: `Bearer ${await storedToken(attacker)}` } });
  expect(((await entered.json()) as { settings: { profile: { email: string } } }).settings.profile.email).toBe(attackersGitHub.emails[0]?.email);

  // The owner signs in with the new password: the reset confirmed the address, nothing is linked, and linking is open to them.
  await real.getByRole('link', { name: 'Sign In' }).click();
  await expect(real.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await real.getByLabel('Email', { exact: true }).fill(owner.email);
  await real.getByLabel('Password', { exact: true }).fill(newPassword);
  await real.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(real).toHaveURL('/app/dashboard');
  await real.goto('/app/settings');
  await expect(real.getByText('Not linked')).toHaveCount(2);
  await expect(real.getByRole('button', { name: 'Link GitHub' })).toBeEnabled();
  await expect(real.getByText(oauthMessages.confirmEmailToLink)).toHaveCount(0);
  await ownerContext.close();
});
