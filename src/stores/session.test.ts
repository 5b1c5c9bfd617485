import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../api/auth/contract';
import { SESSION_STORAGE_KEY, selectIsSignedIn, useSession } from './session';

const ada: User = { id: 'u_1', username: 'ada', email: 'ada@example.com', createdAt: '2026-01-15T09:00:00.000Z' };

function stored() {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as { state: Record<string, unknown>; version: number });
}

async function reloadWith(raw: string) {
  useSession.setState({ user: null, token: null }); // (this writes storage, so it goes first)
  localStorage.setItem(SESSION_STORAGE_KEY, raw);
  await useSession.persist.rehydrate();
}

beforeEach(() => {
  useSession.getState().logout();
  useSession.setState({ registrationPending: false, pendingEmail: null });
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('session store', () => {
  it('persists the signed-in user and token under "pathforge" at version 1', () => {
    useSession.getState().signedIn(ada, 'tok');
    expect(stored()).toEqual({ state: { user: ada, token: 'tok' }, version: 1 });
    expect(selectIsSignedIn(useSession.getState())).toBe(true);
  });

  it('keeps loading, error and the registration flag out of storage', () => {
    useSession.getState().registered('ada@example.com');
    useSession.getState().setError('boom');
    expect(stored()?.state).toEqual({ user: null, token: null });
    expect(useSession.getState().registrationPending).toBe(true);
    expect(useSession.getState().pendingEmail).toBe('ada@example.com');
  });

  it('logout clears user, token, loading and error', () => {
    useSession.getState().signedIn(ada, 'tok');
    useSession.getState().setLoading(true);
    useSession.getState().setError('boom');
    useSession.getState().logout();
    const { user, token, isLoading, error } = useSession.getState();
    expect({ user, token, isLoading, error }).toEqual({ user: null, token: null, isLoading: false, error: null });
    expect(stored()?.state).toEqual({ user: null, token: null });
  });

  it('remembers (until the next sign-in, never in storage) that the learner signed out on purpose', () => {
    useSession.getState().signedIn(ada, 'tok');
    useSession.getState().logout({ byUser: true });
    expect(useSession.getState().signedOutByUser).toBe(true);
    expect(stored()?.state).toEqual({ user: null, token: null });
    useSession.getState().signedIn(ada, 'tok-2');
    expect(useSession.getState().signedOutByUser).toBe(false);
    useSession.getState().logout();
    expect(useSession.getState().signedOutByUser).toBe(false);
  });

  it('restores a valid stored session after a reload', async () => {
    await reloadWith(JSON.stringify({ state: { user: ada, token: 'tok' }, version: 1 }));
    expect(useSession.getState().user).toEqual(ada);
    expect(useSession.getState().token).toBe('tok');
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON of another shape', JSON.stringify({ state: { user: 'ada', token: 42 }, version: 1 })],
    ['a user without a username', JSON.stringify({ state: { user: { id: 'u_1', email: 'a@b.co' }, token: 't' }, version: 1 })],
    ['a user without a token', JSON.stringify({ state: { user: ada, token: null }, version: 1 })],
    ['an older version', JSON.stringify({ state: { user: ada, token: 'tok' }, version: 0 })],
    ['a bare array', '[]'],
    ['null', 'null'],
  ])('falls back to signed out and removes the entry when storage holds %s', async (_label, raw) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await reloadWith(raw);
    expect(selectIsSignedIn(useSession.getState())).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('still signs in when the storage is full, and says so in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => useSession.getState().signedIn(ada, 'tok')).not.toThrow();
    expect(useSession.getState().user).toEqual(ada);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not save "pathforge"'), expect.any(DOMException));
  });

  it('reads as signed out when the storage cannot be read at all', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    useSession.setState({ user: null, token: null });
    await useSession.persist.rehydrate();
    expect(selectIsSignedIn(useSession.getState())).toBe(false);
  });
});
