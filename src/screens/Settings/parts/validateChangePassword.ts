import { authMessages, PASSWORD_MIN_LENGTH } from '../../../domain/auth';

export const changePasswordMessages = {
  required: authMessages.required,
  shortPassword: authMessages.shortPassword,
  mismatch: 'Passwords do not match.',
} as const;

export type ChangePasswordValues = { currentPassword: string; newPassword: string; confirm: string };
export type ChangePasswordField = keyof ChangePasswordValues;

/**
 * The Change Password form's checks, in the sign-in forms' order: every field filled in (white
 * space counts as empty), the new password at least as long as registration asks, then the two
 * entries of it the same. The first problem and the fields it is about, or null. The API checks
 * the current password and its own rules (length, common passwords) after these.
 */
export function validateChangePassword(values: ChangePasswordValues): { message: string; fields: ChangePasswordField[] } | null {
  const empty = (['currentPassword', 'newPassword', 'confirm'] as const).filter((f) => values[f].trim() === '');
  if (empty.length > 0) return { message: changePasswordMessages.required, fields: empty };
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) return { message: changePasswordMessages.shortPassword, fields: ['newPassword'] };
  if (values.newPassword !== values.confirm) return { message: changePasswordMessages.mismatch, fields: ['confirm'] };
  return null;
}
