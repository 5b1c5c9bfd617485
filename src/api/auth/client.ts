import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { AxiosResponse } from 'axios';
import type { z } from 'zod';
import { authApiMessages } from '../../domain/auth';
import type { LoginValues, RegisterValues, User } from './contract';
import type * as AuthApi from './contract';
import type { EmailLinkResult } from './contract';
import { useSession } from '../../stores/session';
import { notify } from '../../components/ui/toaster';
import { api, apiErrorMessage } from '../common/client';

const showError = (error: unknown) => notify('error', apiErrorMessage(error));

/**
 * An auth API answer, parsed with the zod schema the server serialises it through
 * (src/api/auth/contract.ts), so a shape the two sides disagree on fails loudly here, as learning's do
 * (./learning.ts). The sign-in pages are prerendered and hydrate fast: zod is not part of their
 * start-up, so the schemas load beside the first call, while it is on its way (as ./oauth.ts's).
 */
export async function parseAuthAnswer<S extends z.ZodType>(call: Promise<AxiosResponse<unknown>>, schemaOf: (schemas: typeof AuthApi) => S): Promise<z.infer<S>> {
  const [schemas, { data }] = await Promise.all([import('./contract'), call]);
  return schemaOf(schemas).parse(data);
}

/**
 * Opening a mailed link (confirm an address, undo an email change) as a query keyed by its token:
 * the page asks once however often it renders (a link works once: a second call would say it is
 * spent), and Try again asks again.
 */
export const emailLinkQueries = {
  open: (kind: 'confirm' | 'undo', token: string) =>
    queryOptions({
      queryKey: ['auth', 'email-link', kind, token],
      queryFn: (): Promise<EmailLinkResult> =>
        parseAuthAnswer(api.post(kind === 'confirm' ? '/auth/confirm-email' : '/auth/undo-email-change', { token }), (s) => s.emailLinkResponseSchema),
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};

/**
 * Sign-in and registration as react-query options: the calls, the session and the toasts live
 * here, once. Containers add only navigation.
 */
export const authMutations = {
  login: () =>
    mutationOptions({
      mutationKey: ['auth', 'login'],
      mutationFn: (values: LoginValues) => parseAuthAnswer(api.post('/auth/login', values), (s) => s.sessionResponseSchema),
      onSuccess: ({ user, token }) => {
        useSession.getState().signedIn(user, token);
        notify('success', authApiMessages.loggedIn);
      },
      onError: showError,
    }),
  register: () =>
    mutationOptions({
      mutationKey: ['auth', 'register'],
      mutationFn: (values: RegisterValues) => parseAuthAnswer(api.post('/auth/register', values), (s) => s.userResponseSchema),
      onSuccess: (_data, values) => {
        useSession.getState().registered(values.email.trim());
        notify('success', authApiMessages.registered);
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
        await parseAuthAnswer(api.post('/auth/forgot-password', values), (s) => s.messageResponseSchema);
      },
      onError: showError,
    }),
  resetPassword: () =>
    mutationOptions({
      mutationKey: ['auth', 'reset-password'],
      mutationFn: async (values: { token: string; password: string }) => {
        await parseAuthAnswer(api.post('/auth/reset-password', values), (s) => s.messageResponseSchema);
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
      queryFn: async (): Promise<User> => (await parseAuthAnswer(api.get('/auth/me'), (s) => s.userResponseSchema)).user,
      staleTime: 5 * 60_000,
      retry: false,
    }),
};
