/**
 * Sign-in and registration rules shared by the browser and the API server.
 * The order of the checks and the exact messages are the product's (spec §5).
 */

export const PASSWORD_MIN_LENGTH = 6;

export const authMessages = {
  required: 'All fields are required!',
  invalidEmail: 'Invalid email address!',
  shortPassword: 'Password must be at least 6 characters!',
} as const;

/** Something@something.something with no white space anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginValues = { email: string; password: string };
export type RegisterValues = { username: string; email: string; password: string };

/** Returns the first rule a login form breaks, or null when it may be sent. */
export function validateLogin(values: LoginValues): string | null {
  return validateCredentials([values.email, values.password], values.email, values.password);
}

/** Same checks as login, with the username in the "all fields" test. */
export function validateRegister(values: RegisterValues): string | null {
  return validateCredentials(
    [values.username, values.email, values.password],
    values.email,
    values.password,
  );
}

function validateCredentials(required: string[], email: string, password: string): string | null {
  if (required.some((value) => value.trim() === '')) return authMessages.required;
  if (!EMAIL_PATTERN.test(email.trim())) return authMessages.invalidEmail;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.shortPassword;
  return null;
}

/**
 * Which fields a sign-in or registration message is about, so a form marks exactly those invalid:
 * the empty ones for "all fields are required", the email or the password for the other two.
 */
export function credentialFieldsInError<V extends LoginValues | RegisterValues>(
  message: string,
  values: V,
): (keyof V & string)[] {
  const fields = Object.keys(values) as (keyof V & string)[];
  if (message === authMessages.required) return fields.filter((field) => String(values[field]).trim() === '');
  if (message === authMessages.invalidEmail) return fields.filter((field) => field === 'email');
  if (message === authMessages.shortPassword) return fields.filter((field) => field === 'password');
  return [];
}

/** The signed-in user as the API returns it. */
export type User = {
  id: string;
  username: string;
  email: string;
  createdAt: string;
};

export type LoginResponse = { user: User; token: string };
export type RegisterResponse = { user: User };
/** Every API error body: one message or a list of them. */
export type ApiErrorBody = { message: string | string[] };

/** The forgot-password form's own messages (the spec only asks for a required email there). */
export const emailOnlyMessages = {
  required: 'Enter your email address.',
  invalidEmail: authMessages.invalidEmail,
} as const;

/** Checks a lone email field (forgot password): empty first, then the same pattern as sign-in. */
export function validateEmailOnly(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return emailOnlyMessages.required;
  if (!EMAIL_PATTERN.test(trimmed)) return emailOnlyMessages.invalidEmail;
  return null;
}
