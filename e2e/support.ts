import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_API, E2E_FAKES_CONTROL, E2E_WEB } from '../playwright.config';

export const password = 'correct-horse-battery';

/** Each test gets its own learner: tests never depend on each other's data. */
export function newLearner(tag: string) {
  const id = `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { username: `Learner ${tag}`, email: `${id}@example.com`, password };
}

/** Signs a new learner up, then in, through the screens a person uses; ends on the dashboard. */
export async function signUpAndSignIn(page: Page, learner: ReturnType<typeof newLearner>) {
  await page.goto('/register');
  await page.getByLabel('Full Name', { exact: true }).fill(learner.username);
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL('/login');
  // The address changes as the navigation starts; while the sign-in page's code loads, the form on
  // screen is still the registration's (its field is also "Password"). Type once sign-in shows.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/app/dashboard');
}

const headers = { Origin: E2E_WEB, 'Content-Type': 'application/json' };

/** Registers a new learner through the real API (no sign-in). */
export async function registerLearner(request: APIRequestContext, tag: string) {
  const learner = newLearner(tag);
  const registered = await request.post(`${E2E_API}/auth/register`, { data: learner, headers });
  if (registered.status() !== 201) throw new Error(`register failed: ${registered.status()} ${await registered.text()}`);
  return learner;
}

/** Registers and signs in through the real API; returns what the web app stores. */
export async function createSession(request: APIRequestContext, tag: string) {
  const learner = await registerLearner(request, tag);
  const login = await request.post(`${E2E_API}/auth/login`, { data: { email: learner.email, password }, headers });
  if (login.status() !== 200) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const body = (await login.json()) as { user: { username: string }; token: string };
  return { learner, ...body };
}

/** Puts a signed-in session in the browser's storage before the app starts, as a reload would find it. */
export async function seedSession(page: Page, session: { user: unknown; token: string }) {
  await page.addInitScript(
    (value) => {
      window.localStorage.setItem('pathforge', JSON.stringify({ state: value, version: 1 }));
    },
    { user: session.user, token: session.token },
  );
}

/** The toast that says `text` (toasts live in a region outside the page's main content). */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /notifications/i }).getByText(text);

/**
 * Holds back the app's scripts until `release()`: the page as a slow connection shows it. The
 * page's boot script (src/delivery/boot.ts, half a kilobyte, loaded with the page) is let through.
 */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

let n = 0;
/** A fresh identity at each provider, with a verified email (or the one given). */
export async function newProviderPerson(tag: string, email?: string) {
  n += 1;
  const id = `${tag}-${Date.now().toString(36)}-${n}`;
  const address = email ?? `${id}@example.com`;
  await fetch(`${E2E_FAKES_CONTROL}/google`, {
    method: 'POST',
    body: JSON.stringify({ user: { sub: `g-${id}`, email: address, emailVerified: true, name: `Grace ${tag}` } }),
  });
  await fetch(`${E2E_FAKES_CONTROL}/github`, {
    method: 'POST',
    body: JSON.stringify({
      user: { id: Date.now() * 10 + n, login: `octo-${tag}-${n}`, name: `Octo ${tag}`, emails: [{ email: address, primary: true, verified: true }] },
    }),
  });
  return address;
}

/** Where the API of the e2e run writes its mail (no SMTP): one .eml file a message. */
export const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The newest link to `page` mailed to `email`, as a path of the web app, or null. */
export function mailedLinkFor(email: string, page: 'confirm-email' | 'remove-link' | 'undo-email-change' | 'resetPassword'): string | null {
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return null;
  }
  const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`);
  const tokens = files
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((text) => text.includes(`To: ${email}`))
    .map((text) => pattern.exec(text)?.[1])
    .filter((token): token is string => token !== undefined);
  return tokens.length > 0 ? `/${page}?token=${tokens.at(-1)}` : null;
}
