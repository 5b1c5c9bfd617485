import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  identitiesResponseSchema,
  linkStartResponseSchema,
  passwordChangedResponseSchema,
  settingsResponseSchema,
  type Preferences,
  type Settings,
} from './contract';
import { messageResponseSchema } from '../common/contract';
import { fresh, parse } from '../learning/client';
import { useSession } from '../../stores/session';
import type { Provider } from '../../domain/oauth';
import { api } from '../common/client';

/** The account API as react-query options: settings, profile, preferences, password, deletion; and linked sign-ins. */
export const accountKeys = { settings: () => ['account', 'settings'] as const };

export const accountQueries = {
  settings: () =>
    queryOptions({
      queryKey: accountKeys.settings(),
      queryFn: async (): Promise<Settings> => parse(settingsResponseSchema, (await api.get('/account/settings')).data).settings,
      ...fresh,
    }),
};

export const accountMutations = {
  saveProfile: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'profile'],
      /** `currentPassword` only with a new email (which then waits for its link: `pendingEmail`). */
      mutationFn: async (profile: { username: string; email: string; currentPassword?: string }) =>
        parse(settingsResponseSchema, (await api.put('/account/profile', profile)).data).settings,
      onSuccess: (settings) => client.setQueryData(accountKeys.settings(), settings),
    }),
  /** Mails the waiting change's link again, or the account's confirmation link; the API's sentence. */
  resendEmailLink: () =>
    mutationOptions({
      mutationKey: ['account', 'email', 'resend'],
      mutationFn: async () => parse(messageResponseSchema, (await api.post('/account/email/resend', {})).data).message,
    }),
  /** Mails a link that sets the first password of an account a provider made; the API's sentence. */
  sendPasswordLink: () =>
    mutationOptions({
      mutationKey: ['account', 'password', 'link'],
      mutationFn: async () => parse(messageResponseSchema, (await api.post('/account/password-link', {})).data).message,
    }),
  cancelEmailChange: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'email', 'cancel'],
      mutationFn: async () => parse(settingsResponseSchema, (await api.delete('/account/email/pending')).data).settings,
      onSuccess: (settings) => client.setQueryData(accountKeys.settings(), settings),
    }),
  savePreferences: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'preferences'],
      mutationFn: async (preferences: Preferences) => parse(settingsResponseSchema, (await api.put('/account/preferences', preferences)).data).settings,
      onSuccess: (settings) => client.setQueryData(accountKeys.settings(), settings),
    }),
  changePassword: () =>
    mutationOptions({
      mutationKey: ['account', 'password'],
      // Every session ended; this browser goes on in the new one the answer starts (its cookie set).
      mutationFn: async (values: { currentPassword: string; newPassword: string }) => {
        const { message, token } = passwordChangedResponseSchema.parse((await api.post('/account/password', values)).data);
        useSession.getState().tokenRefreshed(token);
        return message;
      },
    }),
  deleteAccount: () =>
    mutationOptions({
      mutationKey: ['account', 'delete'],
      mutationFn: async (values: { password: string }) => (await api.delete<{ message: string }>('/account', { data: values })).data.message,
    }),
};

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
