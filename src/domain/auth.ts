/**
 * Sign-in and registration rules shared by the browser and the API server, and every sentence of
 * the auth API, once. The checks run in a fixed order (every field filled, then the email, then
 * the password's length) and their messages are the product's copy, word for word: the first rule
 * broken is the one shown.
 * No zod here (the sign-in pages load this at start-up); the API's shapes and their types are
 * src/api/auth/contract.ts's (the forms' values are the bodies of login and register).
 */
import type { LoginValues, RegisterValues } from '../api/auth/contract.ts';

export const PASSWORD_MIN_LENGTH = 6;

export const authMessages = {
  required: 'All fields are required!',
  invalidEmail: 'Invalid email address!',
  shortPassword: 'Password must be at least 6 characters!',
} as const;

/** What the auth API answers besides the form rules above, and the browser's toasts when it says yes. */
export const authApiMessages = {
  /** Sign-in (and linking a provider with the password): the same whether the email, the password or the account is wrong. */
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  /** POST /auth/forgot-password's neutral answer: it never tells whether an account exists for the email. */
  resetRequested: 'If an account exists for that email, a reset link is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset.',
  loggedIn: 'Logged in successfully',
  registered: 'Account created successfully',
} as const;

/** A current password that does not match (changing it, linking a provider): a refusal, never an ended session. */
export const PASSWORD_REFUSED = 'That is not your current password.';

/** Why the API refuses a protected call or a refresh (401). */
export const sessionMessages = {
  signInRequired: 'Sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

/** An email address is at most this many characters (code points; RFC 5321's limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Something@something.something with no white space anywhere: the language of
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/, written so that it cannot backtrack. That form could split the domain
 * at any of its dots, so a domain of many dots cost time quadratic in its length, all of it on the
 * server's only thread. Here every character has exactly one place: the
 * local part ends at the one "@", the domain's first character is any, then non-dots up to the first
 * dot after it, then at least one more character. A test costs time linear in the text.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** More than `max` characters (code points), counted no further than needed. */
export function longerThan(value: string, max: number): boolean {
  if (value.length <= max) return false; // UTF-16 units never number fewer than code points
  if (value.length > 2 * max) return true; // a code point is at most two units
  let count = 0;
  for (const _ of value) if (++count > max) return true;
  return false;
}

/**
 * Whether a (trimmed) email breaks the pattern. The length comes first: text longer than any
 * address is not given to the pattern at all, and is left to the length rule (the server refuses
 * it as too long, and no account can have it), so no input makes the pattern's work grow past
 * EMAIL_MAX_LENGTH characters.
 */
export function breaksEmailPattern(email: string): boolean {
  return !longerThan(email, EMAIL_MAX_LENGTH) && !EMAIL_PATTERN.test(email);
}

/** Returns the first rule a login form breaks, or null when it may be sent. */
export function validateLogin(values: LoginValues): string | null {
  return validateCredentials([values.email, values.password], values.email, values.password);
}

/** Same checks as login, with the username in the "all fields" test. */
export function validateRegister(values: RegisterValues): string | null {
  return validateCredentials([values.username, values.email, values.password], values.email, values.password);
}

function validateCredentials(required: string[], email: string, password: string): string | null {
  if (required.some((value) => value.trim() === '')) return authMessages.required;
  if (breaksEmailPattern(email.trim())) return authMessages.invalidEmail;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.shortPassword;
  return null;
}

/**
 * Which fields a sign-in or registration message is about, so a form marks exactly those invalid:
 * the empty ones for "all fields are required", the email or the password for the other two.
 */
export function credentialFieldsInError<V extends LoginValues | RegisterValues>(message: string, values: V): (keyof V & string)[] {
  const fields = Object.keys(values) as (keyof V & string)[];
  if (message === authMessages.required) return fields.filter((field) => String(values[field]).trim() === '');
  if (message === authMessages.invalidEmail) return fields.filter((field) => field === 'email');
  if (message === authMessages.shortPassword) return fields.filter((field) => field === 'password');
  return [];
}

/** The first rule a sign-in or registration form breaks, with the fields it is about; null when it may be sent. */
export function credentialsProblem<V extends LoginValues | RegisterValues>(
  values: V,
  validate: (values: V) => string | null,
): { message: string; fields: (keyof V & string)[] } | null {
  const message = validate(values);
  return message === null ? null : { message, fields: credentialFieldsInError(message, values) };
}

/** The forgot-password form's own messages (that form asks only for a required, valid email). */
export const emailOnlyMessages = {
  required: 'Enter your email address.',
  invalidEmail: authMessages.invalidEmail,
} as const;

/**
 * Checks a lone email field (forgot password): empty first, then the same pattern as sign-in. An email
 * over 254 characters is not given to the pattern: no account has one, so the server sends nothing.
 */
export function validateEmailOnly(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return emailOnlyMessages.required;
  if (breaksEmailPattern(trimmed)) return emailOnlyMessages.invalidEmail;
  return null;
}
