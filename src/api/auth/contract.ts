/**
 * The auth API's shapes, once: zod schemas the server turns into its Fastify schemas (bodies are
 * checked and answers serialised through them, so nothing else leaks) and the browser parses the
 * answers with, as for learning (../learning/contract.ts); the types are derived from them here.
 * Every sentence the API answers is src/domain/auth.ts's, which stays zod-free: the sign-in pages load
 * it at start-up, and this module only beside a call whose answer it parses (./client.ts).
 *
 * A body's fields are only typed here (strings): the product's checks and their exact sentences, in
 * their order, are src/domain/auth.ts's and server/auth/validation.ts's, which run on the typed body.
 *
 * The browser imports this module only with `import()` (types aside). As a dynamic import's own
 * chunk it needs no namespace object built at run time; imported statically as well, it needs one,
 * and the bundler then moves its runtime helpers out of the entry chunk into a chunk of their own:
 * one more request for the landing page, and over its budget (`npm run size`).
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';
import { messageResponseSchema } from '../common/contract.ts';

/** The signed-in user as the API shows it: never the hash, never internal columns. */
export const userSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

/** POST /auth/register. */
export const registerBodySchema = z.strictObject({ username: z.string(), email: z.string(), password: z.string() });
/** POST /auth/login. */
export const loginBodySchema = z.strictObject({ email: z.string(), password: z.string() });
/** POST /auth/forgot-password. */
export const forgotPasswordBodySchema = z.strictObject({ email: z.string() });
/** POST /auth/reset-password: the emailed link's token and the new password. */
export const resetPasswordBodySchema = z.strictObject({ token: z.string(), password: z.string() });
/** POST /auth/confirm-email and POST /auth/undo-email-change: the mailed link's token. */
export const emailLinkBodySchema = z.strictObject({ token: z.string() });

/** A session begins: POST /auth/login, /auth/refresh and /auth/oauth/link/confirm (the refresh cookie set beside it). */
export const sessionResponseSchema = z.strictObject({ user: userSchema, token: z.string() });
/** POST /auth/register (201: no session until the learner signs in) and GET /auth/me. */
export const userResponseSchema = z.strictObject({ user: userSchema });
/**
 * POST /auth/forgot-password (202) and /auth/reset-password: a sentence for the learner (the common
 * contract's, which the account's requests answer too), here so the sign-in pages load one module.
 */
export { messageResponseSchema };
/** What opening a mailed link did, and the account's address now. */
export const emailLinkResponseSchema = z.strictObject({ message: z.string(), email: z.string() });

export type EmailLinkResult = z.infer<typeof emailLinkResponseSchema>;

/** The signed-in user as the API returns it. */
export type User = z.infer<typeof userSchema>;
export type LoginValues = z.infer<typeof loginBodySchema>;
export type RegisterValues = z.infer<typeof registerBodySchema>;
export type LoginResponse = z.infer<typeof sessionResponseSchema>;
export type RegisterResponse = z.infer<typeof userResponseSchema>;
