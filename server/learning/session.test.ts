/**
 * Every read of /learning ends with the learner's session, at once: the routes that check the
 * session in their own query (the path page, the leaderboard; server/auth/authenticate.ts) as
 * much as those that check it first. Signed out, or the account deleted: 401, whatever the route
 * and even for a path that does not exist; another session of the same learner is untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorMessage, postJson, signIn, WEB_ORIGIN, withRefresh, type TestApp } from '../test/helpers.ts';
import { sessionMessages } from '../../src/domain/auth.ts';

let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Every GET of /learning (a real path, a missing one, each board period). */
const reads = () => [
  '/learning/paths',
  `/learning/paths/${slug}`,
  '/learning/paths/no-such-path',
  '/learning/projects/no-such-project',
  '/learning/xp',
  '/learning/xp/history',
  '/learning/leaderboard',
  '/learning/leaderboard?period=day',
];

describe('the end of a session ends every /learning read at once', () => {
  beforeAll(async () => {
    const { token } = await signIn(t.app);
    slug = ((await get('/learning/paths', token)).json() as { paths: { slug: string }[] }).paths[0]!.slug;
  });

  it('signed out: 401 on every read, for the session signed out only', async () => {
    const session = await signIn(t.app);
    const other = await postJson(t.app, '/auth/login', { email: session.user.email, password: session.user.password });
    const otherToken = (other.json() as { token: string }).token;
    for (const url of reads()) expect((await get(url, session.token)).statusCode, url).toBeLessThan(500);
    expect((await get(`/learning/paths/${slug}`, session.token)).statusCode).toBe(200);
    expect((await get('/learning/leaderboard', session.token)).statusCode).toBe(200);

    expect((await postJson(t.app, '/auth/logout', {}, withRefresh(session.refresh))).statusCode).toBe(204);
    for (const url of reads()) {
      const response = await get(url, session.token);
      expect(response.statusCode, url).toBe(401);
      expect(errorMessage(response), url).toBe(sessionMessages.sessionExpired);
      expect(response.headers['www-authenticate'], url).toBe('Bearer error="invalid_token"');
    }
    for (const url of reads().filter((u) => !u.includes('no-such'))) expect((await get(url, otherToken)).statusCode, url).toBe(200);
  });

  it('the account deleted: 401 on every read', async () => {
    const session = await signIn(t.app);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/account',
      headers: { ...bearer(session.token), origin: WEB_ORIGIN, 'content-type': 'application/json' },
      payload: { password: session.user.password },
    });
    expect(deleted.statusCode).toBe(200);
    for (const url of reads()) expect((await get(url, session.token)).statusCode, url).toBe(401);
  });
});
