import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { identitiesResponseSchema, linkStartResponseSchema } from '../oauth/contract';
import type { Provider } from '../../domain/oauth';
import { api } from '../common/client';

/** Settings' linked accounts: the list, linking (through the provider) and unlinking. */
export const identityKeys = { all: () => ['account', 'identities'] as const };

export const identityQueries = {
  linked: () =>
    queryOptions({
      queryKey: identityKeys.all(),
      queryFn: async () => identitiesResponseSchema.parse((await api.get('/account/identities')).data),
    }),
};

export const identityMutations = {
  /** The API opens a link transaction (its cookie set); the browser then goes to the provider. */
  link: () =>
    mutationOptions({
      mutationKey: ['account', 'identities', 'link'],
      // The current password, or null for an account without one (a fresh provider sign-in stands in for it).
      mutationFn: async ({ provider, password }: { provider: Provider; password: string | null }) =>
        linkStartResponseSchema.parse((await api.post(`/account/identities/${provider}`, password === null ? {} : { password })).data).url,
      onSuccess: (url) => window.location.assign(url),
    }),
  unlink: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'identities', 'unlink'],
      mutationFn: async (provider: Provider) => identitiesResponseSchema.parse((await api.delete(`/account/identities/${provider}`)).data),
      onSuccess: (accounts) => client.setQueryData(identityKeys.all(), accounts),
    }),
};
