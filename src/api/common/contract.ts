/**
 * What every API shares: the error body any route answers, the answer of requests that only say what
 * they did, and the body of requests that need none. Zod schemas the server serialises through and the
 * browser parses with; the types are derived from them.
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';

/**
 * Every error the API answers, whatever the route (server/http/errors.ts): one sentence, or a list
 * of them (the browser joins a list with commas: src/api/common/client.ts).
 */
export const errorBodySchema = z.strictObject({ message: z.union([z.string(), z.array(z.string())]) });
/** Every API error body: one message or a list of them. */
export type ApiErrorBody = z.infer<typeof errorBodySchema>;

/** A sentence for the learner: the answer of the account's and the auth API's requests that only say what they did. */
export const messageResponseSchema = z.strictObject({ message: z.string() });

/** A request whose URL, cookie and bearer token say everything (POST /auth/refresh, /auth/logout, starting a project…). */
export const emptyBodySchema = z.strictObject({});
