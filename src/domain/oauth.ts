/**
 * Sign-in with Google and GitHub: the providers and every message a learner can see, once, for the
 * server and the browser. No zod here (the sign-in page loads this at start-up); the API's shapes
 * are src/api/oauth/contract.ts's (the linked sign-ins' are src/api/account/contract.ts's).
 */
export const PROVIDERS = ['google', 'github'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const isProvider = (value: unknown): value is Provider => PROVIDERS.includes(value as Provider);

export const providerLabels: Record<Provider, string> = { google: 'Google', github: 'GitHub' };

/**
 * Why a provider sign-in ended without a session: the `oauthError` the API puts on /login (or, for
 * a link started in Settings, on /app/settings).
 */
export const OAUTH_ERRORS = [
  'not_configured',
  'expired',
  'state_mismatch',
  'provider_error',
  'failed',
  'no_verified_email',
  'identity_taken',
  'already_linked',
  'session_ended',
] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];
export const isOAuthError = (value: unknown): value is OAuthError => OAUTH_ERRORS.includes(value as OAuthError);

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
    case 'session_ended':
      return `Nothing was linked: the session that started linking ${name} has ended. Sign in, then link it again.`;
  }
}

/** A learner without a password may link another provider this long after signing in with one they have. */
export const LINK_REAUTH_MINUTES = 5;

/** "Google (grace@example.com), GitHub (octocat)": the linked sign-ins by name and the account they are. */
export const describeIdentities = (identities: readonly { provider: Provider; label: string }[]) =>
  identities.map((identity) => `${providerLabels[identity.provider]} (${identity.label})`).join(', ');

/** What a password change, a reset or an email change tells the owner about their linked sign-ins. */
export const linkedListSentence = (identities: readonly { provider: Provider; label: string }[]) =>
  identities.length === 0
    ? 'No Google or GitHub account is linked to yours.'
    : `Linked to your account: ${describeIdentities(identities)}. Not yours? Unlink it in Settings.`;

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
  /** Linking needs the current password (an account that has one). */
  passwordToLink: (provider: Provider) => `Enter your current password to link ${providerLabels[provider]}.`,
  /** Linking without a password needs a fresh sign-in with a provider already linked. */
  signInAgainToLink: (provider: Provider, linked: readonly Provider[]) =>
    `Your account has no password, so PathForge checks it is you another way: sign in again with ${
      linked.map((p) => providerLabels[p]).join(' or ') || 'a linked account'
    }, then link ${providerLabels[provider]} within ${LINK_REAUTH_MINUTES} minutes.`,
  /** What the link dialog of an account without a password says. */
  reauthExplain: (provider: Provider, linked: readonly Provider[]) => {
    const names = linked.map((p) => providerLabels[p]).join(' or ') || 'a linked account';
    return `Your account has no password, so PathForge checks it is you another way. If you signed in with ${names} in the last ${LINK_REAUTH_MINUTES} minutes, continue to ${providerLabels[provider]}. Otherwise sign in again with ${names} first, then come back here.`;
  },
  /** Linking is refused while the account's address is not confirmed. */
  confirmEmailToLink: 'Confirm your email address before you link Google or GitHub: open the link we sent to it, or send a new one from the banner.',
} as const;
