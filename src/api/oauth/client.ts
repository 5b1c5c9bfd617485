import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { authApiMessages } from '../../domain/auth';
import { PROVIDERS, type Provider } from '../../domain/oauth';
import type { ConfiguredProviders } from './contract';
import { useSession } from '../../stores/session';
import { notify } from '../../components/ui/toaster';
import { api, API_URL, apiErrorMessage } from '../common/client';
import { parseAuthAnswer } from '../auth/client';

/*
 * What the sign-in and registration pages need of Google and GitHub sign-in. The pages are
 * prerendered and hydrate fast: nothing here loads zod at start-up (the providers' answer is
 * parsed once its schema has arrived; Settings' calls are in ./identities.ts).
 */

/** Where a provider sign-in starts: a link to the API (a top-level navigation, not a call). */
export const providerStartUrl = (provider: Provider) => `${API_URL.replace(/\/$/, '')}/auth/oauth/${provider}/start`;

/**
 * The buttons' links: every provider the server has not said is off. Until it answers (and in the
 * prerendered page) both are links; one the server has off only brings the learner back with the reason.
 */
export function providerLinks(configured: ConfiguredProviders | undefined): Record<Provider, string | null> {
  return Object.fromEntries(PROVIDERS.map((p) => [p, configured && !configured[p] ? null : providerStartUrl(p)])) as Record<Provider, string | null>;
}

export const oauthQueries = {
  providers: () =>
    queryOptions({
      queryKey: ['auth', 'providers'] as const,
      queryFn: async (): Promise<ConfiguredProviders> => {
        const [{ providersResponseSchema }, { data }] = await Promise.all([import('./contract'), api.get('/auth/oauth/providers')]);
        return providersResponseSchema.parse(data).providers;
      },
      staleTime: 5 * 60_000,
      retry: false,
    }),
};

export const oauthMutations = {
  /**
   * The one click on /remove-link (a public page, like sign-in: zod loads beside the call): the
   * mailed token removes what was linked and ends every session.
   */
  removeLink: () =>
    mutationOptions({
      mutationKey: ['auth', 'remove-link'],
      mutationFn: async (token: string) => {
        const [{ removeLinkResponseSchema }, { data }] = await Promise.all([import('./contract'), api.post('/auth/oauth/remove-link', { token })]);
        return removeLinkResponseSchema.parse(data).message;
      },
    }),
  /** The provider signed the learner in and the API set the refresh cookie: take the session up. */
  finishSignIn: () =>
    mutationOptions({
      mutationKey: ['auth', 'oauth', 'finish'],
      mutationFn: () => parseAuthAnswer(api.post('/auth/refresh', {}), (s) => s.sessionResponseSchema),
      onSuccess: ({ user, token }) => {
        useSession.getState().signedIn(user, token);
        notify('success', authApiMessages.loggedIn);
      },
    }),
  /** The existing account's password, once, links the provider's identity to it and signs in. */
  confirmLink: () =>
    mutationOptions({
      mutationKey: ['auth', 'oauth', 'confirm-link'],
      mutationFn: (values: { link: string; email: string; password: string }) =>
        parseAuthAnswer(api.post('/auth/oauth/link/confirm', values), (s) => s.sessionResponseSchema),
      onSuccess: ({ user, token }) => {
        useSession.getState().signedIn(user, token);
        notify('success', authApiMessages.loggedIn);
      },
      onError: (error: unknown) => notify('error', apiErrorMessage(error)),
    }),
};
