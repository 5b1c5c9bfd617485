import { describe, expect, it } from 'vitest';
import { validateChangePassword } from './validateChangePassword';

describe('validateChangePassword (the Change Password dialog)', () => {
  it('accepts a current password and two equal new ones of at least 6 characters', () => {
    expect(validateChangePassword({ currentPassword: 'old', newPassword: '123456', confirm: '123456' })).toBeNull();
  });

  it('requires every field first, naming the empty ones (white space counts as empty)', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirm: '' })).toEqual({
      message: 'All fields are required!',
      fields: ['currentPassword', 'newPassword', 'confirm'],
    });
    expect(validateChangePassword({ currentPassword: '  ', newPassword: '12345', confirm: '54321' })).toEqual({
      message: 'All fields are required!',
      fields: ['currentPassword'],
    });
  });

  it('then the minimum length of the new password (5 fails, 6 passes)', () => {
    expect(validateChangePassword({ currentPassword: 'old', newPassword: '12345', confirm: '12345' })).toEqual({
      message: 'Password must be at least 6 characters!',
      fields: ['newPassword'],
    });
  });

  it('then that both entries of the new password match exactly (no trimming)', () => {
    expect(validateChangePassword({ currentPassword: 'old', newPassword: 'secret1', confirm: 'secret2' })).toEqual({
      message: 'Passwords do not match.',
      fields: ['confirm'],
    });
    expect(validateChangePassword({ currentPassword: 'old', newPassword: 'secret1', confirm: 'secret1 ' })?.message).toBe('Passwords do not match.');
  });
});
