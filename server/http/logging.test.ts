/**
 * No token reaches the request log: an unsubscribe token in the path (one-click POST, the page's
 * JSON POST, a stray GET), the tokens of email, undo and reset links in bodies, and an OAuth
 * callback's code and state in the query. Each request's log lines are captured and searched.
 */
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, register, type TestApp } from '../test/helpers.ts';
import { redactUrl } from './logging.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  t = await createTestApp({}, { logger: { level: 'info', stream } });
});
afterAll(async () => {
  await t.close();
});

const opaque = () => randomBytes(32).toString('base64url');

/** The log lines written while `send` ran (the request's "incoming request" and "request completed" at least). */
async function logOf(send: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await send();
  await new Promise((resolve) => setImmediate(resolve));
  const written = lines.slice(from).join('\n');
  expect(written).toContain('incoming request');
  return written;
}

describe('the request log', () => {
  it('never holds an unsubscribe token: one-click form, JSON, or another method', async () => {
    const { id } = await register(t.app);
    const token = await t.app.reminders.unsubscribeToken(t.app.db, id, 'digest');
    const form = await logOf(() =>
      t.app.inject({
        method: 'POST',
        url: `/unsubscribe/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(form).not.toContain(token);
    expect(form).toContain('/unsubscribe/[redacted]');
    const json = await logOf(() => postJson(t.app, `/unsubscribe/${token}`, {}));
    expect(json).not.toContain(token);
    const stray = await logOf(() => t.app.inject({ method: 'GET', url: `/unsubscribe/${token}?via=mail` }));
    expect(stray).not.toContain(token);
    // The route still works: the one-click POST turned the digest off.
    expect((await postJson(t.app, `/unsubscribe/${token}`, {})).json()).toMatchObject({ kind: 'digest' });
  });

  it('never holds the token of an email, undo or reset link', async () => {
    for (const url of ['/auth/confirm-email', '/auth/undo-email-change']) {
      const token = opaque();
      expect(await logOf(() => postJson(t.app, url, { token }))).not.toContain(token);
    }
    const token = opaque();
    expect(await logOf(() => postJson(t.app, '/auth/reset-password', { token, password: 'Another-sturdy-1' }))).not.toContain(token);
    // A link opened against the API by mistake carries its token in the query.
    const stray = opaque();
    expect(await logOf(() => t.app.inject({ method: 'GET', url: `/confirm-email?token=${stray}` }))).not.toContain(stray);
  });

  it("never holds an OAuth callback's code or state", async () => {
    const code = opaque();
    const state = opaque();
    const log = await logOf(() => t.app.inject({ method: 'GET', url: `/auth/oauth/github/callback?code=${code}&state=${state}` }));
    expect(log).not.toContain(code);
    expect(log).not.toContain(state);
    expect(log).toContain('/auth/oauth/github/callback?code=[redacted]&state=[redacted]');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/unsubscribe/abc.def', '/unsubscribe/[redacted]'],
    ['/UNSUBSCRIBE/abc?x=1', '/UNSUBSCRIBE/[redacted]?x=[redacted]'],
    ['/learning/paths/frontend', '/learning/paths/frontend'],
    ['/learning/xp?period=week&flag', '/learning/xp?period=[redacted]&flag'],
    ['/unsubscribe/', '/unsubscribe/'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
