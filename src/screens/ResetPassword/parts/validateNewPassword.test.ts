import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './validateNewPassword';

describe('validateNewPassword (reset password form)', () => {
  it('accepts two equal passwords of at least 6 characters', () => {
    expect(validateNewPassword({ password: '123456', confirm: '123456' })).toBeNull();
  });

  it('requires both fields first, naming the empty ones (white space counts as empty)', () => {
    expect(validateNewPassword({ password: '', confirm: '' })).toEqual({
      message: 'All fields are required!',
      fields: ['password', 'confirm'],
    });
    expect(validateNewPassword({ password: 'abc', confirm: '   ' })).toEqual({
      message: 'All fields are required!',
      fields: ['confirm'],
    });
  });

  it('then the minimum length (5 fails, 6 passes), on the new password', () => {
    expect(validateNewPassword({ password: '12345', confirm: '54321' })).toEqual({
      message: 'Password must be at least 6 characters!',
      fields: ['password'],
    });
  });

  it('then that both entries match exactly (no trimming)', () => {
    expect(validateNewPassword({ password: 'secret1', confirm: 'secret2' })).toEqual({
      message: 'Passwords do not match.',
      fields: ['confirm'],
    });
    expect(validateNewPassword({ password: 'secret1', confirm: 'secret1 ' })?.message).toBe('Passwords do not match.');
  });
});
