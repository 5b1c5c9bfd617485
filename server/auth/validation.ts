/**
 * The API's input rules. First the browser's own checks and messages (src/domain/auth.ts), so a
 * learner sees the same sentence from either side; then the server's extra rules (such as the
 * common-password list), all reported at once.
 */
import { validateProfile } from '../../src/domain/learning.ts';
import {
  authMessages,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  longerThan,
  PASSWORD_MIN_LENGTH,
  validateEmailOnly,
  validateLogin,
  validateRegister,
} from '../../src/domain/auth.ts';
import { normalizeUsername, usernameMessages, usernameProblems } from '../../src/domain/usernames.ts';
import { isCommonPassword } from './common-passwords.ts';

export { USERNAME_MAX, USERNAME_MIN } from '../../src/domain/usernames.ts';
export const EMAIL_MAX = EMAIL_MAX_LENGTH;
export const PASSWORD_MAX = 128;

/** The sentences of the server's extra rules; what the auth API answers otherwise is authMessages and authApiMessages (src/domain/auth.ts). */
export const serverMessages = {
  usernameLength: usernameMessages.length,
  usernameCharacters: usernameMessages.control,
  usernameBidi: usernameMessages.bidi,
  usernameInvisible: usernameMessages.invisible,
  usernameMarks: usernameMessages.marks,
  emailTooLong: `Email address must be at most ${EMAIL_MAX} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
} as const;

/** C0 and C1 control characters, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Length in characters (code points), not UTF-16 units. */
const characters = (value: string) => [...value].length;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** One message as a string, several as a list (the error body's `message`). */
export type Problems = string | string[];

function problems(list: string[]): Problems | null {
  if (list.length === 0) return null;
  return list.length === 1 ? (list[0] as string) : list;
}

function newPasswordProblems(password: string): string[] {
  const list: string[] = [];
  if (characters(password) > PASSWORD_MAX) list.push(serverMessages.passwordTooLong);
  else if (isCommonPassword(password)) list.push(serverMessages.passwordCommon);
  return list;
}

/** The server's rules for a name (normalised: src/domain/usernames.ts) and an email (trimmed, lower-cased), beyond the browser's. */
function identityProblems(username: string, email: string): string[] {
  const list: string[] = [];
  list.push(...usernameProblems(username));
  if (CONTROL_CHARACTERS.test(email)) list.push(authMessages.invalidEmail);
  else if (longerThan(email, EMAIL_MAX)) list.push(serverMessages.emailTooLong);
  return list;
}

export type RegisterInput = { username: string; email: string; password: string };
export type CleanRegistration = { username: string; email: string; password: string };

/** The registration to store, or what is wrong with it. */
export function checkRegistration(input: RegisterInput): { ok: true; value: CleanRegistration } | { ok: false; message: Problems } {
  const browser = validateRegister(input);
  if (browser) return { ok: false, message: browser };

  const username = normalizeUsername(input.username);
  const email = normalizeEmail(input.email);
  const list = [...identityProblems(username, email), ...newPasswordProblems(input.password)];

  const message = problems(list);
  return message ? { ok: false, message } : { ok: true, value: { username, email, password: input.password } };
}

export type LoginInput = { email: string; password: string };

/**
 * The browser's sign-in checks (400 with its message). Values that no account can have (too
 * long, control characters) are not reported here: they simply fail as wrong credentials.
 */
export function checkLogin(input: LoginInput): { ok: true; email: string } | { ok: false; message: string } {
  const browser = validateLogin(input);
  if (browser) return { ok: false, message: browser };
  return { ok: true, email: normalizeEmail(input.email) };
}

/** Could an account have this email and password at all? (False: skip the lookup, still hash.) */
export function couldBeAccount(email: string, password: string): boolean {
  return !longerThan(email, EMAIL_MAX) && !CONTROL_CHARACTERS.test(email) && EMAIL_PATTERN.test(email) && characters(password) <= PASSWORD_MAX;
}

/** The forgot-password form's checks (same messages as the browser's form). */
export function checkForgotPassword(email: string): { ok: true; email: string } | { ok: false; message: string } {
  const problem = validateEmailOnly(email);
  if (problem) return { ok: false, message: problem };
  return { ok: true, email: normalizeEmail(email) };
}

/** The new password on the reset form: the browser's rules, then the server's. */
export function checkNewPassword(password: string): Problems | null {
  if (password.trim() === '') return authMessages.required;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.shortPassword;
  return problems(newPasswordProblems(password));
}

/** The profile form (name and email): the browser's checks and messages, then the server's. */
export function checkProfile(input: { username: string; email: string }): { ok: true; username: string; email: string } | { ok: false; message: Problems } {
  const browser = validateProfile({ fullName: input.username, email: input.email });
  if (browser) return { ok: false, message: browser };
  const username = normalizeUsername(input.username);
  const email = normalizeEmail(input.email);
  const message = problems(identityProblems(username, email));
  return message ? { ok: false, message } : { ok: true, username, email };
}
