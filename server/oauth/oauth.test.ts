/**
 * Sign-in with Google (oauth2-mock-server) and GitHub (a loopback fake), both started here: new
 * learners, returning learners, no silent linking into a password account, linking and unlinking
 * from Settings, and every way a flow can go wrong ending without a session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { authApiMessages } from '../../src/domain/auth.ts';
import { oauthMessages } from '../../src/domain/oauth.ts';
import { loadConfig } from '../config.ts';
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
  WEB_ORIGIN,
  type TestApp,
} from '../test/helpers.ts';
import { OAUTH_TRANSACTION_SECONDS } from './routes.ts';
import { confirmEmail, memoryMailer } from '../test/mailbox.ts';

let google: FakeGoogle;
let github: FakeGitHub;
let t: TestApp;
const mail = memoryMailer();
let clock = Date.parse('2026-11-26T12:00:00.000Z');

beforeAll(async () => {
  [google, github] = await Promise.all([startFakeGoogle(), startFakeGitHub()]);
  t = await createTestApp({ oauth: fakeProvidersOAuth(google, github) }, { now: () => clock, mailer: mail });
  // Two fakes and an app: more than the default hook time on a busy machine.
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([google?.stop(), github?.stop()]);
});

let n = 0;
beforeEach(() => {
  n += 1;
  google.user = { sub: `google-sub-${n}`, email: `g${n}@example.com`, emailVerified: true, name: `Grace ${n}` };
  github.user = { id: 9000 + n, login: `octo-${n}`, name: null, emails: [{ email: `gh${n}@example.com`, primary: true, verified: true }] };
});

const oauthCookie = (response: LightMyRequestResponse) => setCookieHeaders(response).find((c) => c.startsWith('pf_oauth='));

/** The browser's start: the link to the API, which sets the transaction cookie and sends it to the provider. */
async function start(provider: 'google' | 'github') {
  const response = await t.app.inject({ method: 'GET', url: `/auth/oauth/${provider}/start` });
  expect(response.statusCode).toBe(302);
  const cookie = (oauthCookie(response) ?? '').split(';')[0] as string;
  return { response, cookie, authorize: new URL(response.headers.location as string) };
}

/** The provider's side: it redirects the browser back to the callback with a code and the state. */
async function authorize(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string);
}

async function callback(back: URL, cookie: string | null) {
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });
}

/** A whole sign-in; returns the callback's response. */
async function signInWith(provider: 'google' | 'github') {
  const { cookie, authorize: url } = await start(provider);
  return callback(await authorize(url), cookie);
}

const location = (response: LightMyRequestResponse) => new URL(response.headers.location as string);

async function sessionFrom(response: LightMyRequestResponse) {
  const refresh = refreshCookieValue(response);
  expect(refresh).toBeTruthy();
  const refreshed = await postJson(t.app, '/auth/refresh', {}, { cookie: `pf_refresh=${refresh}` });
  expect(refreshed.statusCode).toBe(200);
  return refreshed.json() as { user: { id: string; username: string; email: string }; token: string };
}

function expectRefused(response: LightMyRequestResponse, error: string, path = '/login') {
  expect(response.statusCode).toBe(303);
  const url = location(response);
  expect(url.origin).toBe(WEB_ORIGIN);
  expect(url.pathname).toBe(path);
  expect(url.searchParams.get('oauthError')).toBe(error);
  expect(refreshCookieValue(response)).toBeUndefined();
}

describe('configuration', () => {
  it('is off without credentials, and the buttons say so', async () => {
    const off = await createTestApp();
    try {
      const providers = await off.app.inject({ method: 'GET', url: '/auth/oauth/providers' });
      expect(providers.json()).toEqual({ providers: { google: false, github: false } });
      const started = await off.app.inject({ method: 'GET', url: '/auth/oauth/github/start' });
      expect(started.statusCode).toBe(303);
      expect(location(started).searchParams.get('oauthError')).toBe('not_configured');
      expect(oauthCookie(started)).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('needs both the id and the secret, and https for a provider off loopback', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
    expect(() => loadConfig({ GITHUB_CLIENT_ID: 'x', GITHUB_CLIENT_SECRET: 'y', GITHUB_URL: 'http://github.example' })).toThrow('https');
    const on = loadConfig({ GITHUB_CLIENT_ID: 'x', GITHUB_CLIENT_SECRET: 'y', PORT: '4100' });
    expect(on.oauth.github).toEqual({ clientId: 'x', clientSecret: 'y', webUrl: 'https://github.com', apiUrl: 'https://api.github.com' });
    expect(on.oauth.google).toBeNull();
    expect(on.oauth.apiOrigin).toBe('http://localhost:4100');
  });

  it('lists both when configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/oauth/providers' });
    expect(response.json()).toEqual({ providers: { google: true, github: true } });
  });
});

