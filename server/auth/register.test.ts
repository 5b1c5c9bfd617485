import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../src/domain/auth.ts';
import { userResponseSchema } from '../../src/api/auth/contract.ts';
import { createTestApp, errorMessage, newUser, postJson, register, type TestApp } from '../test/helpers.ts';
import { serverMessages } from './validation.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (body: unknown) => postJson(t.app, '/auth/register', body);

describe('POST /auth/register', () => {
  it('creates the account: 201 {user}, username trimmed, email trimmed and lower-cased', async () => {
    const response = await send({ username: '  Ada Lovelace ', email: '  Ada.Lovelace@Example.COM ', password: 'analytical engine' });
    expect(response.statusCode).toBe(201);
    const body = userResponseSchema.parse(response.json());
    expect(Object.keys(body)).toEqual(['user']);
    expect(Object.keys(body.user).sort()).toEqual(['createdAt', 'email', 'id', 'username']);
    expect(body.user).toMatchObject({ username: 'Ada Lovelace', email: 'ada.lovelace@example.com' });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.user.createdAt as string).toISOString()).toBe(body.user.createdAt);
    expect(response.body).not.toMatch(/hash|argon|analytical/i);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('stores an argon2id hash, never the password', async () => {
    const user = newUser();
    await register(t.app, user);
    const row = await t.app.db.selectFrom('users').selectAll().where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash).not.toContain(user.password);
  });

  it('an email already registered is 409, whatever its case and spacing', async () => {
    const user = newUser();
    await register(t.app, user);
    for (const email of [user.email, ` ${user.email.toUpperCase()} `]) {
      const response = await send({ ...newUser(), email });
      expect(response.statusCode).toBe(409);
      expect(errorMessage(response)).toBe('An account with this email already exists');
    }
  });

  describe("the browser's rules and messages, in the browser's order", () => {
    it.each([
      [{ username: '', email: 'a@b.co', password: 'secret1' }, authMessages.required],
      [{ username: '   ', email: 'a@b.co', password: 'secret1' }, authMessages.required],
      [{ username: 'Ada', email: ' ', password: 'secret1' }, authMessages.required],
      [{ username: 'Ada', email: 'a@b.co', password: '' }, authMessages.required],
      [{ username: 'Ada', email: 'not-an-email', password: '' }, authMessages.required],
      [{ username: 'Ada', email: 'not-an-email', password: 'secret1' }, authMessages.invalidEmail],
      [{ username: 'Ada', email: 'a b@c.de', password: 'secret1' }, authMessages.invalidEmail],
      [{ username: 'Ada', email: 'a@b', password: 'x' }, authMessages.invalidEmail],
      [{ username: 'Ada', email: 'a@b.co', password: '12345' }, authMessages.shortPassword],
      [{ username: 'Ada', email: 'a@b.co', password: '     ' }, authMessages.required],
      [{ username: 'Ada', email: 'a@b.co', password: ' abc ' }, authMessages.shortPassword],
    ])('%j → 400 %s', async (body, message) => {
      const response = await send(body);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(message);
    });
  });

  describe("the server's extra rules", () => {
    const ok = () => newUser();
    it.each([
      ['a 1-character username', { username: ' A ' }, serverMessages.usernameLength],
      ['a 51-character username', { username: 'a'.repeat(51) }, serverMessages.usernameLength],
      ['a username with a control character', { username: 'Ada\u0007' }, serverMessages.usernameCharacters],
      ['a username with a line break', { username: 'Ada\nLovelace' }, serverMessages.usernameCharacters],
      ['a 255-character email', { email: `${'a'.repeat(243)}@example.com` }, serverMessages.emailTooLong],
      ['a 129-character password', { password: 'p'.repeat(129) }, serverMessages.passwordTooLong],
      ['a common password', { password: 'password123' }, serverMessages.passwordCommon],
      ['a common password in other case', { password: 'QWERTY123' }, serverMessages.passwordCommon],
    ])('%s → 400', async (_name, change, message) => {
      const response = await send({ ...ok(), ...change });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(message);
    });

    it('reports every broken server rule at once, as a list', async () => {
      const response = await send({ username: 'A', email: `${'a'.repeat(243)}@example.com`, password: 'iloveyou' });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toEqual([serverMessages.usernameLength, serverMessages.emailTooLong, serverMessages.passwordCommon]);
    });

    it.each([
      ['2-character username', { username: 'Al' }],
      ['50-character username', { username: 'a'.repeat(50) }],
      ['emoji username (counted in characters)', { username: '🦊'.repeat(50) }],
      ['254-character email', { email: `${'a'.repeat(242)}@example.com` }],
      ['128-character password', { password: 'p'.repeat(128) }],
      ['6-character password', { password: 'xk7#qz' }],
    ])('accepts a %s', async (_name, change) => {
      const response = await send({ ...ok(), ...change });
      expect(response.statusCode, response.body).toBe(201);
    });
  });

  describe('strict payloads', () => {
    it.each([
      [{ username: 'Ada', email: 'a@b.co' }, 'Missing field "password".'],
      [{ username: 'Ada', email: 'a@b.co', password: 'secret1', role: 'admin' }, 'Unknown field "role".'],
      [{ username: 42, email: 'a@b.co', password: 'secret1' }, 'Field "username" must be a string.'],
      [{ username: 'Ada', email: 'a@b.co', password: 1234567 }, 'Field "password" must be a string.'],
      [{ username: 'Ada', email: 'a@b.co', password: { $gt: '' } }, 'Field "password" must be a string.'],
    ])('%j → 400 %s', async (body, message) => {
      const response = await send(body);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(message);
    });
  });
});
