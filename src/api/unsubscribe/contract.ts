/** The one-click unsubscribe API's shapes (POST /unsubscribe/:token, no sign-in). */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';

/** What one-click unsubscribe turned off. */
export const unsubscribeResponseSchema = z.strictObject({ kind: z.enum(['streak', 'digest', 'updates', 'newsletter']), message: z.string() });

export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
