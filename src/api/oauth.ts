import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '../domain/auth';
import {
  identitiesResponseSchema,
  linkStartResponseSchema,
  PROVIDERS,
  providersResponseSchema,
  type ConfiguredProviders,
  type Provider,
} from '../domain/oauth';
import { useSession } from '../stores/session';
import { notify } from '../components/ui/toaster';
import { api, API_URL, apiErrorMessage } from './client';
import { authMessages } from './auth';

/** Where a provider sign-in starts: a link to the API (a top-level navigation, not a call). */
export const providerStartUrl = (provider: Provider) => `${API_URL.replace(/\/$/, '')}/auth/oauth/${provider}/start`;

/**
 * The buttons' links: every provider the server has not said is off. Until it answers (and in the
 * prerendered page) both are links; one the server has off only brings the learner back with the reason.
 */
export function providerLinks(configured: ConfiguredProviders | undefined): Record<Provider, string | null> {
  return Object.fromEntries(PROVIDERS.map((p) => [p, configured && !configured[p] ? null : providerStartUrl(p)])) as Record<Provider, string | null>;
}

const showError = (error: unknown) => notify('error', apiErrorMessage(error));

export const oauthKeys = {
  providers: () => ['auth', 'providers'] as const,
  identities: () => ['account', 'identities'] as const,
};

export const oauthQueries = {
  providers: () =>
    queryOptions({
      queryKey: oauthKeys.providers(),
      queryFn: async () => providersResponseSchema.parse((await api.get('/auth/oauth/providers')).data).providers,
      staleTime: 5 * 60_000,
      retry: false,
    }),
  identities: () =>
    queryOptions({
      queryKey: oauthKeys.identities(),
      queryFn: async () => identitiesResponseSchema.parse((await api.get('/account/identities')).data),
    }),
};

export const oauthMutations = {
  /** The provider signed the learner in and the API set the refresh cookie: take the session up. */
  finishSignIn: () =>
    mutationOptions({
      mutationKey: ['auth', 'oauth', 'finish'],
      mutationFn: async () => (await api.post<{ user: User; token: string }>('/auth/refresh', {})).data,
      onSuccess: ({ user, token }) => {
        useSession.getState().signedIn(user, token);
        notify('success', authMessages.loggedIn);
      },
    }),
  /** The existing account's password, once, links the provider's identity to it and signs in. */
  confirmLink: () =>
    mutationOptions({
      mutationKey: ['auth', 'oauth', 'confirm-link'],
      mutationFn: async (values: { link: string; email: string; password: string }) =>
        (await api.post<{ user: User; token: string }>('/auth/oauth/link/confirm', values)).data,
      onSuccess: ({ user, token }) => {
        useSession.getState().signedIn(user, token);
        notify('success', authMessages.loggedIn);
      },
      onError: showError,
    }),
  /** Linking from Settings: the API opens a transaction; the browser then goes to the provider. */
  link: () =>
    mutationOptions({
      mutationKey: ['account', 'identities', 'link'],
      mutationFn: async (provider: Provider) => linkStartResponseSchema.parse((await api.post(`/account/identities/${provider}`, {})).data).url,
      onSuccess: (url) => window.location.assign(url),
    }),
  unlink: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'identities', 'unlink'],
      mutationFn: async (provider: Provider) => identitiesResponseSchema.parse((await api.delete(`/account/identities/${provider}`)).data),
      onSuccess: (accounts) => client.setQueryData(oauthKeys.identities(), accounts),
    }),
};
