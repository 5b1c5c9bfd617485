import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  errorMessage,
  postJson,
  refreshCookieValue,
  setCookieHeaders,
  signIn,
  TEST_SECRET,
  withRefresh,
  type TestApp,
} from '../test/helpers.ts';
import { signAccessToken } from './jwt.ts';
import { sessionMessages } from '../../src/domain/auth.ts';

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

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/auth/me', headers });
const refresh = (cookie?: string, body: unknown = {}) => postJson(t.app, '/auth/refresh', body, cookie === undefined ? {} : withRefresh(cookie));
const logout = (cookie?: string) => postJson(t.app, '/auth/logout', {}, cookie === undefined ? {} : withRefresh(cookie));

/** Cookie attributes, sorted, without the value. */
function cookieAttributes(header: string): string[] {
  return header.split('; ').slice(1).sort();
}

describe('GET /auth/me', () => {
  it('returns {user} for a valid bearer token', async () => {
    const { token, id, user } = await signIn(t.app);
    const response = await me(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id, username: user.username, email: user.email, createdAt: expect.any(String) },
    });
  });

  it('without a token: 401 and a Bearer challenge', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(errorMessage(response)).toBe(sessionMessages.signInRequired);
  });

  it('for an account that no longer exists: 401', async () => {
    const { token, id } = await signIn(t.app);
    await t.app.db.deleteFrom('users').where('id', '=', id).execute();
    const response = await me(bearer(token));
    expect(response.statusCode).toBe(401);
  });
});

describe('JWT tampering gets 401', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const hmac = (alg: 'sha256' | 'sha512', input: string, secret = TEST_SECRET) => createHmac(alg, secret).update(input).digest('base64url');
  let token: string;
  let sub: string;
  let sid: string;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    const session = await signIn(t.app);
    token = session.token;
    sub = session.id;
    claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
    sid = claims.sid as string;
  });

  const forge = (header: object, payload: object, sign: (input: string) => string) => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${sign(input)}`;
  };

  const cases: Array<[string, () => string]> = [
    ['alg none, no signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['alg none with the original signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${token.split('.')[2]}`],
    ['alg "None"', () => forge({ alg: 'None', typ: 'JWT' }, claims, () => '')],
    [
      'an altered signature',
      () => {
        const [h, p, s] = token.split('.') as [string, string, string];
        const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
        return `${h}.${p}.${flipped}`;
      },
    ],
    ['a truncated signature', () => token.slice(0, -2)],
    [
      'an altered payload (another user)',
      () => {
        const [h, , s] = token.split('.') as [string, string, string];
        return `${h}.${b64({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })}.${s}`;
      },
    ],
    [
      'an extended expiry',
      () => {
        const [h, , s] = token.split('.') as [string, string, string];
        return `${h}.${b64({ ...claims, exp: (claims.exp as number) + 86_400 })}.${s}`;
      },
    ],
    ['the wrong audience', () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'someone-else' }, (i) => hmac('sha256', i))],
    ['an audience list without ours', () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: ['a', 'b'] }, (i) => hmac('sha256', i))],
    ['the wrong issuer', () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'evil' }, (i) => hmac('sha256', i))],
    ['another session id', () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: 'made-up' }, (i) => hmac('sha256', i))],
    ['no session id', () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: undefined }, (i) => hmac('sha256', i))],
    ['no expiry', () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: undefined }, (i) => hmac('sha256', i))],
    ['an expiry in the past', () => signAccessToken({ sub, sid }, Date.now() - 16 * 60_000, 15 * 60, { secret: TEST_SECRET })],
    [
      'issued in the future',
      () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: (claims.iat as number) + 3600, exp: (claims.exp as number) + 3600 }, (i) => hmac('sha256', i)),
    ],
    ['another secret', () => signAccessToken({ sub, sid }, Date.now(), 900, { secret: 'another-secret-that-is-long-enough-0000' })],
    ['HS512', () => forge({ alg: 'HS512', typ: 'JWT' }, claims, (i) => hmac('sha512', i))],
    ['RS256 header with an HMAC signature', () => forge({ alg: 'RS256', typ: 'JWT' }, claims, (i) => hmac('sha256', i))],
    ['a crit header', () => forge({ alg: 'HS256', typ: 'JWT', crit: ['exp'] }, claims, (i) => hmac('sha256', i))],
    ['two parts', () => token.split('.').slice(0, 2).join('.')],
    ['four parts', () => `${token}.x`],
    ['garbage', () => 'not-a-token'],
    ['padding characters', () => `${token}==`],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const response = await me(bearer(make()));
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe(sessionMessages.sessionExpired);
    expect(response.headers['www-authenticate']).toContain('invalid_token');
  });

  it.each(['Basic dXNlcjpwYXNz', `Token ${'x'}`, 'Bearer', 'Bearer ', `Bearer  a b`])('authorization %j', async (header) => {
    const response = await me({ authorization: header });
    expect(response.statusCode).toBe(401);
  });

  it('the untouched token still works (the cases above are the only difference)', async () => {
    expect((await me(bearer(token))).statusCode).toBe(200);
  });

  it('expires after 15 minutes (fake clock)', async () => {
    const fresh = await signIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await me(bearer(fresh.token))).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await me(bearer(fresh.token))).statusCode).toBe(401);
    // …and the refresh cookie gets a new one.
    const renewed = await refresh(fresh.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await me(bearer((renewed.json() as { token: string }).token))).statusCode).toBe(200);
  });
});

