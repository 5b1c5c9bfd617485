/**
 * An account Google made has no password: changing the password, changing the email and deleting
 * the account say so plainly (never "not your current password"); a link mailed to its address is
 * the one way to set a password, after which all three work as for any account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/account.ts';
import { settingsResponseSchema } from '../../src/api/account/contract.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { fakeProvidersOAuth, startFakeGoogle, type FakeGoogle } from '../test/fake-providers.ts';
import { bearer, createTestApp, errorMessage, postJson, refreshCookieValue, signIn, type TestApp } from '../test/helpers.ts';

const LINKS_PER_HOUR = 2;

function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { description: 'memory', sent, send: async (message) => void sent.push(message), close: () => {} };
}

let google: FakeGoogle;
let t: TestApp;
let mail: ReturnType<typeof memoryMailer>;
beforeAll(async () => {
  google = await startFakeGoogle();
  mail = memoryMailer();
  t = await createTestApp(
    {
      oauth: fakeProvidersOAuth(google, null),
      rateLimits: { forgotPasswordPerHour: LINKS_PER_HOUR },
    },
    { mailer: mail },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

/** Mail goes out through the outbox after the response: wait for what is queued to be sent. */
const delivered = async () => {
  await t.app.background.drain();
  await t.app.outbox.sendDue();
};

let n = 0;
beforeEach(() => {
  n += 1;
  google.user = { sub: `google-no-password-${n}`, email: `np${n}@example.com`, emailVerified: true, name: `Nora ${n}` };
  mail.sent.length = 0;
});

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const settings = async (token: string) => settingsResponseSchema.parse((await call('GET', '/account/settings', token)).json()).settings;

/** Signs in with Google as a new learner: the account the provider made and its access token. */
async function providerAccount() {
  const started = await t.app.inject({ method: 'GET', url: '/auth/oauth/google/start' });
  const cookie = (started.headers['set-cookie'] as string[] | string).toString().match(/pf_oauth=[^;]+/)?.[0] as string;
  const authorized = await fetch(started.headers.location as string, { redirect: 'manual' });
  const back = new URL(authorized.headers.get('location') as string);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  const refreshed = await postJson(t.app, '/auth/refresh', {}, { cookie: `pf_refresh=${refreshCookieValue(callback)}` });
  expect(refreshed.statusCode).toBe(200);
  const { user, token } = refreshed.json() as { user: { id: string; email: string; username: string }; token: string };
  return { ...user, token };
}

function resetTokenIn(messages: MailMessage[]): string {
  const token = messages.flatMap((m) => [...m.text.matchAll(/\/resetPassword\?token=([A-Za-z0-9_-]{43})/g)].map((x) => x[1] as string)).at(-1);
  expect(token, 'a reset link').toBeDefined();
  return token as string;
}

describe('an account a provider made, before it has a password', () => {
  it('is told it has no password when it changes the password, changes its email or deletes itself', async () => {
    const learner = await providerAccount();
    expect((await settings(learner.token)).profile.hasPassword).toBe(false);

    for (const currentPassword of ['', '!no-password', 'a guess']) {
      const change = await call('POST', '/account/password', learner.token, { currentPassword, newPassword: 'Sturdy-pass-99' });
      expect(change.statusCode).toBe(400);
      expect(errorMessage(change)).toBe(accountMessages.noPassword);
      const deletion = await call('DELETE', '/account', learner.token, { password: currentPassword });
      expect(deletion.statusCode).toBe(400);
      expect(errorMessage(deletion)).toBe(accountMessages.noPassword);
      const email = await call('PUT', '/account/profile', learner.token, {
        username: learner.username,
        email: 'elsewhere@example.com',
        ...(currentPassword === '' ? {} : { currentPassword }),
      });
      expect(email.statusCode).toBe(400);
      expect(errorMessage(email)).toBe(accountMessages.noPassword);
    }
    // Nothing changed, and no password was set by any of it.
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', learner.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: learner.email, has_password: 0 });
    // The name alone needs no password.
    const renamed = await call('PUT', '/account/profile', learner.token, { username: 'Nora Renamed', email: learner.email });
    expect(renamed.statusCode).toBe(200);
  });

  it('sets a password through a link mailed to its address, then deletes itself with it', async () => {
    const learner = await providerAccount();
    const sent = await call('POST', '/account/password-link', learner.token, {});
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ message: accountMessages.passwordLinkSent(learner.email) });
    await delivered();
    const mailed = mail.sent.filter((m) => m.to === learner.email);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.subject).toBe('Set a password for your PathForge account');

    const reset = await postJson(t.app, '/auth/reset-password', { token: resetTokenIn(mailed), password: 'Brand-new-pass-1' });
    expect(reset.statusCode).toBe(200);
    // The reset ended every session; signing in with the new password works.
    const login = await postJson(t.app, '/auth/login', { email: learner.email, password: 'Brand-new-pass-1' });
    expect(login.statusCode).toBe(200);
    const { token } = login.json() as { token: string };
    expect((await settings(token)).profile.hasPassword).toBe(true);

    const again = await call('POST', '/account/password-link', token, {});
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(accountMessages.alreadyHasPassword);

    const wrong = await call('DELETE', '/account', token, { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(errorMessage(wrong)).toBe(accountMessages.wrongPassword);
    const deleted = await call('DELETE', '/account', token, { password: 'Brand-new-pass-1' });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', learner.id).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('oauth_identities').select('user_id').where('user_id', '=', learner.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('password_resets').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
  });

  it('asks for links no more often than the limit allows', async () => {
    const learner = await providerAccount();
    for (let i = 0; i < LINKS_PER_HOUR; i += 1) expect((await call('POST', '/account/password-link', learner.token, {})).statusCode).toBe(202);
    const limited = await call('POST', '/account/password-link', learner.token, {});
    expect(limited.statusCode).toBe(429);
    await delivered();
    expect(mail.sent.filter((m) => m.to === learner.email)).toHaveLength(LINKS_PER_HOUR);
  });
});

describe('an account with a password', () => {
  it('is refused a set-password link (409) and mails nothing', async () => {
    const { token, user } = await signIn(t.app);
    mail.sent.length = 0;
    expect((await settings(token)).profile.hasPassword).toBe(true);
    const response = await call('POST', '/account/password-link', token, {});
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe(accountMessages.alreadyHasPassword);
    await delivered();
    expect(mail.sent.filter((m) => m.to === user.email)).toEqual([]);
  });
});
