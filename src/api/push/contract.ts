/** The push API's shapes (POST and DELETE /push/subscription): this browser's subscription, stored or forgotten. */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';

/** This browser's push subscription (PushSubscription.toJSON()), stored or refreshed for the learner. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/ }),
  keys: z.strictObject({ p256dh: z.string(), auth: z.string() }),
});
export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: z.string() });

export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
