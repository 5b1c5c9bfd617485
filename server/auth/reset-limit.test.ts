/**
 * Setting a password with a mailed link is rate limited per IP and per link (from any address),
 * and cancelling a waiting email change per learner: each 429 says when to try again.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, errorMessage, postJson, signIn, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { resetPasswordPerHour: 3, resetPasswordPerTokenPerHour: 2, emailCancelsPerHour: 2 } });
});
afterAll(async () => {
  await t.close();
});

const token = () => randomBytes(32).toString('base64url');
const reset = (from: string, link: string) => postJson(t.app, '/auth/reset-password', { token: link, password: 'Another-sturdy-1' }, {}, { remoteAddress: from });

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(errorMessage(response)).toMatch(/^Too many attempts\. Try again in \d+ (seconds|minutes)\.$/);
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
}

describe('POST /auth/reset-password', () => {
  it('is limited per IP address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await reset('10.0.0.1', token())).statusCode).toBe(400);
    expectTooMany(await reset('10.0.0.1', token()));
    // Another address is not held back.
    expect((await reset('10.0.0.2', token())).statusCode).toBe(400);
  });

  it('is limited per link, whichever address tries it', async () => {
    const link = token();
    expect((await reset('10.0.1.1', link)).statusCode).toBe(400);
    expect((await reset('10.0.1.2', link)).statusCode).toBe(400);
    expectTooMany(await reset('10.0.1.3', link));
    expect((await reset('10.0.1.3', token())).statusCode).toBe(400);
  });
});

describe('DELETE /account/email/pending', () => {
  it('is limited per learner', async () => {
    const ada = await signIn(t.app);
    const bob = await signIn(t.app);
    const cancel = (accessToken: string) => t.app.inject({ method: 'DELETE', url: '/account/email/pending', headers: bearer(accessToken) });
    expect((await cancel(ada.token)).statusCode).toBe(200);
    expect((await cancel(ada.token)).statusCode).toBe(200);
    expectTooMany(await cancel(ada.token));
    expect((await cancel(bob.token)).statusCode).toBe(200);
  });
});
