/**
 * Property-based fuzzing (fast-check): at least 1,000 generated requests per endpoint. For every
 * one: never a 5xx, always the `{message}` error shape on failure, and never an accepted
 * malformed payload. Acceptance is judged by a model written here from the API's input rules
 * (server/README.md), not
 * by calling the server's own validation code.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breaksEmailPattern, EMAIL_PATTERN } from '../src/domain/auth.ts';
import { normalizeUsername, usernameProblems } from '../src/domain/usernames.ts';
import { COMMON_PASSWORDS } from './auth/common-passwords.ts';
import { createTestApp, newUser, postJson, signIn, type TestApp, type TestUser } from './test/helpers.ts';

const RUNS = Math.max(1000, Number(process.env.FUZZ_RUNS ?? 1000));
let t: TestApp;
let known: TestUser;
let knownToken: string;
let knownRefresh: string;

beforeAll(async () => {
  t = await createTestApp();
  known = newUser();
  const session = await signIn(t.app, known);
  knownToken = session.token;
  knownRefresh = session.refresh;
});
afterAll(async () => {
  await t.close();
});

// ---------- the model ----------

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Printable ASCII only: what an HTTP header value can carry here. */
const headerSafe = (s: string) => /^[\x20-\x7e]*$/.test(s);
const codePoints = (s: string) => Array.from(s).length;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Exactly these keys, each a string. */
function wellFormed<K extends string>(body: unknown, keys: K[]): body is Record<K, string> {
  if (!isPlainObject(body)) return false;
  const present = Object.keys(body);
  return present.length === keys.length && keys.every((key) => Object.hasOwn(body, key) && typeof body[key] === 'string');
}

const emailAcceptable = (raw: string) => {
  const email = raw.trim().toLowerCase();
  return email !== '' && EMAIL_PATTERN.test(raw.trim()) && !CONTROL.test(email) && codePoints(email) <= 254;
};
const newPasswordAcceptable = (p: string) => p.trim() !== '' && p.length >= 6 && codePoints(p) <= 128 && !COMMON_PASSWORDS.has(p.toLowerCase());

function registrationAcceptable(b: Record<'username' | 'email' | 'password', string>): boolean {
  // The name's own rules (NFC, invisible and direction characters, combining marks) have their
  // property tests beside them (src/domain/usernames.test.ts); here the server must apply them.
  const username = normalizeUsername(b.username);
  const usernameOk = codePoints(username) >= 2 && codePoints(username) <= 50 && !CONTROL.test(username) && usernameProblems(username).length === 0;
  return usernameOk && emailAcceptable(b.email) && newPasswordAcceptable(b.password);
}

/** Every response: below 500, and a failure carries only a message (string or list of strings). */
function checkShape(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    const { message } = body;
    const ok = typeof message === 'string' || (Array.isArray(message) && message.every((m) => typeof m === 'string'));
    expect(ok, response.body).toBe(true);
    expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+|SQLITE_|node:internal|FST_ERR/);
  }
}

// ---------- generators ----------

const anyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom('', ' ', '\t', '\u0000', '\u2028', 'null', 'undefined', '{}', '[]', "' OR 1=1 --", '<script>'),
);
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const usernameLike = fc.oneof(
  anyString,
  fc.string({ minLength: 1, maxLength: 60 }).map((s) => ` ${s} `),
  fc.string({ unit: 'grapheme', minLength: 45, maxLength: 55 }),
);
const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
  fc.emailAddress().map((e) => `${'a'.repeat(240)}${e}`),
  anyString,
  fc.constantFrom('a@b', '@b.co', 'a@b.c', 'a b@c.de', 'a@@b.co', 'a@b.co\u0000'),
);
const passwordLike = fc.oneof(
  anyString,
  fc.string({ minLength: 6, maxLength: 30 }),
  fc.string({ minLength: 120, maxLength: 140 }),
  fc.constantFrom(...[...COMMON_PASSWORDS].slice(0, 30)),
  fc.constantFrom('      ', '12345', 'abcdef'),
);