describe('POST /auth/refresh', () => {
  it('returns a new access token and rotates the refresh cookie', async () => {
    const session = await signIn(t.app);
    const response = await refresh(session.refresh);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; user: { id: string } };
    expect(body.user.id).toBe(session.id);
    expect((await me(bearer(body.token))).statusCode).toBe(200);
    const next = refreshCookieValue(response);
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(session.refresh);
    expect(cookieAttributes(setCookieHeaders(response)[0] as string)).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Strict', 'Secure']);
    // The new one works in turn.
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('accepts an empty JSON body as well as {}', async () => {
    const session = await signIn(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'content-type': 'application/json', ...withRefresh(session.refresh) },
    });
    expect(response.statusCode).toBe(200);
  });

  it('a reused (already rotated) token revokes its whole family', async () => {
    const session = await signIn(t.app);
    const other = await postJson(t.app, '/auth/login', { email: session.user.email, password: session.user.password });
    const otherRefresh = refreshCookieValue(other) as string;

    const first = await refresh(session.refresh);
    const current = refreshCookieValue(first) as string;
    const second = await refresh(current);
    const newest = refreshCookieValue(second) as string;

    // The stolen, already-rotated token is presented again:
    const reused = await refresh(session.refresh);
    expect(reused.statusCode).toBe(401);
    expect(errorMessage(reused)).toBe(sessionMessages.sessionEnded);
    expect(refreshCookieValue(reused)).toBe('');

    // Every token of that family is now dead, including the newest one…
    expect((await refresh(newest)).statusCode).toBe(401);
    expect((await refresh(current)).statusCode).toBe(401);
    const family = await t.app.db.selectFrom('refresh_tokens').select(['revoked_at']).where('user_id', '=', session.id).where('token_hash', '!=', '').execute();
    expect(family.filter((row) => row.revoked_at === null)).toHaveLength(1); // only the other sign-in
    // …the access tokens of that session too…
    expect((await me(bearer(session.token))).statusCode).toBe(401);
    expect((await me(bearer((second.json() as { token: string }).token))).statusCode).toBe(401);
    // …while the same user's other sign-in (another family) is untouched.
    expect((await refresh(otherRefresh)).statusCode).toBe(200);
  });

  it('two refreshes racing with one token: one wins, then the family is revoked', async () => {
    const session = await signIn(t.app);
    const [a, b] = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const winner = a.statusCode === 200 ? a : b;
    expect((await refresh(refreshCookieValue(winner))).statusCode).toBe(401);
  });

  it.each([
    ['no cookie', undefined],
    ['an empty cookie', ''],
    ['a malformed cookie', 'not a token;'],
    ['an unknown token', 'A'.repeat(43)],
  ])('%s → 401, and the cookie is cleared', async (_name, cookie) => {
    const response = await refresh(cookie);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe(sessionMessages.sessionEnded);
    expect(refreshCookieValue(response)).toBe('');
  });

  it('an expired refresh token (after 30 days) → 401', async () => {
    const session = await signIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 86_400_000 + 1000);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('takes no fields', async () => {
    const session = await signIn(t.app);
    const response = await refresh(session.refresh, { token: session.refresh });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Unknown field "token".');
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session and clears the cookie with the same flags', async () => {
    const session = await signIn(t.app);
    const rotated = refreshCookieValue(await refresh(session.refresh)) as string;
    const response = await logout(rotated);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cookies = setCookieHeaders(response);
    expect(cookies).toHaveLength(1);
    expect((cookies[0] as string).split('; ')[0]).toBe('pf_refresh=');
    const attributes = cookieAttributes(cookies[0] as string);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure']));
    expect(attributes.some((a) => a === 'Max-Age=0' || a.startsWith('Expires=Thu, 01 Jan 1970'))).toBe(true);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('ends the access token of that session at once, not other sessions', async () => {
    const session = await signIn(t.app);
    const other = await postJson(t.app, '/auth/login', { email: session.user.email, password: session.user.password });
    const otherToken = (other.json() as { token: string }).token;
    expect((await logout(session.refresh)).statusCode).toBe(204);
    expect((await me(bearer(session.token))).statusCode).toBe(401);
    expect((await me(bearer(otherToken))).statusCode).toBe(200);
  });

  it('with only the access token (no cookie) ends that session: its access token and its refresh family', async () => {
    const session = await signIn(t.app);
    const other = await postJson(t.app, '/auth/login', { email: session.user.email, password: session.user.password });
    const otherToken = (other.json() as { token: string }).token;
    const otherRefresh = refreshCookieValue(other) as string;

    const response = await postJson(t.app, '/auth/logout', {}, bearer(session.token));
    expect(response.statusCode).toBe(204);
    expect(refreshCookieValue(response)).toBe('');

    expect((await me(bearer(session.token))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/learning/paths', headers: bearer(session.token) })).statusCode).toBe(401);
    const refreshed = await refresh(session.refresh);
    expect(refreshed.statusCode).toBe(401);
    expect(errorMessage(refreshed)).toBe(sessionMessages.sessionEnded);
    // The learner's other sign-in goes on.
    expect((await me(bearer(otherToken))).statusCode).toBe(200);
    expect((await refresh(otherRefresh)).statusCode).toBe(200);
  });

  it('with both the cookie and the access token ends each session they name', async () => {
    const first = await signIn(t.app);
    const second = await postJson(t.app, '/auth/login', { email: first.user.email, password: first.user.password });
    const secondRefresh = refreshCookieValue(second) as string;
    const response = await postJson(t.app, '/auth/logout', {}, { ...withRefresh(secondRefresh), ...bearer(first.token) });
    expect(response.statusCode).toBe(204);
    expect((await me(bearer(first.token))).statusCode).toBe(401);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(secondRefresh)).statusCode).toBe(401);
  });

  it('with only an expired access token still ends the session it names (its refresh family would live on)', async () => {
    const session = await signIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000); // past the 15-minute access token, inside the refresh token's 30 days
    expect((await me(bearer(session.token))).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/logout', {}, bearer(session.token))).statusCode).toBe(204);
    const refreshed = await refresh(session.refresh);
    expect(refreshed.statusCode).toBe(401);
    expect(errorMessage(refreshed)).toBe(sessionMessages.sessionEnded);
  });

  it('with an access token that proves nothing (tampered, or not a bearer token) answers 204 and ends nothing else', async () => {
    const session = await signIn(t.app);
    const [header, payload] = session.token.split('.') as [string, string, string];
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await postJson(t.app, '/auth/logout', {}, bearer(tampered))).statusCode).toBe(204);
    expect((await postJson(t.app, '/auth/logout', {}, { authorization: 'Basic abc' })).statusCode).toBe(204);
    expect((await me(bearer(session.token))).statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(200);
  });

  it('without a cookie still answers 204 and clears it', async () => {
    const response = await logout();
    expect(response.statusCode).toBe(204);
    expect(refreshCookieValue(response)).toBe('');
  });

  it('with an unknown or malformed cookie still answers 204', async () => {
    expect((await logout('B'.repeat(43))).statusCode).toBe(204);
    expect((await logout('%%%')).statusCode).toBe(204);
  });

  it('takes no fields', async () => {
    const response = await postJson(t.app, '/auth/logout', { everywhere: true });
    expect(response.statusCode).toBe(400);
  });
});
