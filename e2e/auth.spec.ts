import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signAccessToken } from '../server/auth/jwt.ts';
import { E2E_API, E2E_JWT_SECRET, E2E_WEB } from '../playwright.config';
import { createSession, mailedLinkFor, newLearner, outbox, registerLearner, seedSession, signUpAndSignIn, toast } from './support';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

function storedSession(page: Page) {
  return page.evaluate(
    () =>
      JSON.parse(window.localStorage.getItem('pathforge') ?? 'null') as {
        state: { user: { username: string } | null; token: string | null };
        version: number;
      } | null,
  );
}

/** The newest reset link mailed to `email` (the API writes mail to the outbox without SMTP; a reset's notice comes after it). */
function resetLinkFor(email: string): string | null {
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return null;
  }
  const tokens = files
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((text) => text.includes(email))
    .map((text) => /\/resetPassword\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1])
    .filter((token): token is string => token !== undefined);
  return tokens.length > 0 ? `/resetPassword?token=${tokens.at(-1)}` : null;
}

test.describe('confirming the email address', () => {
  test('register, see the banner, open the link from the mail, and the banner is gone', async ({ page }) => {
    const learner = newLearner('confirm');
    await signUpAndSignIn(page, learner);

    const banner = page.getByRole('region', { name: 'Please confirm your email address' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(learner.email);

    await expect.poll(() => mailedLinkFor(learner.email, 'confirm-email'), { timeout: 10_000 }).not.toBeNull();
    // Opening the link sends nothing (a mail scanner may run the page): only the click confirms.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/auth/confirm-email')) posts.push(request.url());
    });
    await page.goto(mailedLinkFor(learner.email, 'confirm-email') ?? '');
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
    expect(posts).toHaveLength(1);
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Continue to PathForge' }).click();
    await expect(page).toHaveURL('/app/dashboard');
    await expect(page.getByRole('heading', { name: new RegExp(learner.username) })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: new RegExp(learner.username) })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

test.describe('changing the email address', () => {
  test('needs the password, waits for the new address to open its link, and tells the old one', async ({ page, request }) => {
    const session = await createSession(request, 'move');
    const next = newLearner('moved').email;
    await seedSession(page, session);
    await page.goto('/app/settings');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(session.learner.email);
    await email.fill(next);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter your current password to change your email.')).toBeVisible();
    await page.getByLabel('Current password', { exact: true }).fill(session.learner.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, `Check ${next} to confirm your new email address.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Email change waiting' })).toContainText(next);
    await expect(email).toHaveValue(session.learner.email);

    // The old address is told, with a way to undo it; the new one gets the link that makes it count.
    await expect.poll(() => mailedLinkFor(session.learner.email, 'undo-email-change'), { timeout: 10_000 }).not.toBeNull();
    await expect.poll(() => mailedLinkFor(next, 'confirm-email'), { timeout: 10_000 }).not.toBeNull();
    await page.goto(mailedLinkFor(next, 'confirm-email') ?? '');
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
    // A confirmed change ends every session: signed in again, with the new address.
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, next, session.learner.password);
    // Back where the learner was going.
    await expect(page).toHaveURL('/app/settings');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(next);
    await expect(page.getByRole('region', { name: 'Email change waiting' })).toHaveCount(0);
  });
});

test.describe('undoing an email change from the old address', () => {
  test('the undo page sends nothing on opening; one click undoes the change and signs out', async ({ page, request }) => {
    const session = await createSession(request, 'undo');
    const next = newLearner('undone').email;
    const asked = await request.put(`${E2E_API}/account/profile`, {
      data: { username: session.learner.username, email: next, currentPassword: session.learner.password },
      headers: { Origin: E2E_WEB, 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    });
    expect(asked.status()).toBe(200);
    await expect.poll(() => mailedLinkFor(session.learner.email, 'undo-email-change'), { timeout: 10_000 }).not.toBeNull();

    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes('/auth/undo-email-change')) posts.push(sent.url());
    });
    await page.goto(mailedLinkFor(session.learner.email, 'undo-email-change') ?? '');
    await expect(page.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    await page.getByRole('button', { name: 'Undo the email change' }).click();
    await expect(page.getByRole('heading', { name: 'Email change undone' })).toBeVisible();
    expect(posts).toHaveLength(1);
    // The session that asked for the change has ended.
    const me = await request.get(`${E2E_API}/auth/me`, { headers: { Origin: E2E_WEB, Authorization: `Bearer ${session.token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe('an account, from registration to sign-out', () => {
  test('register, sign in, stay signed in across a reload, sign out, and the app is closed again', async ({ page }) => {
    const learner = newLearner('journey');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByLabel('Full Name', { exact: true }).fill(learner.username);
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(toast(page, 'Account created successfully')).toBeVisible();
    await expect(page).toHaveURL('/login');
    // The registration form stays on screen until the sign-in page's code has loaded: wait for sign-in.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(learner.email);

    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, 'Logged in successfully')).toBeVisible();
    await expect(page).toHaveURL('/app/dashboard');
    await expect(page.getByRole('heading', { name: new RegExp(learner.username) })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL('/app/dashboard');
    await expect(page.getByRole('heading', { name: new RegExp(learner.username) })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    expect((await storedSession(page))?.state.token ?? null).toBeNull();

    await page.goto('/app/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('registering an email twice shows the server’s message and keeps the form filled', async ({ page, request }) => {
    const { learner } = await createSession(request, 'duplicate');
    await page.goto('/register');
    await page.getByLabel('Full Name', { exact: true }).fill('Someone Else');
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill('another-good-password');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(toast(page, 'An account with this email already exists')).toBeVisible();
    await expect(page).toHaveURL('/register');
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Someone Else');
  });

  test('a wrong password says so, and the sixth attempt in a minute says how long to wait', async ({ page, request }) => {
    // Registered only: a sign-in here would count towards the per-email limit.
    const learner = await registerLearner(request, 'wrong-password');
    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
      await signIn(page, learner.email, 'not-the-password');
      expect((await answer).status(), `attempt ${attempt}`).toBe(401);
      await expect(toast(page, 'Invalid email or password').first()).toBeVisible();
    }
    const sixth = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
    await signIn(page, learner.email, learner.password);
    expect((await sixth).status()).toBe(429);
    await expect(toast(page, /Too many attempts\. Try again in \d+ seconds?\./)).toBeVisible();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('a forgotten password', () => {
  test('the emailed link sets a new password; the old one stops working', async ({ page, request }) => {
    const { learner } = await createSession(request, 'reset');
    await page.goto('/login');
    await page.getByRole('link', { name: /Forgot password/i }).click();
    await expect(page).toHaveURL('/forgotPassword');
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('If an account exists for that email, a reset link is on its way.')).toBeVisible();

    await expect.poll(() => resetLinkFor(learner.email), { timeout: 10_000 }).not.toBeNull();
    await page.goto(resetLinkFor(learner.email) ?? '');
    const newPassword = 'a-brand-new-passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign In' }).click();
    await signIn(page, learner.email, learner.password);
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await signIn(page, learner.email, newPassword);
    await expect(page).toHaveURL('/app/dashboard');

    // The link works once.
    await page.goto(resetLinkFor(learner.email) ?? '');
    await page.getByLabel('New password', { exact: true }).fill('yet-another-passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('yet-another-passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'This reset link is invalid or has expired.')).toBeVisible();
  });
});

test.describe('an expired access token', () => {
  test('is refreshed silently: the learner stays signed in and gets a new token', async ({ page, request }) => {
    const { learner } = await createSession(request, 'refresh');
    await page.goto('/login');
    await signIn(page, learner.email, learner.password);
    await expect(page).toHaveURL('/app/dashboard');

    const session = await storedSession(page);
    const token = session?.state.token ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub: string;
      sid: string;
    };
    // The same session's token, signed by the server's key, but expired an hour ago.
    const expired = signAccessToken({ sub: claims.sub, sid: claims.sid }, Date.now() - 2 * 3600_000, 900, {
      secret: E2E_JWT_SECRET,
    });
    // Swap it in before the app starts (the running app would write its own copy back).
    await page.addInitScript((value) => {
      const stored = JSON.parse(window.localStorage.getItem('pathforge') ?? '{}') as { state: { token: string } };
      stored.state.token = value;
      window.localStorage.setItem('pathforge', JSON.stringify(stored));
    }, expired);

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/auth/refresh') && r.status() === 200);
    await page.reload();
    await refreshed;
    await expect(page).toHaveURL('/app/dashboard');
    await expect(page.getByRole('heading', { name: new RegExp(learner.username) })).toBeVisible();
    await expect.poll(async () => (await storedSession(page))?.state.token).not.toBe(expired);
    expect((await storedSession(page))?.state.token).not.toBe(token);
  });
});
