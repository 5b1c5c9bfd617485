import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breaksEmailPattern,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  longerThan,
  PASSWORD_MIN_LENGTH,
  authMessages,
  credentialFieldsInError,
  emailOnlyMessages,
  validateEmailOnly,
  validateLogin,
  validateRegister,
} from './auth';

const ok = { email: 'ada@example.com', password: 'secret1' };
const okRegister = { username: 'Ada Lovelace', ...ok };

describe('auth messages, word for word as the product states them', () => {
  it("are the product's texts", () => {
    expect(authMessages).toEqual({
      required: 'All fields are required!',
      invalidEmail: 'Invalid email address!',
      shortPassword: 'Password must be at least 6 characters!',
    });
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });
});

describe('validateLogin', () => {
  it('accepts a valid email and a password of exactly 6 characters', () => {
    expect(validateLogin(ok)).toBeNull();
    expect(validateLogin({ email: 'a@b.co', password: '123456' })).toBeNull();
  });

  it.each([
    ['empty email', { email: '', password: 'secret1' }],
    ['empty password', { email: 'ada@example.com', password: '' }],
    ['both empty', { email: '', password: '' }],
    ['whitespace-only email', { email: '   ', password: 'secret1' }],
    ['whitespace-only password', { email: 'ada@example.com', password: ' \t  ' }],
    ['whitespace-only both', { email: ' ', password: '\n' }],
  ])('requires every field: %s', (_name, values) => {
    expect(validateLogin(values)).toBe('All fields are required!');
  });

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada@example.', 'ada @example.com', 'ada@exa mple.com', 'a@b@c.com'])('rejects the email %j', (email) => {
    expect(validateLogin({ email, password: 'secret1' })).toBe('Invalid email address!');
  });

  it('ignores white space around the email', () => {
    expect(validateLogin({ email: '  ada@example.com\t', password: 'secret1' })).toBeNull();
  });

  it('needs at least 6 characters of password (5 fails, 6 passes)', () => {
    expect(validateLogin({ ...ok, password: '12345' })).toBe('Password must be at least 6 characters!');
    expect(validateLogin({ ...ok, password: 'a' })).toBe('Password must be at least 6 characters!');
    expect(validateLogin({ ...ok, password: '123456' })).toBeNull();
  });

  it('counts white space inside a password (it is not trimmed for the length check)', () => {
    expect(validateLogin({ ...ok, password: ' 1234 ' })).toBeNull();
    expect(validateLogin({ ...ok, password: ' 123 ' })).toBe('Password must be at least 6 characters!');
  });

  it('checks in order: required, then email, then password length', () => {
    // Empty password and a bad email: "required" wins.
    expect(validateLogin({ email: 'not-an-email', password: '' })).toBe('All fields are required!');
    // Bad email and a short password: the email wins.
    expect(validateLogin({ email: 'not-an-email', password: '123' })).toBe('Invalid email address!');
  });
});

describe('validateRegister', () => {
  it('accepts a complete registration', () => {
    expect(validateRegister(okRegister)).toBeNull();
    expect(validateRegister({ username: 'A', email: 'a@b.co', password: '123456' })).toBeNull();
  });

  it.each([
    ['empty username', { ...okRegister, username: '' }],
    ['whitespace-only username', { ...okRegister, username: '   ' }],
    ['empty email', { ...okRegister, email: '' }],
    ['whitespace-only email', { ...okRegister, email: '  ' }],
    ['empty password', { ...okRegister, password: '' }],
    ['whitespace-only password', { ...okRegister, password: '      ' }],
    ['everything empty', { username: '', email: '', password: '' }],
  ])('requires every field: %s', (_name, values) => {
    expect(validateRegister(values)).toBe('All fields are required!');
  });

  it('rejects a malformed email', () => {
    expect(validateRegister({ ...okRegister, email: 'ada.example.com' })).toBe('Invalid email address!');
    expect(validateRegister({ ...okRegister, email: 'ada@ex ample.com' })).toBe('Invalid email address!');
  });

  it('needs at least 6 characters of password (5 fails, 6 passes)', () => {
    expect(validateRegister({ ...okRegister, password: '12345' })).toBe('Password must be at least 6 characters!');
    expect(validateRegister({ ...okRegister, password: '123456' })).toBeNull();
  });

  it('checks in order: required (username included), then email, then password length', () => {
    expect(validateRegister({ username: '', email: 'bad', password: '1' })).toBe('All fields are required!');
    expect(validateRegister({ username: 'Ada', email: 'bad', password: '1' })).toBe('Invalid email address!');
    expect(validateRegister({ username: 'Ada', email: 'ada@example.com', password: '1' })).toBe('Password must be at least 6 characters!');
  });
});