describe('starting', () => {
  it('binds a Lax, HttpOnly transaction cookie and sends PKCE, state and (Google) a nonce to the exact callback', async () => {
    const { response, authorize: url } = await start('google');
    const cookie = oauthCookie(response) as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth\/oauth/);
    expect(cookie).toMatch(new RegExp(`Max-Age=${OAUTH_TRANSACTION_SECONDS}`));
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:4000/auth/oauth/google/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();

    const gh = (await start('github')).authorize;
    expect(gh.origin).toBe(github.url);
    expect(gh.searchParams.get('redirect_uri')).toBe('http://localhost:4000/auth/oauth/github/callback');
    expect(gh.searchParams.get('code_challenge')).toBeTruthy();
    expect(gh.searchParams.get('state')).toBeTruthy();
  });

  it('is limited per IP like sign-in attempts (each start stores a transaction)', async () => {
    const limited = await createTestApp({
      rateLimits: { loginPerMinutePerIp: 2 },
      oauth: fakeProvidersOAuth(null, github),
    });
    try {
      const starts = [];
      for (let i = 0; i < 3; i += 1) starts.push(await limited.app.inject({ method: 'GET', url: '/auth/oauth/github/start' }));
      expect(starts.map((r) => r.statusCode)).toEqual([302, 302, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers 404 for an unknown provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/oauth/facebook/start' });
    expect(response.statusCode).toBe(404);
  });
});

describe('a new learner', () => {
  it.each(['google', 'github'] as const)('with %s gets an account without a password, signed in, email confirmed', async (provider) => {
    const response = await signInWith(provider);
    expect(response.statusCode).toBe(303);
    expect(location(response).pathname).toBe('/login');
    expect(location(response).searchParams.get('oauth')).toBe('signed-in');
    const session = await sessionFrom(response);
    const email = provider === 'google' ? google.user.email : github.user.emails[0]?.email;
    expect(session.user.email).toBe(email);
    expect(session.user.username).toBe(provider === 'google' ? google.user.name : github.user.login);

    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(row.has_password).toBe(0);
    expect(row.email_verified_at).not.toBeNull();
    // No password signs in: the same 401 as a wrong one.
    for (const password of ['', '!no-password', row.password_hash]) {
      const login = await postJson(t.app, '/auth/login', { email, password: password || 'anything' });
      expect(login.statusCode).toBe(401);
      expect(errorMessage(login)).toBe(authApiMessages.invalidCredentials);
    }
    const linked = await t.app.inject({ method: 'GET', url: '/account/identities', headers: bearer(session.token) });
    expect(linked.json()).toMatchObject({ hasPassword: false, identities: [{ provider, label: email }] });

    // Signing in again finds the same learner by the provider's id, not a second account.
    const again = await sessionFrom(await signInWith(provider));
    expect(again.user.id).toBe(session.user.id);
  });

  it('is found by the GitHub id even after renaming the login and changing the email', async () => {
    const first = await sessionFrom(await signInWith('github'));
    github.user = { ...github.user, login: 'renamed', emails: [{ email: 'other@example.com', primary: true, verified: true }] };
    const second = await sessionFrom(await signInWith('github'));
    expect(second.user.id).toBe(first.user.id);
  });

  it('keeps only a primary verified GitHub email, and refuses a GitHub account without one', async () => {
    github.user.emails = [
      { email: `unverified${n}@example.com`, primary: true, verified: false },
      { email: `secondary${n}@example.com`, primary: false, verified: true },
    ];
    expectRefused(await signInWith('github'), 'no_verified_email');
    google.user.emailVerified = false;
    expectRefused(await signInWith('google'), 'no_verified_email');
  });
});

describe('no silent linking', () => {
  it.each(['google', 'github'] as const)('a %s email of a password account asks for its password once, then links', async (provider) => {
    const owner = newUser({ email: provider === 'google' ? (google.user.email ?? '') : (github.user.emails[0]?.email ?? '') });
    const { id } = await register(t.app, owner);
    const response = await signInWith(provider);
    expect(response.statusCode).toBe(303);
    expect(refreshCookieValue(response)).toBeUndefined();
    const link = location(response).searchParams.get('link') as string;
    expect(location(response).searchParams.get('provider')).toBe(provider);
    expect(await t.app.db.selectFrom('oauth_identities').select('id').where('user_id', '=', id).execute()).toHaveLength(0);

    const wrong = await postJson(t.app, '/auth/oauth/link/confirm', { link, email: owner.email, password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(errorMessage(wrong)).toBe(authApiMessages.invalidCredentials);
    const otherAccount = await register(t.app);
    const foreign = await postJson(t.app, '/auth/oauth/link/confirm', { link, email: otherAccount.user.email, password: otherAccount.user.password });
    expect(foreign.statusCode).toBe(401);

    const confirmed = await postJson(t.app, '/auth/oauth/link/confirm', { link, email: owner.email, password: owner.password });
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as { user: { id: string } }).user.id).toBe(id);
    expect(refreshCookieValue(confirmed)).toBeTruthy();
    const reused = await postJson(t.app, '/auth/oauth/link/confirm', { link, email: owner.email, password: owner.password });
    expect(reused.statusCode).toBe(400);
    expect(errorMessage(reused)).toBe(oauthMessages.linkInvalid);

    // From now on the provider signs straight into that account, and the password still works.
    expect((await sessionFrom(await signInWith(provider))).user.id).toBe(id);
    expect((await postJson(t.app, '/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(200);
  });

  it('a pending link expires after 10 minutes', async () => {
    const owner = newUser({ email: google.user.email ?? '' });
    await register(t.app, owner);
    const link = location(await signInWith('google')).searchParams.get('link') as string;
    clock += OAUTH_TRANSACTION_SECONDS * 1000 + 1;
    const late = await postJson(t.app, '/auth/oauth/link/confirm', { link, email: owner.email, password: owner.password });
    expect(late.statusCode).toBe(400);
    expect(errorMessage(late)).toBe(oauthMessages.linkInvalid);
  });

  it('an unverified provider email of an existing account neither enters nor links it', async () => {
    const owner = newUser({ email: google.user.email ?? '' });
    await register(t.app, owner);
    google.user.emailVerified = false;
    expectRefused(await signInWith('google'), 'no_verified_email');
  });
});

describe('a flow that goes wrong ends without a session', () => {
  it('a mismatched state', async () => {
    const { cookie, authorize: url } = await start('google');
    const back = await authorize(url);
    back.searchParams.set('state', 'forged-state');
    expectRefused(await callback(back, cookie), 'state_mismatch');
  });

  it('no transaction cookie (a callback this browser did not start)', async () => {
    const { authorize: url } = await start('github');
    expectRefused(await callback(await authorize(url), null), 'expired');
  });

  it('a replayed callback (the transaction is single use)', async () => {
    const { cookie, authorize: url } = await start('github');
    const back = await authorize(url);
    expect((await callback(back, cookie)).statusCode).toBe(303);
    expectRefused(await callback(back, cookie), 'expired');
  });

  it('a replayed code with a new transaction (the verifier does not match)', async () => {
    const first = await start('github');
    const back = await authorize(first.authorize);
    await callback(back, first.cookie);
    const second = await start('github');
    back.searchParams.set('state', second.authorize.searchParams.get('state') as string);
    expectRefused(await callback(back, second.cookie), 'failed');
  });

  it('a wrong nonce in the id_token', async () => {
    google.tamperNonceOnce();
    expectRefused(await signInWith('google'), 'failed');
  });

  it('an expired transaction (over 10 minutes)', async () => {
    const { cookie, authorize: url } = await start('google');
    const back = await authorize(url);
    clock += OAUTH_TRANSACTION_SECONDS * 1000 + 1;
    expectRefused(await callback(back, cookie), 'expired');
  });

  it('the provider says no', async () => {
    github.denyOnce();
    expectRefused(await signInWith('github'), 'provider_error');
  });

  it('a transaction of one provider used at the other callback', async () => {
    const { cookie, authorize: url } = await start('google');
    const back = await authorize(url);
    const wrong = new URL(back);
    wrong.pathname = '/auth/oauth/github/callback';
    expectRefused(await callback(wrong, cookie), 'expired');
  });
});

describe('linked accounts in Settings', () => {
  it('links both providers, refuses to unlink the last way to sign in, and deleting the account deletes its identities', async () => {
    const session = await sessionFrom(await signInWith('google'));
    // Link GitHub from Settings: the API answers where to go and sets the transaction cookie.
    const linkStart = await postJson(t.app, '/account/identities/github', {}, bearer(session.token));
    expect(linkStart.statusCode).toBe(200);
    const cookie = (oauthCookie(linkStart) as string).split(';')[0] as string;
    const linked = await callback(await authorize(new URL((linkStart.json() as { url: string }).url)), cookie);
    expect(linked.statusCode).toBe(303);
    expect(location(linked).pathname).toBe('/app/settings');
    expect(location(linked).searchParams.get('linked')).toBe('github');
    expect(refreshCookieValue(linked)).toBeUndefined();

    const list = await t.app.inject({ method: 'GET', url: '/account/identities', headers: bearer(session.token) });
    expect((list.json() as { identities: { provider: string }[] }).identities.map((i) => i.provider)).toEqual(['google', 'github']);

    const unlinkGoogle = await t.app.inject({ method: 'DELETE', url: '/account/identities/google', headers: bearer(session.token) });
    expect(unlinkGoogle.statusCode).toBe(200);
    const last = await t.app.inject({ method: 'DELETE', url: '/account/identities/github', headers: bearer(session.token) });
    expect(last.statusCode).toBe(409);
    expect(errorMessage(last)).toBe(oauthMessages.lastMethod);
    const missing = await t.app.inject({ method: 'DELETE', url: '/account/identities/google', headers: bearer(session.token) });
    expect(missing.statusCode).toBe(404);

    // The identity is gone with the account (the cascade).
    await t.app.db.deleteFrom('users').where('id', '=', session.user.id).execute();
    expect(await t.app.db.selectFrom('oauth_identities').select('id').where('user_id', '=', session.user.id).execute()).toHaveLength(0);
  });

  it('a learner with a password may unlink their only identity', async () => {
    const learner = await signIn(t.app);
    await confirmEmail(t.app, mail, learner.user.email);
    const linkStart = await postJson(t.app, '/account/identities/google', { password: learner.user.password }, bearer(learner.token));
    const cookie = (oauthCookie(linkStart) as string).split(';')[0] as string;
    await callback(await authorize(new URL((linkStart.json() as { url: string }).url)), cookie);
    const unlinked = await t.app.inject({ method: 'DELETE', url: '/account/identities/google', headers: bearer(learner.token) });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ identities: [], hasPassword: true });
  });

  it("refuses to link an identity that is another learner's", async () => {
    await sessionFrom(await signInWith('github'));
    const learner = await signIn(t.app);
    await confirmEmail(t.app, mail, learner.user.email);
    const linkStart = await postJson(t.app, '/account/identities/github', { password: learner.user.password }, bearer(learner.token));
    const cookie = (oauthCookie(linkStart) as string).split(';')[0] as string;
    const refused = await callback(await authorize(new URL((linkStart.json() as { url: string }).url)), cookie);
    expectRefused(refused, 'identity_taken', '/app/settings');
  });

  it('needs a session, and reads only the token\u2019s learner', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/account/identities' })).statusCode).toBe(401);
    expect((await postJson(t.app, '/account/identities/github', {})).statusCode).toBe(401);
  });

  it('a password set through a reset link makes the provider account a password account', async () => {
    const session = await sessionFrom(await signInWith('google'));
    const row = await t.app.db.selectFrom('users').select(['id', 'email']).where('id', '=', session.user.id).executeTakeFirstOrThrow();
    const { hashToken } = await import('../auth/tokens.ts');
    await t.app.db
      .insertInto('password_resets')
      .values({
        id: crypto.randomUUID(),
        user_id: row.id,
        token_hash: hashToken('a'.repeat(43)),
        created_at: new Date(clock).toISOString(),
        expires_at: new Date(clock + 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    const reset = await postJson(t.app, '/auth/reset-password', { token: 'a'.repeat(43), password: 'Brand-new-pass-77' });
    expect(reset.statusCode).toBe(200);
    expect((await postJson(t.app, '/auth/login', { email: row.email, password: 'Brand-new-pass-77' })).statusCode).toBe(200);
  });
});
