/**
 * Web Push: a learner's browsers (push_subscriptions) get a message encrypted for each of them
 * (RFC 8291) and signed with the server's VAPID key (RFC 8292) by `web-push`, posted to the push
 * service the browser chose. A streak reminder lives a few hours at the push service (TTL) and
 * carries a topic, so a newer one replaces one not yet delivered.
 *
 * - 404 or 410 from the push service: the subscription is gone (unsubscribed or expired) and its
 *   row is deleted.
 * - 429 or 5xx, or no answer: temporary (the outbox tries again later).
 * - Any other 4xx: the request itself is wrong; trying again would not help.
 *
 * Endpoints come from browsers, so the request goes through request-filtering-agent: never to a
 * private, loopback or link-local address.
 */
import { request } from 'node:https';
import webpush from 'web-push';
import { useAgent } from 'request-filtering-agent';
import type { FastifyBaseLogger } from 'fastify';
import type { VapidConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { PermanentSendError, type PushPayload, type PushSender } from '../mail/outbox.ts';

/** What web-push builds: where to post, with which headers and encrypted body. */
export type PushRequest = { endpoint: string; method: string; headers: Record<string, string | number>; body: Buffer | null };
/** Posts a built push request; resolves with the push service's status code. */
export type PushTransport = (details: PushRequest) => Promise<number>;

const PUSH_TIMEOUT_MS = 15_000;

export const httpsPushTransport: PushTransport = (details) =>
  new Promise((resolve, reject) => {
    const req = request(
      details.endpoint,
      { method: details.method, headers: details.headers, agent: useAgent(details.endpoint), timeout: PUSH_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('the push service did not answer in time')));
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });

export function createPushSender(deps: { db: Db; vapid: VapidConfig; transport?: PushTransport; log: FastifyBaseLogger }): PushSender {
  const { db, vapid, log } = deps;
  const transport = deps.transport ?? httpsPushTransport;
  return {
    async send(userId: string, payload: PushPayload) {
      const subscriptions = await db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
      if (subscriptions.length === 0) throw new PermanentSendError('no browser of the learner is subscribed');
      const body = JSON.stringify({ title: payload.title, body: payload.body, url: payload.url });
      let delivered = 0;
      let temporary: Error | null = null;
      let permanent: Error | null = null;
      for (const subscription of subscriptions) {
        const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, body, {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: payload.ttlSeconds,
          topic: payload.topic,
          urgency: 'normal',
        }) as unknown as PushRequest;
        try {
          const status = await transport(details);
          if (status >= 200 && status < 300) delivered += 1;
          else if (status === 404 || status === 410) {
            await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
            log.info({ userId }, `push subscription removed: the push service answered ${status}`);
          } else if (status === 429 || status >= 500) temporary = new Error(`the push service answered ${status}`);
          else permanent = new Error(`the push service refused the message (${status})`);
        } catch (error) {
          temporary = error instanceof Error ? error : new Error(String(error));
        }
      }
      // Delivered to one browser at least: done (a retry would repeat it there).
      if (delivered > 0) return;
      if (temporary) throw temporary;
      throw new PermanentSendError(permanent?.message ?? 'every subscription of the learner has ended');
    },
  };
}
