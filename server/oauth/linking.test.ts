/**
 * Linking a provider is a sensitive action (issue 34): it needs the current password (or, without
 * one, a fresh provider sign-in), a confirmed address and the session that started it; the owner
 * is mailed a notice with a one-click removal; a password change, a reset and an email change end
 * every session and list the linked sign-ins; a reset removes what was linked while the address
 * was unconfirmed; and every step is rate limited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { removeLinkTexts } from '../../src/domain/accountNotices.ts';
import { accountMessages } from '../../src/domain/account.ts';
import { LINK_REAUTH_MINUTES, linkedListSentence, oauthMessages } from '../../src/domain/oauth.ts';
import { fakeProvidersOAuth, startFakeGitHub, startFakeGoogle, type FakeGitHub, type FakeGoogle } from '../test/fake-providers.ts';
import {
  bearer,
  createTestApp,
  errorMessage,
  newUser,
  postJson,
  refreshCookieValue,
  register,
  setCookieHeaders,
  signIn,
  withRefresh,
  type TestApp,
} from '../test/helpers.ts';
import { confirmEmail, linksTo, mailTo, memoryMailer } from '../test/mailbox.ts';

let google: FakeGoogle;
let github: FakeGitHub;
let t: TestApp;
const mail = memoryMailer();
let clock = Date.parse('2026-11-28T12:00:00.000Z');

beforeAll(async () => {
  [google, github] = await Promise.all([startFakeGoogle(), startFakeGitHub()]);
  t = await createTestApp({ oauth: fakeProvidersOAuth(google, github) }, { now: () => clock, mailer: mail });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([google?.stop(), github?.stop()]);
});

let n = 0;
beforeEach(() => {
  n += 1;
  clock += 60 * 60_000;
  google.user = { sub: `google-link-${n}`, email: `gl${n}@example.com`, emailVerified: true, name: `Grace ${n}` };
  github.user = { id: 7000 + n, login: `octocat-${n}`, name: null, emails: [{ email: `ghl${n}@example.com`, primary: true, verified: true }] };
});

const oauthCookie = (response: LightMyRequestResponse) =>
  (setCookieHeaders(response)
    .find((c) => c.startsWith('pf_oauth='))
    ?.split(';')[0] as string | undefined) ?? null;
const location = (response: LightMyRequestResponse) => new URL(response.headers.location as string);
const linkStart = (token: string, provider: 'google' | 'github', body: Record<string, unknown> = {}) =>
  postJson(t.app, `/account/identities/${provider}`, body, bearer(token));

/** The provider's side, then the browser back at the callback with the transaction cookie. */
async function finish(started: LightMyRequestResponse) {
  expect(started.statusCode).toBe(200);
  const back = await fetch((started.json() as { url: string }).url, { redirect: 'manual' });
  const url = new URL(back.headers.get('location') as string);
  const cookie = oauthCookie(started);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
}

async function identitiesOf(userId: string) {
  return t.app.db.selectFrom('oauth_identities').select(['provider', 'subject', 'email_confirmed']).where('user_id', '=', userId).orderBy('provider').execute();
}

/** A learner with a password and a confirmed address, signed in. */
async function confirmedLearner() {
  const learner = await signIn(t.app);
  await confirmEmail(t.app, mail, learner.user.email);
  return learner;
}

/** A learner a provider made (no password), signed in with it just now: the access token and refresh cookie. */
async function providerLearner(provider: 'google' | 'github') {
  const started = await t.app.inject({ method: 'GET', url: `/auth/oauth/${provider}/start` });
  const back = await fetch(started.headers.location as string, { redirect: 'manual' });
  const url = new URL(back.headers.get('location') as string);
  const signedIn = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie: oauthCookie(started) as string } });
  const refreshed = await postJson(t.app, '/auth/refresh', {}, withRefresh(refreshCookieValue(signedIn) as string));
  const body = refreshed.json() as { token: string; user: { id: string; email: string } };
  return { token: body.token, id: body.user.id, email: body.user.email, refresh: refreshCookieValue(refreshed) as string };
}

