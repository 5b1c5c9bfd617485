/**
 * The API's shapes for Google and GitHub sign-in, as zod schemas the server serialises through and
 * the browser parses with; the types are derived from them. The sign-in pages import this module only
 * with `import()` (./client.ts), as the auth API's.
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';
import { OAUTH_ERRORS, PROVIDERS } from '../../domain/oauth.ts';

export const providerSchema = z.enum(PROVIDERS);
export const oauthErrorSchema = z.enum(OAUTH_ERRORS);

/**
 * A provider in a URL (`/auth/oauth/:provider/start`, `/account/identities/:provider`): any name, so an
 * unknown one is answered 404 by the route rather than 400 by validation.
 */
export const providerParamsSchema = z.object({ provider: z.string() });
/** GET /auth/oauth/:provider/start takes no query. */
export const startQuerySchema = z.strictObject({});
/** GET /auth/oauth/:provider/callback: what the provider sends back; providers add parameters of their own (Google: scope, authuser, prompt), so any string is let through. */
export const callbackQuerySchema = z.record(z.string(), z.string());

/** GET /auth/oauth/providers: which sign-ins this server has credentials for. */
export const providersResponseSchema = z.strictObject({
  providers: z.strictObject({ google: z.boolean(), github: z.boolean() }),
});

/** POST /auth/oauth/remove-link: the token of the link in a "linked" mail. */
export const removeLinkBodySchema = z.strictObject({ token: z.string() });
/** Its answer: what was removed (every session is ended too). */
export const removeLinkResponseSchema = z.strictObject({ message: z.string() });

/** POST /auth/oauth/link/confirm: the pending link and the existing account's credentials. */
export const linkConfirmBodySchema = z.strictObject({ link: z.string(), email: z.string(), password: z.string() });

export type ConfiguredProviders = z.infer<typeof providersResponseSchema>['providers'];
