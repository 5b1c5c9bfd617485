import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorMessage, postJson, WEB_ORIGIN, type TestApp } from './test/helpers.ts';
import { httpMessages } from './http/errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
];

describe('unknown routes', () => {
  it.each(['GET /nope', 'POST /auth/nope', 'GET /auth/login', 'DELETE /health', 'GET /auth/../../etc/passwd'])('%s is a JSON 404', async (route) => {
    const [method, url] = route.split(' ') as ['GET', string];
    const response = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorMessage(response)).toBe(httpMessages.notFound);
  });

  it('a malformed URL is a 400, not a crash', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/%E0%A4%A' });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    errorMessage(response);
  });
});

describe('security headers', () => {
  it.each([
    ['a success', () => t.app.inject({ method: 'GET', url: '/health' })],
    ['a 404', () => t.app.inject({ method: 'GET', url: '/missing' })],
    ['a 400', () => postJson(t.app, '/auth/login', { email: 1 })],
    ['a 415', () => t.app.inject({ method: 'POST', url: '/auth/login', payload: 'x', headers: { 'content-type': 'text/plain' } })],
    ['a 401', () => t.app.inject({ method: 'GET', url: '/auth/me' })],
  ])('are on %s', async (_name, send) => {
    const response = await send();
    for (const header of SECURITY_HEADERS) expect(response.headers[header], header).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('grants the web origin, with credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: WEB_ORIGIN } });
    expect(response.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toMatch(/origin/i);
    expect(response.headers['access-control-expose-headers']).toBe('Retry-After');
  });

  it("answers the web origin's preflight for a JSON POST with a bearer token", async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/login',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it.each(['https://evil.example', 'http://localhost:5174', 'null', 'http://localhost:5173.evil.example'])(
    'gives the foreign origin %s no grant, on requests and preflights',
    async (origin) => {
      const simple = await t.app.inject({ method: 'GET', url: '/health', headers: { origin } });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const post = await postJson(t.app, '/auth/login', { email: 'a@b.co', password: 'whatever1' }, { origin });
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/auth/login',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );
});

describe('request bodies', () => {
  const url = '/auth/login';

  it.each([
    ['text/plain', '{"email":"a@b.co","password":"secret1"}'],
    ['application/x-www-form-urlencoded', 'email=a%40b.co&password=secret1'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--'],
    ['application/jsonp', '{}'],
    ['application/json-patch+json', '{}'],
  ])('a state-changing call with %s is 415', async (type, payload) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
    expect(response.statusCode).toBe(415);
    expect(errorMessage(response)).toBe(httpMessages.mediaType);
  });

  it('a state-changing call without a content type is 415, even with no body', async () => {
    for (const path of ['/auth/login', '/auth/logout', '/auth/refresh']) {
      const response = await t.app.inject({ method: 'POST', url: path });
      expect(response.statusCode, path).toBe(415);
    }
  });

  it('accepts application/json with a charset parameter, in any case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' }),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('a body over 16 KiB is 413 with a message', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(17 * 1024) });
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(errorMessage(response)).toBe('Request body is too large (at most 16 KiB).');
  });

  it('a body just under 16 KiB is read', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(16 * 1024 - 40) });
    expect(payload.length).toBeLessThanOrEqual(16 * 1024);
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(401);
  });

  it.each(['{', '{"email": }', 'nul', '{"a":1}}', '\u0000'])('invalid JSON %j is 400', async (payload) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(httpMessages.invalidJson);
  });

  it.each(['{"__proto__":{"admin":true},"email":"a@b.co","password":"secret1"}', '{"constructor":{"prototype":{"x":1}}}'])(
    'prototype poisoning %s is 400',
    async (payload) => {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      errorMessage(response);
    },
  );

  it.each([
    ['an array', [], httpMessages.bodyNotObject],
    ['a string', 'hello', httpMessages.bodyNotObject],
    ['a number', 42, httpMessages.bodyNotObject],
    ['null', null, httpMessages.bodyNotObject],
    ['an unknown field', { email: 'a@b.co', password: 'secret1', admin: true }, 'Unknown field "admin".'],
    ['a missing field', { email: 'a@b.co' }, 'Missing field "password".'],
    ['a number for a string', { email: 'a@b.co', password: 123456 }, 'Field "password" must be a string.'],
    ['a boolean for a string', { email: true, password: 'secret1' }, 'Field "email" must be a string.'],
    ['an array for a string', { email: ['a@b.co'], password: 'secret1' }, 'Field "email" must be a string.'],
    ['null for a string', { email: null, password: 'secret1' }, 'Field "email" must be a string.'],
  ])('%s is rejected with a clear 400 (no coercion)', async (_name, body, message) => {
    const response = await postJson(t.app, url, body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
  });

  it('an empty JSON body counts as no fields', async () => {
    const response = await t.app.inject({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Missing field "email".');
  });
});
