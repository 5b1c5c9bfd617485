import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authApiMessages, authMessages, emailOnlyMessages } from '../../src/domain/auth.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import {
  bearer,
  createTestApp,
  errorMessage,
  newUser,
  postJson,
  refreshCookieValue,
  register,
  signIn,
  withRefresh,
  WEB_ORIGIN,
  type TestApp,
} from '../test/helpers.ts';
import { serverMessages } from './validation.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const forgot = (body: unknown) => postJson(t.app, '/auth/forgot-password', body);
const reset = (body: unknown) => postJson(t.app, '/auth/reset-password', body);
const outbox = () => join(t.dir, 'outbox');

function outboxFiles(): string[] {
  try {
    return readdirSync(outbox()).sort();
  } catch {
    return [];
  }
}

/** Asks for a link and returns the token from the newest outbox file. */
async function requestLink(email: string): Promise<string> {
  const before = outboxFiles().length;
  expect((await forgot({ email })).statusCode).toBe(202);
  await t.app.background.drain();
  const files = outboxFiles();
  expect(files.length).toBe(before + 1);
  const eml = readFileSync(join(outbox(), files.at(-1) as string), 'utf8');
  const match = /\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(eml);
  expect(match).not.toBeNull();
  return match![1] as string;
}

describe('POST /auth/forgot-password', () => {
  it('answers 202 with the neutral message for an existing account, and writes the link to the outbox', async () => {
    const { user } = await register(t.app);
    const before = outboxFiles().length;
    const response = await forgot({ email: ` ${user.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'If an account exists for that email, a reset link is on its way.' });
    await t.app.background.drain();
    const files = outboxFiles();
    expect(files).toHaveLength(before + 1);
    const file = join(outbox(), files.at(-1) as string);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toMatch(new RegExp(`${WEB_ORIGIN}/resetPassword\\?token=[A-Za-z0-9_-]{43}\\b`));
  });

  it('answers exactly the same for an unknown email, and sends nothing', async () => {
    const known = await register(t.app);
    const before = outboxFiles().length;
    const a = await forgot({ email: known.user.email });
    const b = await forgot({ email: 'nobody-here@example.com' });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    await t.app.background.drain();
    expect(outboxFiles()).toHaveLength(before + 1);
  });

  it('stores only a hash of the reset token, valid for 30 minutes', async () => {
    const { user, id } = await register(t.app);
    const token = await requestLink(user.email);
    const rows = await t.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(30 * 60_000);
  });

  it.each([
    [{ email: '' }, emailOnlyMessages.required],
    [{ email: '  ' }, emailOnlyMessages.required],
    [{ email: 'nope' }, emailOnlyMessages.invalidEmail],
    [{}, 'Missing field "email".'],
    [{ email: 'a@b.co', extra: 1 }, 'Unknown field "extra".'],
    [{ email: 7 }, 'Field "email" must be a string.'],
  ])('%j → 400 %s', async (body, message) => {
    const response = await forgot(body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
  });

  it('sends through the configured mailer (SMTP in production)', async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = { description: 'memory', send: async (m) => void sent.push(m), close: () => {} };
    const other = await createTestApp({}, { mailer });
    try {
      const { user } = await register(other.app);
      // Registration mails its confirmation link first.
      expect(sent.map((m) => m.subject)).toEqual(['Confirm your email address for PathForge']);
      sent.length = 0;
      await postJson(other.app, '/auth/forgot-password', { email: user.email });
      await other.app.background.drain();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe(user.email);
      expect(sent[0]!.subject).toBe('Reset your PathForge password');
      expect(sent[0]!.text).toMatch(/http:\/\/localhost:5173\/resetPassword\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await other.close();
    }
  });

  it('a failing mailer is logged, never turned into an error response', async () => {
    const mailer: Mailer = { description: 'broken', send: async () => Promise.reject(new Error('smtp down')), close: () => {} };
    const other = await createTestApp({}, { mailer });
    try {
      const { user } = await register(other.app);
      const response = await postJson(other.app, '/auth/forgot-password', { email: user.email });
      expect(response.statusCode).toBe(202);
      await other.app.background.drain();
    } finally {
      await other.close();
    }
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password and signs the user out everywhere', async () => {
    const session = await signIn(t.app);
    const second = await postJson(t.app, '/auth/login', { email: session.user.email, password: session.user.password });
    const token = await requestLink(session.user.email);

    const response = await reset({ token, password: 'a brand new passphrase' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authApiMessages.passwordReset });
    expect(refreshCookieValue(response)).toBe('');

    // Old password out, new password in.
    const old = await postJson(t.app, '/auth/login', { email: session.user.email, password: session.user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await postJson(t.app, '/auth/login', { email: session.user.email, password: 'a brand new passphrase' });
    expect(fresh.statusCode).toBe(200);

    // Every earlier session is revoked: both refresh cookies, and the access token from before.
    for (const cookie of [session.refresh, refreshCookieValue(second) as string]) {
      expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(cookie))).statusCode).toBe(401);
    }
    const before = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(session.token) });
    expect(before.statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer((fresh.json() as { token: string }).token) });
    expect(after.statusCode).toBe(200);
  });

  it('a link works once', async () => {
    const { user } = await register(t.app);
    const token = await requestLink(user.email);
    expect((await reset({ token, password: 'first new password' })).statusCode).toBe(200);
    const again = await reset({ token, password: 'second new password' });
    expect(again.statusCode).toBe(400);
    expect(errorMessage(again)).toBe(authApiMessages.resetLinkInvalid);
  });

  it('using one link spends the other outstanding links of that account', async () => {
    const { user } = await register(t.app);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect((await reset({ token: second, password: 'first new password' })).statusCode).toBe(200);
    expect((await reset({ token: first, password: 'second new password' })).statusCode).toBe(400);
  });

  it('a link expires after 30 minutes', async () => {
    const { user } = await register(t.app);
    const token = await requestLink(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 60_000 + 1000);
    const response = await reset({ token, password: 'too late password' });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(authApiMessages.resetLinkInvalid);
  });

  it.each(['', 'x', 'A'.repeat(43), 'A'.repeat(44), '../../etc/passwd', 'A'.repeat(42) + '='])('an invalid token %j → 400', async (token) => {
    const response = await reset({ token, password: 'valid new password' });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(authApiMessages.resetLinkInvalid);
  });

  it.each([
    ['', authMessages.required],
    ['   ', authMessages.required],
    ['abc', authMessages.shortPassword],
    ['p'.repeat(129), serverMessages.passwordTooLong],
    ['letmein123', serverMessages.passwordCommon],
  ])('a new password %j → 400 %s, and the link still works', async (password, message) => {
    const user = newUser();
    await register(t.app, user);
    const token = await requestLink(user.email);
    const response = await reset({ token, password });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
    expect((await reset({ token, password: 'now a good password' })).statusCode).toBe(200);
  });

  it.each([
    [{ token: 'x' }, 'Missing field "password".'],
    [{ token: 'x', password: 'secret12', email: 'a@b.co' }, 'Unknown field "email".'],
    [{ token: 123, password: 'secret12' }, 'Field "token" must be a string.'],
  ])('%j → 400 %s', async (body, message) => {
    const response = await reset(body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
  });
});
