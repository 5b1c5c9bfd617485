import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../src/domain/auth.ts';
import { sessionResponseSchema } from '../../src/api/auth/contract.ts';
import { PRODUCTION_ARGON2 } from '../config.ts';
import { createTestApp, errorMessage, newUser, postJson, register, setCookieHeaders, TEST_SECRET, type TestApp } from '../test/helpers.ts';
import { JWT_AUDIENCE, JWT_ISSUER, verifyAccessToken } from './jwt.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (body: unknown) => postJson(t.app, '/auth/login', body);

describe('POST /auth/login', () => {
  it('200 {user, token} and the refresh cookie, with exactly the right flags', async () => {
    const { user, id } = await register(t.app);
    const response = await login({ email: ` ${user.email.toUpperCase()} `, password: user.password });
    expect(response.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(response.json());
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toEqual({ id, username: user.username, email: user.email, createdAt: expect.any(String) });

    const claims = verifyAccessToken(body.token, Date.now(), { secret: TEST_SECRET });
    expect(claims).toMatchObject({ sub: id, iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    expect(claims!.exp - claims!.iat).toBe(15 * 60);

    const cookies = setCookieHeaders(response);
    expect(cookies).toHaveLength(1);
    const [pair, ...attributes] = (cookies[0] as string).split('; ');
    expect(pair).toMatch(/^pf_refresh=[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Strict', 'Secure']);
  });

  it('stores the refresh token only as a hash', async () => {
    const { user, id } = await register(t.app);
    const response = await login({ email: user.email, password: user.password });
    const token = (setCookieHeaders(response)[0] as string).split(';')[0]!.slice('pf_refresh='.length);
    const rows = await t.app.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const days = (Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)) / 86_400_000;
    expect(days).toBe(30);
  });

  it('a wrong password and an unknown email get the same 401 and body', async () => {
    const { user } = await register(t.app);
    const wrong = await login({ email: user.email, password: `${user.password}x` });
    const unknown = await login({ email: `nobody-${user.email}`, password: user.password });
    const overlong = await login({ email: user.email, password: 'p'.repeat(500) });
    for (const response of [wrong, unknown, overlong]) {
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Invalid email or password');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it.each([
    [{ email: '', password: 'secret1' }, authMessages.required],
    [{ email: 'a@b.co', password: '  ' }, authMessages.required],
    [{ email: 'nope', password: 'secret1' }, authMessages.invalidEmail],
    [{ email: 'a@b.co', password: 'short' }, authMessages.shortPassword],
  ])("%j → 400 %s (the browser's rules)", async (body, message) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
  });

  it.each([
    [{ email: 'a@b.co' }, 'Missing field "password".'],
    [{ email: 'a@b.co', password: 'secret1', remember: true }, 'Unknown field "remember".'],
    [{ email: 'a@b.co', password: 123456 }, 'Field "password" must be a string.'],
  ])('%j → 400 %s (strict payload)', async (body, message) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
  });
});

describe('login timing (production argon2 cost)', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ argon2: PRODUCTION_ARGON2 });
  });
  afterAll(async () => {
    await prod.close();
  });

  it('hashes with m=19456, t=2, p=1', async () => {
    const { user } = await register(prod.app);
    const row = await prod.app.db.selectFrom('users').select('password_hash').where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('takes as long for an unknown email as for a wrong password', async () => {
    const user = newUser();
    await register(prod.app, user);
    const time = async (email: string) => {
      const start = performance.now();
      const response = await postJson(prod.app, '/auth/login', { email, password: 'not-the-password' });
      expect(response.statusCode).toBe(401);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    await time(user.email); // warm-up
    for (let i = 0; i < 12; i += 1) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const ratio = median(unknown) / median(known);
    // Both run one argon2id verification at the production cost (several ms); without the dummy
    // hash an unknown email would answer in well under a tenth of that.
    expect(median(known)).toBeGreaterThan(3);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
