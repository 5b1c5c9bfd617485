import axios, { AxiosError, type AxiosRequestConfig, isAxiosError } from 'axios';
import { PASSWORD_REFUSED } from '../../domain/auth';
import { useSession } from '../../stores/session';
import { DEFAULT_API_URL } from './apiUrl';

/** Where the API lives: a host of its own, apart from the web app's. Set VITE_API_URL at build time. */
export const API_URL: string = import.meta.env.VITE_API_URL || DEFAULT_API_URL;
export const REQUEST_TIMEOUT_MS = 10_000;

export const messages = {
  unreachable: 'We can’t reach PathForge right now. Check your connection and try again.',
  unexpected: 'Something went wrong on our side. Please try again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

/** The one HTTP client: JSON, cookies included, a 10 s timeout, the bearer token when signed in. */
export const api = axios.create({
  baseURL: API_URL,
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

api.interceptors.request.use((config) => {
  const { token } = useSession.getState();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** Calls whose 401 means "wrong credentials", not "expired session". */
const NO_REFRESH = ['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout'];

type RetriableConfig = AxiosRequestConfig & { _retried?: boolean };

let refreshing: Promise<string> | null = null;
let onSessionEnded: () => void = () => {};

/** Told when a refresh fails and the learner is signed out (the app shows a toast). */
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

/** One refresh at a time, shared by every call that got a 401 meanwhile. */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= api
    .post<{ token: string }>('/auth/refresh', {})
    .then(({ data }) => {
      useSession.getState().tokenRefreshed(data.token);
      return data.token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const config = error.config as RetriableConfig;
  const path = config.url ?? '';
  if (config._retried || NO_REFRESH.some((p) => path.endsWith(p))) throw error;
  // A wrong current password (linking a provider) is a refusal: the session is fine, and a retry would count a second guess.
  if ((error.response.data as { message?: unknown } | undefined)?.message === PASSWORD_REFUSED) throw error;
  if (!useSession.getState().token) throw error;
  try {
    await refreshAccessToken();
  } catch {
    if (useSession.getState().token) {
      useSession.getState().logout();
      onSessionEnded();
    }
    throw error;
  }
  config._retried = true;
  return api.request(config);
});

/**
 * What to tell the learner about a failed call: the server's own message (a string, or a list
 * joined by commas), or a plain sentence when the API could not be reached.
 */
export function apiErrorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    if (!error.response) return messages.unreachable; // network error, CORS, timeout
    const body = error.response.data as { message?: unknown } | undefined;
    const message = body?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
    if (Array.isArray(message)) {
      const parts = message.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
      if (parts.length > 0) return parts.join(', ');
    }
    if (error.response.status === 429) return 'Too many attempts. Please wait a moment and try again.';
    return messages.unexpected;
  }
  return messages.unexpected;
}

export { AxiosError };