describe('validateEmailOnly (forgot password)', () => {
  it('has its own "empty" message and shares the invalid-email one', () => {
    expect(emailOnlyMessages).toEqual({ required: 'Enter your email address.', invalidEmail: 'Invalid email address!' });
  });

  it.each(['', ' ', '\t\n  '])('asks for an email when it is empty or white space (%j)', (email) => {
    expect(validateEmailOnly(email)).toBe('Enter your email address.');
  });

  it.each(['ada', 'ada@example', 'ada@@example.com', 'ada @example.com', '@example.com'])('rejects %j', (email) => {
    expect(validateEmailOnly(email)).toBe('Invalid email address!');
  });

  it.each(['ada@example.com', '  ada@example.com  ', 'first.last+tag@sub.example.co.uk'])('accepts %j', (email) => {
    expect(validateEmailOnly(email)).toBeNull();
  });

  it('uses the same pattern as sign-in', () => {
    for (const email of ['ada@example.com', 'ada@example', 'a b@c.d']) {
      expect(validateEmailOnly(email) === null).toBe(EMAIL_PATTERN.test(email));
      expect(validateEmailOnly(email) === null).toBe(validateLogin({ email, password: 'secret1' }) === null);
    }
  });
});

describe('credentialFieldsInError', () => {
  it('marks the empty fields for "all fields are required"', () => {
    expect(credentialFieldsInError(authMessages.required, { username: ' ', email: 'a@b.co', password: '' })).toEqual(['username', 'password']);
  });
  it('marks the email or the password for their own messages, and nothing for anything else', () => {
    const values = { email: 'x', password: '1' };
    expect(credentialFieldsInError(authMessages.invalidEmail, values)).toEqual(['email']);
    expect(credentialFieldsInError(authMessages.shortPassword, values)).toEqual(['password']);
    expect(credentialFieldsInError('Something else', values)).toEqual([]);
  });
});

describe('the email pattern cannot backtrack', () => {
  /** The pattern as the product first wrote it: the language to keep. */
  const ORIGINAL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  const emailish = fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '\t', '\u00a0', '-', 'é', '🦊'), maxLength: 14 });

  it('accepts exactly what the original pattern accepts', () => {
    fc.assert(
      fc.property(emailish, (text) => {
        expect(EMAIL_PATTERN.test(text)).toBe(ORIGINAL.test(text));
      }),
      { numRuns: 20_000 },
    );
    for (const text of ['a@..b', 'a@.b', 'a@b.', 'a@b..', 'a@.b.', 'a@b.c', 'a@bc', 'a@.', '.@a.b', 'a@b.c.d', 'a@b@c.d']) {
      expect(EMAIL_PATTERN.test(text), text).toBe(ORIGINAL.test(text));
    }
  });

  it('counts characters (code points) for the length, looking no further than needed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(60), (text, max) => {
        expect(longerThan(text, max)).toBe([...text].length > max);
      }),
    );
    expect(longerThan('🦊'.repeat(254), EMAIL_MAX_LENGTH)).toBe(false);
    expect(longerThan('🦊'.repeat(255), EMAIL_MAX_LENGTH)).toBe(true);
  });

  it('checks the length first: text longer than an address is left to the length rule, never given to the pattern', () => {
    const longValid = `${'a'.repeat(243)}@example.com`; // 255 characters
    const longInvalid = `a@${'.'.repeat(16_250)}@`;
    expect(breaksEmailPattern(longValid)).toBe(false);
    expect(breaksEmailPattern(longInvalid)).toBe(false);
    expect(breaksEmailPattern(`${'a'.repeat(242)}@example.com`)).toBe(false);
    expect(breaksEmailPattern(`${'a'.repeat(240)}@@example.com`)).toBe(true);
    expect(breaksEmailPattern(`${'🦊'.repeat(200)}@@example.com`)).toBe(true);
  });
});
