import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '../api/auth/contract';
import { safeJsonStorage } from './safeStorage';

/** The session lives in storage under the product's key, at version 1. */
export const SESSION_STORAGE_KEY = 'pathforge';
export const SESSION_STORAGE_VERSION = 1;
/** Guards wait at most this long for the stored session before deciding. */
export const SESSION_HYDRATION_TIMEOUT_MS = 5000;

export type SessionState = {
  user: User | null;
  /** The API's short-lived access token. */
  token: string | null;
  isLoading: boolean;
  error: string | null;
  /** Set after a successful registration until the learner signs in. */
  registrationPending: boolean;
  /** The email just registered, to fill in the sign-in form. */
  pendingEmail: string | null;
  /** The learner pressed Sign Out (not persisted): guards send them home, not to /login. */
  signedOutByUser: boolean;
};

type SessionActions = {
  signedIn(user: User, token: string): void;
  tokenRefreshed(token: string): void;
  /** The API confirmed the stored session; keep its fresh copy of the user. */
  userConfirmed(user: User): void;
  registered(email: string): void;
  setLoading(isLoading: boolean): void;
  setError(error: string | null): void;
  /** Logout clears user, token, loading and error. `byUser`: the learner asked to. */
  logout(options?: { byUser?: boolean }): void;
};

type Persisted = Pick<SessionState, 'user' | 'token'>;

const signedOut: SessionState = {
  user: null,
  token: null,
  isLoading: false,
  error: null,
  registrationPending: false,
  pendingEmail: null,
  signedOutByUser: false,
};

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return typeof u.username === 'string' && u.username !== '' && typeof u.email === 'string' && typeof u.id === 'string';
}

function isPersisted(state: unknown): state is Persisted {
  if (typeof state !== 'object' || state === null) return false;
  const s = state as Record<string, unknown>;
  const signedOutShape = s.user === null && s.token === null;
  const signedInShape = isUser(s.user) && typeof s.token === 'string' && s.token !== '';
  return signedOutShape || signedInShape;
}

export const useSession = create<SessionState & SessionActions>()(
  persist(
    (set) => ({
      ...signedOut,
      signedIn: (user, token) =>
        set({
          user,
          token,
          isLoading: false,
          error: null,
          registrationPending: false,
          pendingEmail: null,
          signedOutByUser: false,
        }),
      tokenRefreshed: (token) => set({ token }),
      userConfirmed: (user) => set((state) => (state.token ? { user } : {})),
      registered: (email) => set({ registrationPending: true, pendingEmail: email }),
      setLoading: (isLoading) => set({ isLoading }),
      setError: (error) => set({ error }),
      logout: (options) => set({ user: null, token: null, isLoading: false, error: null, signedOutByUser: options?.byUser ?? false }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: SESSION_STORAGE_VERSION,
      storage: safeJsonStorage<Persisted>({ version: SESSION_STORAGE_VERSION, isValid: isPersisted }),
      partialize: (state): Persisted => ({ user: state.user, token: state.token }),
    },
  ),
);

export const selectIsSignedIn = (state: SessionState) => state.user !== null && state.token !== null;