/** Bodies near the valid shape (string fields, sometimes missing, wrong or extra) and far from it. */
function bodies(fields: Record<string, fc.Arbitrary<string>>) {
  const value = (arb: fc.Arbitrary<string>) => fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: notAString as fc.Arbitrary<unknown> });
  const shaped = fc.record(Object.fromEntries(Object.entries(fields).map(([k, arb]) => [k, value(arb)])) as Record<string, fc.Arbitrary<unknown>>, {
    requiredKeys: [],
  });
  const withExtra = fc
    .tuple(shaped, fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue(), { minKeys: 1, maxKeys: 2 }))
    .map(([a, b]) => ({ ...b, ...a }));
  const complete = fc.record(Object.fromEntries(Object.entries(fields).map(([k, arb]) => [k, arb])) as Record<string, fc.Arbitrary<string>>);
  return fc.oneof(
    { weight: 8, arbitrary: complete as fc.Arbitrary<unknown> },
    { weight: 3, arbitrary: shaped as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: withExtra as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.jsonValue() as fc.Arbitrary<unknown> },
  );
}

const params = { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) };

// ---------- properties ----------

describe(`fuzzing (${RUNS} runs per endpoint)`, () => {
  it('POST /auth/register accepts exactly the valid registrations', async () => {
    let created = 0;
    const plausible = fc.record({
      username: fc.string({ minLength: 2, maxLength: 40 }),
      email: fc.emailAddress(),
      password: fc.string({ minLength: 6, maxLength: 60 }),
    });
    const registrations = fc.oneof(
      { weight: 3, arbitrary: bodies({ username: usernameLike, email: emailLike, password: passwordLike }) },
      { weight: 1, arbitrary: plausible as fc.Arbitrary<unknown> },
    );
    await fc.assert(
      fc.asyncProperty(registrations, async (body) => {
        const response = await postJson(t.app, '/auth/register', body);
        checkShape(response);
        if (!wellFormed(body, ['username', 'email', 'password'])) {
          expect(response.statusCode).toBe(400);
          return;
        }
        if (!registrationAcceptable(body)) {
          expect(response.statusCode, JSON.stringify(body)).toBe(400);
          return;
        }
        expect([201, 409], JSON.stringify(body)).toContain(response.statusCode);
        if (response.statusCode === 201) {
          created += 1;
          const { user } = response.json() as { user: Record<string, string> };
          expect(user.username).toBe(body.username.trim().normalize('NFC'));
          expect(user.email).toBe(body.email.trim().toLowerCase());
          expect(response.body).not.toContain('argon2');
        }
      }),
      params,
    );
    expect(created).toBeGreaterThan(150); // the generator does reach the success path
  });

  it('POST /auth/login: 200 only for the right credentials, never a 5xx', async () => {
    const credentials = fc.oneof(
      { weight: 6, arbitrary: bodies({ email: emailLike, password: passwordLike }) },
      { weight: 1, arbitrary: fc.constant({ email: known.email, password: known.password }) },
      { weight: 1, arbitrary: passwordLike.map((password) => ({ email: known.email, password })) },
    );
    await fc.assert(
      fc.asyncProperty(credentials, async (body) => {
        const response = await postJson(t.app, '/auth/login', body);
        checkShape(response);
        if (!wellFormed(body, ['email', 'password'])) {
          expect(response.statusCode).toBe(400);
          return;
        }
        const correct = body.email.trim().toLowerCase() === known.email && body.password === known.password;
        if (correct) {
          expect(response.statusCode).toBe(200);
        } else {
          expect([400, 401]).toContain(response.statusCode);
          expect(response.headers['set-cookie']).toBeUndefined();
        }
      }),
      params,
    );
  });

  it('POST /auth/forgot-password: 202 for any well-formed email, 400 otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(bodies({ email: emailLike }), async (body) => {
        const response = await postJson(t.app, '/auth/forgot-password', body);
        checkShape(response);
        if (!wellFormed(body, ['email'])) {
          expect(response.statusCode).toBe(400);
          return;
        }
        const email = body.email.trim();
        // An email longer than any address is not given to the pattern; nothing is sent to it.
        expect(response.statusCode).toBe(email !== '' && !breaksEmailPattern(email) ? 202 : 400);
      }),
      params,
    );
    await t.app.background.drain();
  });

  it('POST /auth/reset-password: never accepts a token it did not issue', async () => {
    const token = fc.oneof(anyString, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), fc.string({ minLength: 40, maxLength: 50 }));
    await fc.assert(
      fc.asyncProperty(bodies({ token, password: passwordLike }), async (body) => {
        const response = await postJson(t.app, '/auth/reset-password', body);
        checkShape(response);
        expect(response.statusCode).toBe(400);
      }),
      params,
    );
  });

  it('POST /auth/refresh: only the real cookie refreshes', async () => {
    const cookie = fc.oneof(
      anyString.map((s) => `pf_refresh=${encodeURIComponent(s)}`),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `pf_refresh=${s}`),
      anyString.filter(headerSafe),
      fc.constant(''),
    );
    const body = fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.jsonValue() });
    await fc.assert(
      fc.asyncProperty(cookie, body, async (c, b) => {
        const response = await postJson(t.app, '/auth/refresh', b, c === '' ? {} : { cookie: c });
        checkShape(response);
        if (!isPlainObject(b) || Object.keys(b).length > 0) expect(response.statusCode).toBe(400);
        else expect(response.statusCode).toBe(401);
      }),
      params,
    );
    // The real session survived all that.
    expect((await postJson(t.app, '/auth/refresh', {}, { cookie: `pf_refresh=${knownRefresh}` })).statusCode).toBe(200);
  });

  it('POST /auth/logout: 204 for any cookie, 400 for any field', async () => {
    const cookie = fc.oneof(
      anyString.map((s) => `pf_refresh=${encodeURIComponent(s)}`),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `pf_refresh=${s}`),
    );
    const body = fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.jsonValue() });
    await fc.assert(
      fc.asyncProperty(cookie, body, async (c, b) => {
        const response = await postJson(t.app, '/auth/logout', b, { cookie: c });
        checkShape(response);
        expect(response.statusCode).toBe(isPlainObject(b) && Object.keys(b).length === 0 ? 204 : 400);
      }),
      params,
    );
  });

  it('GET /auth/me: any change to a real token, or any other header, is 401', async () => {
    const mutated = fc.tuple(fc.nat(), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.')).map(([i, ch]) => {
      const at = i % knownToken.length;
      const next = knownToken.slice(0, at) + ch + knownToken.slice(at + 1);
      return next === knownToken ? `${knownToken}x` : next;
    });
    const header = fc.oneof(
      mutated.map((tk) => `Bearer ${tk}`),
      anyString.filter(headerSafe).map((s) => `Bearer ${s}`),
      anyString.filter(headerSafe),
    );
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization } });
        checkShape(response);
        expect(response.statusCode, authorization).toBe(401);
      }),
      params,
    );
    const ok = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${knownToken}` } });
    expect(ok.statusCode).toBe(200);
  });

  it('any endpoint, any content type, any bytes: never a 5xx', async () => {
    const route = fc.constantFrom(
      '/auth/register',
      '/auth/login',
      '/auth/refresh',
      '/auth/logout',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/health',
      '/auth/me',
    );
    const contentType = fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=--x',
        'application/xml',
        'APPLICATION/JSON',
        '',
      ),
      fc.string({ maxLength: 30 }).filter(headerSafe),
    );
    const payload = fc.oneof(fc.string({ maxLength: 200 }), fc.json(), fc.string({ unit: 'binary', maxLength: 100 }));
    const method = fc.constantFrom('POST', 'GET', 'PUT', 'DELETE', 'PATCH');
    await fc.assert(
      fc.asyncProperty(method, route, contentType, payload, async (m, url, type, body) => {
        const response = await t.app.inject({
          method: m as 'POST',
          url,
          payload: m === 'GET' ? undefined : body,
          headers: type === '' ? {} : { 'content-type': type },
        });
        checkShape(response);
        const media = type.split(';')[0]?.trim().toLowerCase();
        const json = media === 'application/json';
        if (m === 'POST' && url !== '/health' && url !== '/auth/me' && !json) expect(response.statusCode).toBe(415);
        if (m === 'POST' && url.startsWith('/auth/') && url !== '/auth/me' && json) {
          // Nothing random gets in: at most the neutral reset answer or a no-field call.
          expect([202, 204, 400, 401]).toContain(response.statusCode);
          if (response.statusCode === 202) expect(url).toBe('/auth/forgot-password');
          if (response.statusCode === 204) expect(url).toBe('/auth/logout');
        }
      }),
      params,
    );
    await t.app.background.drain();
  });
});
