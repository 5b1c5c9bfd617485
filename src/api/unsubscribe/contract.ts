/** The one-click unsubscribe API's shapes (POST /unsubscribe/:token, no sign-in). */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';

/** POST /unsubscribe/:token: the mailed link's token says who and which mail. */
export const unsubscribeParamsSchema = z.object({ token: z.string().max(100) });
/** What one-click unsubscribe turned off. */
export const unsubscribeResponseSchema = z.strictObject({ kind: z.enum(['streak', 'digest', 'updates', 'newsletter']), message: z.string() });

export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