describe('starting a link from Settings', () => {
  it('needs the current password: none, or a wrong one, is refused and stores nothing', async () => {
    const learner = await confirmedLearner();
    const none = await linkStart(learner.token, 'github');
    expect(none.statusCode).toBe(400);
    expect(errorMessage(none)).toBe(oauthMessages.passwordToLink('github'));
    expect(oauthCookie(none)).toBeNull();
    const wrong = await linkStart(learner.token, 'github', { password: 'Not-my-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(errorMessage(wrong)).toBe(accountMessages.wrongPassword);
    expect(oauthCookie(wrong)).toBeNull();
    expect(await t.app.db.selectFrom('oauth_transactions').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);

    const linked = await finish(await linkStart(learner.token, 'github', { password: learner.user.password }));
    expect(location(linked).searchParams.get('linked')).toBe('github');
    expect(await identitiesOf(learner.id)).toEqual([{ provider: 'github', subject: String(github.user.id), email_confirmed: 1 }]);
  });

  it('is refused while the address is unconfirmed (someone may have registered another person\u2019s address)', async () => {
    const learner = await signIn(t.app);
    const refused = await linkStart(learner.token, 'github', { password: learner.user.password });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(oauthMessages.confirmEmailToLink);
    expect(oauthCookie(refused)).toBeNull();
  });

  it(`without a password, needs a sign-in with a linked provider in the last ${LINK_REAUTH_MINUTES} minutes`, async () => {
    const learner = await providerLearner('google');
    const fresh = await linkStart(learner.token, 'github');
    expect(fresh.statusCode).toBe(200);

    clock += LINK_REAUTH_MINUTES * 60_000 + 1000;
    const refreshed = await postJson(t.app, '/auth/refresh', {}, withRefresh(learner.refresh));
    const stale = await linkStart((refreshed.json() as { token: string }).token, 'github');
    expect(stale.statusCode).toBe(403);
    expect(errorMessage(stale)).toBe(oauthMessages.signInAgainToLink('github', ['google']));
    // A password sent by an account without one proves nothing.
    expect((await linkStart((refreshed.json() as { token: string }).token, 'github', { password: 'anything-at-all' })).statusCode).toBe(403);
  });

  it('a link started before sign-out does not complete after it', async () => {
    const learner = await confirmedLearner();
    const started = await linkStart(learner.token, 'github', { password: learner.user.password });
    expect((await postJson(t.app, '/auth/logout', {}, { ...withRefresh(learner.refresh), ...bearer(learner.token) })).statusCode).toBe(204);
    const refused = await finish(started);
    expect(location(refused).pathname).toBe('/app/settings');
    expect(location(refused).searchParams.get('oauthError')).toBe('session_ended');
    expect(await identitiesOf(learner.id)).toEqual([]);
  });

  it('a link started before a password change (which ends every session) does not complete after it', async () => {
    const learner = await confirmedLearner();
    const started = await linkStart(learner.token, 'google', { password: learner.user.password });
    const changed = await postJson(t.app, '/account/password', { currentPassword: learner.user.password, newPassword: 'Another-sturdy-9' }, bearer(learner.token));
    expect(changed.statusCode).toBe(200);
    expect(location(await finish(started)).searchParams.get('oauthError')).toBe('session_ended');
    expect(await identitiesOf(learner.id)).toEqual([]);
  });
});

describe('the notice mailed when a provider is linked', () => {
  async function linkedGitHub() {
    const learner = await confirmedLearner();
    const other = await postJson(t.app, '/auth/login', { email: learner.user.email, password: learner.user.password });
    await finish(await linkStart(learner.token, 'github', { password: learner.user.password }));
    const [notice] = (await mailTo(t.app, mail, learner.user.email)).filter((m) => m.subject === 'GitHub was linked to your PathForge account');
    const [token] = await linksTo(t.app, mail, learner.user.email, 'remove-link');
    return { learner, notice, token: token as string, otherRefresh: refreshCookieValue(other) as string };
  }

  it('names the account and the time, and its link removes it and ends every session, once', async () => {
    const { learner, notice, token, otherRefresh } = await linkedGitHub();
    expect(notice?.text).toContain(`The GitHub account ${github.user.emails[0]?.email} was linked`);
    expect(notice?.text).toContain('UTC');

    const removed = await postJson(t.app, '/auth/oauth/remove-link', { token });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { message: string }).message).toBe(
      `${removeLinkTexts.done({ provider: 'github', label: github.user.emails[0]?.email as string }, true)} ${removeLinkTexts.next}`,
    );
    expect(refreshCookieValue(removed)).toBe('');
    expect(await identitiesOf(learner.id)).toEqual([]);
    // Every session is over: the access token, this refresh cookie and another device's.
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(learner.token) })).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(learner.refresh))).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(otherRefresh))).statusCode).toBe(401);
    // GitHub no longer signs in to this account.
    const again = await t.app.inject({ method: 'GET', url: '/auth/oauth/github/start' });
    const back = new URL((await fetch(again.headers.location as string, { redirect: 'manual' })).headers.get('location') as string);
    const signIn = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: oauthCookie(again) as string } });
    const session = await postJson(t.app, '/auth/refresh', {}, withRefresh(refreshCookieValue(signIn) as string));
    expect((session.json() as { user: { id: string } }).user.id).not.toBe(learner.id);

    const twice = await postJson(t.app, '/auth/oauth/remove-link', { token });
    expect(twice.statusCode).toBe(400);
    expect(errorMessage(twice)).toBe(removeLinkTexts.invalid);
    expect(errorMessage(await postJson(t.app, '/auth/oauth/remove-link', { token: 'not-a-token' }))).toBe(removeLinkTexts.invalid);
  });

  it("another learner's removal link does nothing to you", async () => {
    const mine = await linkedGitHub();
    github.user = { id: 8800 + n, login: `other-${n}`, name: null, emails: [{ email: `other${n}@example.com`, primary: true, verified: true }] };
    const theirs = await linkedGitHub();
    expect((await postJson(t.app, '/auth/oauth/remove-link', { token: theirs.token })).statusCode).toBe(200);
    expect(await identitiesOf(mine.learner.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(mine.learner.token) })).statusCode).toBe(200);
    expect(await identitiesOf(theirs.learner.id)).toEqual([]);
  });

  it('expires after a week', async () => {
    const { token } = await linkedGitHub();
    clock += 7 * 24 * 60 * 60_000 + 1000;
    expect((await postJson(t.app, '/auth/oauth/remove-link', { token })).statusCode).toBe(400);
  });
});

