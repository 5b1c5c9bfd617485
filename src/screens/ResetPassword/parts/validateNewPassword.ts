import { authMessages, PASSWORD_MIN_LENGTH } from '../../../domain/auth';

export const newPasswordMessages = {
  required: authMessages.required,
  shortPassword: authMessages.shortPassword,
  mismatch: 'Passwords do not match.',
} as const;

export type NewPasswordValues = { password: string; confirm: string };
export type NewPasswordField = keyof NewPasswordValues;

/**
 * The reset form's checks, in order: both filled in (white space counts as empty), the same
 * minimum length as registration, then the two entries match. Returns the first problem and the
 * fields it is about, or null.
 */
export function validateNewPassword(values: NewPasswordValues): { message: string; fields: NewPasswordField[] } | null {
  const empty = (['password', 'confirm'] as const).filter((f) => values[f].trim() === '');
  if (empty.length > 0) return { message: newPasswordMessages.required, fields: empty };
  if (values.password.length < PASSWORD_MIN_LENGTH) return { message: newPasswordMessages.shortPassword, fields: ['password'] };
  if (values.password !== values.confirm) return { message: newPasswordMessages.mismatch, fields: ['confirm'] };
  return null;
}
