/**
 * Sign-in with Google and GitHub: the providers, what the API answers about them and every message
 * a learner can see, once, for the server and the browser.
 */
import './zodInBrowser.ts';
import { z } from 'zod';

export const PROVIDERS = ['google', 'github'] as const;
export const providerSchema = z.enum(PROVIDERS);
export type Provider = z.infer<typeof providerSchema>;

export const providerLabels: Record<Provider, string> = { google: 'Google', github: 'GitHub' };

/** GET /auth/oauth/providers: which sign-ins this server has credentials for. */
export const providersResponseSchema = z.strictObject({
  providers: z.strictObject({ google: z.boolean(), github: z.boolean() }),
});
export type ConfiguredProviders = z.infer<typeof providersResponseSchema>['providers'];

/** One linked sign-in as Settings shows it. */
export const identitySchema = z.strictObject({
  provider: providerSchema,
  /** The provider's email when it was linked, or GitHub's login name: what tells the learner which account it is. */
  label: z.string(),
  linkedAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof identitySchema>;

/** GET /account/identities (and the answer to an unlink). */
export const identitiesResponseSchema = z.strictObject({
  identities: z.array(identitySchema),
  /** False for an account a provider created, until the learner sets a password (a reset link). */
  hasPassword: z.boolean(),
  providers: z.strictObject({ google: z.boolean(), github: z.boolean() }),
});
export type LinkedAccounts = z.infer<typeof identitiesResponseSchema>;

/** POST /account/identities/:provider: where to send the browser to link that provider. */
export const linkStartResponseSchema = z.strictObject({ url: z.string() });

/** POST /auth/oauth/link/confirm: the pending link and the existing account's credentials. */
export const linkConfirmBodySchema = z.strictObject({ link: z.string(), email: z.string(), password: z.string() });

/**
 * Why a provider sign-in ended without a session: the `oauthError` the API puts on /login (or, for
 * a link started in Settings, on /app/settings).
 */
export const oauthErrorSchema = z.enum([
  'not_configured',
  'expired',
  'state_mismatch',
  'provider_error',
  'failed',
  'no_verified_email',
  'identity_taken',
  'already_linked',
]);
export type OAuthError = z.infer<typeof oauthErrorSchema>;

export function oauthErrorMessage(error: OAuthError, provider: Provider | null): string {
  const name = provider ? providerLabels[provider] : 'The provider';
  switch (error) {
    case 'not_configured':
      return `Sign-in with ${provider ? providerLabels[provider] : 'that provider'} is not set up on this server. Please use your email and password.`;
    case 'expired':
      return 'That sign-in took too long or was already used. Please try again.';
    case 'state_mismatch':
      return 'That sign-in did not start in this browser, so you were not signed in. Please try again.';
    case 'provider_error':
      return `${name} did not sign you in. Please try again, or use your email and password.`;
    case 'failed':
      return `${name} could not confirm who you are, so you were not signed in. Please try again.`;
    case 'no_verified_email':
      return `Your ${name} account has no verified email address. Verify one there, or register with your email and password.`;
    case 'identity_taken':
      return `That ${name} account is already linked to another PathForge account.`;
    case 'already_linked':
      return `Your PathForge account is already linked to another ${name} account. Unlink it first.`;
  }
}

export const oauthMessages = {
  /** On /login?link=…: the provider's verified email belongs to an existing account. */
  confirmLink: (provider: Provider) =>
    `An account with this email already exists. Sign in with its password once to link your ${providerLabels[provider]} account. Forgot it? Reset it, then continue with ${providerLabels[provider]} again.`,
  linked: (provider: Provider) => `Your ${providerLabels[provider]} account is linked. You can sign in with it from now on.`,
  unlinked: (provider: Provider) => `Your ${providerLabels[provider]} account is unlinked.`,
  lastMethod: 'This is the only way you can sign in. Set a password first (Forgot password sends a link), then unlink it.',
  notLinked: 'That account is not linked.',
  linkInvalid: 'This link request is invalid or has expired. Continue with the provider again.',
  providerUnreachable: (provider: Provider) => `${providerLabels[provider]} is not answering right now. Please try again in a moment.`,
  notConfigured: (provider: Provider) => `${providerLabels[provider]} sign-in is not set up on this server.`,
} as const;