describe('a password change, a reset and an email change', () => {
  it('a password change ends every session (this browser gets a new one) and lists the linked sign-ins', async () => {
    const learner = await confirmedLearner();
    await finish(await linkStart(learner.token, 'github', { password: learner.user.password }));
    const changed = await postJson(t.app, '/account/password', { currentPassword: learner.user.password, newPassword: 'Another-sturdy-9' }, bearer(learner.token));
    const listed = linkedListSentence([{ provider: 'github', label: github.user.emails[0]?.email as string }]);
    expect((changed.json() as { message: string }).message).toBe(`${accountMessages.passwordChanged} ${listed}`);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(learner.refresh))).statusCode).toBe(401);
    const notice = (await mailTo(t.app, mail, learner.user.email)).find((m) => m.subject === 'Your PathForge password was changed');
    expect(notice?.text).toContain(listed);
  });

  it('a reset removes what was linked while the address was unconfirmed, keeps the rest, ends every session and says so', async () => {
    // Registered by someone else, never confirmed; an identity linked then (as the code before
    // this change allowed) and one linked once the address was confirmed.
    const owner = newUser();
    const { id } = await register(t.app, owner);
    const login = await postJson(t.app, '/auth/login', { email: owner.email, password: owner.password });
    const at = new Date(clock).toISOString();
    const identity = (provider: string, subject: string, confirmed: number) => ({
      id: crypto.randomUUID(),
      user_id: id,
      provider,
      subject,
      email: null,
      login: `${provider}-login-${n}`,
      created_at: at,
      last_used_at: at,
      email_confirmed: confirmed,
    });
    await t.app.db
      .insertInto('oauth_identities')
      .values([identity('github', String(github.user.id), 0), identity('google', `kept-${n}`, 1)])
      .execute();

    await postJson(t.app, '/auth/forgot-password', { email: owner.email });
    const [reset] = await linksTo(t.app, mail, owner.email, 'resetPassword');
    expect((await postJson(t.app, '/auth/reset-password', { token: reset, password: 'Owner-takes-back-1' })).statusCode).toBe(200);

    expect(await identitiesOf(id)).toEqual([{ provider: 'google', subject: `kept-${n}`, email_confirmed: 1 }]);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(refreshCookieValue(login) as string))).statusCode).toBe(401);
    const notice = (await mailTo(t.app, mail, owner.email)).find((m) => m.subject === 'Your PathForge password was reset');
    expect(notice?.text).toContain(linkedListSentence([{ provider: 'google', label: `google-login-${n}` }]));
    expect(notice?.text).toContain(`GitHub (github-login-${n})`);
    // The GitHub account no longer signs in to the owner's account.
    const started = await t.app.inject({ method: 'GET', url: '/auth/oauth/github/start' });
    const back = new URL((await fetch(started.headers.location as string, { redirect: 'manual' })).headers.get('location') as string);
    const signedIn = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: oauthCookie(started) as string } });
    const session = await postJson(t.app, '/auth/refresh', {}, withRefresh(refreshCookieValue(signedIn) as string));
    expect((session.json() as { user: { id: string } }).user.id).not.toBe(id);
  });

  it('a confirmed email change ends every session and tells the new address what is linked', async () => {
    const learner = await confirmedLearner();
    const next = newUser().email;
    const asked = await t.app.inject({
      method: 'PUT',
      url: '/account/profile',
      headers: { ...bearer(learner.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ username: learner.user.username, email: next, currentPassword: learner.user.password }),
    });
    expect(asked.statusCode).toBe(200);
    const [token] = await linksTo(t.app, mail, next, 'confirm-email');
    expect((await postJson(t.app, '/auth/confirm-email', { token })).statusCode).toBe(200);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(learner.refresh))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(learner.token) })).statusCode).toBe(401);
    const notice = (await mailTo(t.app, mail, next)).find((m) => m.subject === 'Your PathForge email address was changed');
    expect(notice?.text).toContain(linkedListSentence([]));
  });
});

describe('rate limits', () => {
  it('starting a link is limited per learner, and confirming a pending link per IP, with a clear 429', async () => {
    const limited = await createTestApp(
      { oauth: fakeProvidersOAuth(google, github), rateLimits: { loginPerMinutePerEmail: 2, loginPerMinutePerIp: 3 } },
      { mailer: memoryMailer() },
    );
    try {
      const learner = await signIn(limited.app);
      const tries = [];
      for (let i = 0; i < 3; i += 1) tries.push(await postJson(limited.app, '/account/identities/github', { password: 'wrong-password-1' }, bearer(learner.token)));
      expect(tries.map((r) => r.statusCode)).toEqual([409, 409, 429]);
      expect(errorMessage(tries[2] as LightMyRequestResponse)).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);

      const confirms = [];
      for (let i = 0; i < 4; i += 1) {
        // A new email each time: the per-email limit does not apply; the per-IP one does.
        confirms.push(await postJson(limited.app, '/auth/oauth/link/confirm', { link: 'x'.repeat(43), email: `someone${i}@example.com`, password: 'whatever-1' }));
      }
      expect(confirms.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
