/**
 * The API's shapes for Google and GitHub sign-in, as zod schemas the server serialises through and
 * the browser parses with (the types are derived from them, in ./oauth.ts).
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';
import { OAUTH_ERRORS, PROVIDERS } from '../../domain/oauth.ts';

export const providerSchema = z.enum(PROVIDERS);
export const oauthErrorSchema = z.enum(OAUTH_ERRORS);

/** GET /auth/oauth/providers: which sign-ins this server has credentials for. */
export const providersResponseSchema = z.strictObject({
  providers: z.strictObject({ google: z.boolean(), github: z.boolean() }),
});

/** One linked sign-in as Settings shows it. */
export const identitySchema = z.strictObject({
  provider: providerSchema,
  /** The provider's email when it was linked, or GitHub's login name: what tells the learner which account it is. */
  label: z.string(),
  linkedAt: z.string(),
});

/** GET /account/identities (and the answer to an unlink). */
export const identitiesResponseSchema = z.strictObject({
  identities: z.array(identitySchema),
  /** False for an account a provider created, until the learner sets a password (a reset link). */
  hasPassword: z.boolean(),
  /** False until the account's address is confirmed: linking waits for it. */
  emailConfirmed: z.boolean(),
  providers: z.strictObject({ google: z.boolean(), github: z.boolean() }),
});

/**
 * POST /account/identities/:provider: the current password (an account that has one); an account
 * without one sends nothing and must have signed in with a linked provider minutes ago.
 */
export const linkStartBodySchema = z.strictObject({ password: z.string().optional() });

/** POST /auth/oauth/remove-link: the token of the link in a "linked" mail. */
export const removeLinkBodySchema = z.strictObject({ token: z.string() });
/** Its answer: what was removed (every session is ended too). */
export const removeLinkResponseSchema = z.strictObject({ message: z.string() });

/** POST /account/identities/:provider: where to send the browser to link that provider. */
export const linkStartResponseSchema = z.strictObject({ url: z.string() });

/** POST /auth/oauth/link/confirm: the pending link and the existing account's credentials. */
export const linkConfirmBodySchema = z.strictObject({ link: z.string(), email: z.string(), password: z.string() });
