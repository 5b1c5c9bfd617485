import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { LoginResponse, LoginValues, RegisterResponse, RegisterValues, User } from '../domain/auth';
import { useSession } from '../stores/session';
import { notify } from '../components/ui/toaster';
import { api, apiErrorMessage } from './client';
import { emailLinkResponseSchema, type EmailLinkResult } from '../domain/learningApi';

export const authMessages = {
  loggedIn: 'Logged in successfully',
  registered: 'Account created successfully',
} as const;

const showError = (error: unknown) => notify('error', apiErrorMessage(error));

/**
 * Sign-in and registration as react-query options: the calls, the session and the toasts live
 * here, once. Containers add only navigation.
 */
/**
 * Opening a mailed link (confirm an address, undo an email change) as a query keyed by its token:
 * the page asks once however often it renders (a link works once: a second call would say it is
 * spent), and Try again asks again.
 */
export const emailLinkQueries = {
  open: (kind: 'confirm' | 'undo', token: string) =>
    queryOptions({
      queryKey: ['auth', 'email-link', kind, token],
      queryFn: async (): Promise<EmailLinkResult> =>
        emailLinkResponseSchema.parse((await api.post(kind === 'confirm' ? '/auth/confirm-email' : '/auth/undo-email-change', { token })).data),
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};

export const authMutations = {
  login: () =>
    mutationOptions({
      mutationKey: ['auth', 'login'],
      mutationFn: async (values: LoginValues) => (await api.post<LoginResponse>('/auth/login', values)).data,
      onSuccess: ({ user, token }) => {
        useSession.getState().signedIn(user, token);
        notify('success', authMessages.loggedIn);
      },
      onError: showError,
    }),
  register: () =>
    mutationOptions({
      mutationKey: ['auth', 'register'],
      mutationFn: async (values: RegisterValues) =>
        (await api.post<RegisterResponse>('/auth/register', values)).data,
      onSuccess: (_data, values) => {
        useSession.getState().registered(values.email.trim());
        notify('success', authMessages.registered);
      },
      onError: showError,
    }),
  logout: () =>
    mutationOptions({
      mutationKey: ['auth', 'logout'],
      // Signing out always works locally, even when the API is down.
      mutationFn: async () => {
        try {
          await api.post('/auth/logout', {});
        } catch {
          /* the refresh cookie expires on its own */
        }
      },
      // The session ends at once, whatever the API says: the call only revokes the refresh cookie.
      onMutate: () => useSession.getState().logout({ byUser: true }),
    }),
  forgotPassword: () =>
    mutationOptions({
      mutationKey: ['auth', 'forgot-password'],
      mutationFn: async (values: { email: string }) => {
        await api.post('/auth/forgot-password', values);
      },
      onError: showError,
    }),
  resetPassword: () =>
    mutationOptions({
      mutationKey: ['auth', 'reset-password'],
      mutationFn: async (values: { token: string; password: string }) => {
        await api.post('/auth/reset-password', values);
      },
      // The screen itself confirms (and moves focus there): no toast on top of it.
      onError: showError,
    }),
};

export const authQueries = {
  /** Confirms a stored session with the API (and refreshes an expired access token). */
  me: () =>
    queryOptions({
      queryKey: ['auth', 'me'],
      queryFn: async () => (await api.get<{ user: User }>('/auth/me')).data.user,
      staleTime: 5 * 60_000,
      retry: false,
    }),
};
