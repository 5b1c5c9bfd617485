/**
 * POST /unsubscribe/:token: one-click unsubscribe (RFC 8058), without sign-in. Mailbox providers
 * post `List-Unsubscribe=One-Click` as a form; the web app's unsubscribe page posts JSON `{}`.
 * Either turns the token's kind of mail off at once.
 *
 * POST and DELETE /account/push-subscriptions: this browser's Web Push subscription, stored or
 * refreshed, and removed; authenticated like the rest of /account. An endpoint belongs to one
 * learner: another learner's is taken over only with the same browser keys (409 otherwise).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from '../../src/api/push/contract.ts';
import { unsubscribeParamsSchema, unsubscribeResponseSchema } from '../../src/api/unsubscribe/contract.ts';
import type { Authenticate } from '../auth/authenticate.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { rateLimitHook } from '../http/rate-limit.ts';
import { route, schema } from '../http/schema.ts';
import type { Reminders } from './reminders.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes `application/x-www-form-urlencoded` as well as JSON (one-click unsubscribe). */
    acceptsForm?: boolean;
  }
}

export const reminderMessages = {
  unknownLink: 'This unsubscribe link is not valid. You can change which emails you get in Settings.',
  endpoint: 'A push subscription needs the https address of a push service.',
  keys: 'A push subscription needs the browser’s p256dh and auth keys.',
  otherLearner: 'This push subscription belongs to another PathForge account. Turn notifications off and on again in this browser to get one of your own.',
} as const;

/** Unsubscribe attempts per IP per minute: tokens cannot be guessed, but nobody needs more. */
const UNSUBSCRIBES_PER_MINUTE = 30;
/** Browsers kept per learner: a new one beyond this replaces the oldest. */
const MAX_PUSH_DEVICES = 10;
/** A P-256 public key (65 bytes) and a 16-byte auth secret, base64url. */
const P256DH = /^[A-Za-z0-9_-]{87}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

export async function unsubscribeRoutes(app: FastifyInstance, deps: { reminders: Reminders }) {
  // The form body mailbox providers post (only in this plugin: every other route takes JSON only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const limit = rateLimitHook(app, { name: 'unsubscribe', max: UNSUBSCRIBES_PER_MINUTE, windowMs: 60_000 });
  route(app).post(
    '/:token',
    {
      config: { acceptsForm: true },
      schema: schema({
        params: unsubscribeParamsSchema,
        response: { 200: unsubscribeResponseSchema },
      }),
      onRequest: limit,
    },
    async (request) => {
      const result = await deps.reminders.unsubscribe(request.params.token);
      if (!result) throw new HttpError(404, reminderMessages.unknownLink);
      request.log.info({ kind: result.kind }, 'unsubscribed by link');
      return result;
    },
  );
}

export async function pushSubscriptionRoutes(app: FastifyInstance, deps: { db: Db; authenticate: Authenticate; now: () => number; perHour: number }) {
  const { db, authenticate, now } = deps;
  // Who is signed in, read before the body is validated: a request without a session gets its 401 first.
  const signedIn = new WeakMap<object, { id: string }>();
  app.addHook('onRequest', async (request) => {
    signedIn.set(request, await authenticate(request));
  });
  const me = (request: object) => {
    const user = signedIn.get(request);
    if (!user) throw new Error('the push subscription routes run after authentication');
    return user;
  };
  // Each subscription is a row and, later, a request to a push service: a bounded number per learner.
  const saveLimit = rateLimitHook(app, { name: 'push-subscriptions', max: deps.perHour, windowMs: 60 * 60_000, key: (request) => me(request).id });
  route(app).post('/', { schema: schema({ body: pushSubscriptionBodySchema }), preHandler: saveLimit }, async (request, reply) => {
    const user = me(request);
    const { endpoint, keys } = request.body;
    let url: URL | null;
    try {
      url = endpoint.length <= 2048 ? new URL(endpoint) : null;
    } catch {
      url = null;
    }
    if (url === null || url.protocol !== 'https:') throw new HttpError(400, reminderMessages.endpoint);
    if (!P256DH.test(keys.p256dh) || !AUTH.test(keys.auth)) throw new HttpError(400, reminderMessages.keys);
    const at = new Date(now()).toISOString();
    const saved = await db.transaction().execute(async (tx) => {
      // One browser, one row, one learner. The learner's own row is refreshed. Another learner's
      // row moves only when the request carries the same p256dh and auth keys: the browser made
      // them with the subscription and only it (and this server) holds them, so it is the same
      // browser signing in as someone else, who now gets that learner's messages. An endpoint
      // alone (read off another device, a log, a shared screen) moves nothing.
      const values = { user_id: user.id, p256dh: keys.p256dh, auth: keys.auth, created_at: at };
      const written = await tx
        .insertInto('push_subscriptions')
        .values({ id: randomUUID(), endpoint, ...values })
        .onConflict((oc) =>
          oc
            .column('endpoint')
            .doUpdateSet(values)
            .where((eb) =>
              eb.or([
                eb('push_subscriptions.user_id', '=', user.id),
                eb.and([eb('push_subscriptions.p256dh', '=', keys.p256dh), eb('push_subscriptions.auth', '=', keys.auth)]),
              ]),
            ),
        )
        .executeTakeFirst();
      if (Number(written.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      const kept = await tx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(MAX_PUSH_DEVICES)
        .execute();
      await tx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', user.id)
        .where(
          'id',
          'not in',
          kept.map((row) => row.id),
        )
        .execute();
      return true;
    });
    if (!saved) throw new HttpError(409, reminderMessages.otherLearner);
    return reply.code(204).send();
  });

  route(app).delete('/', { schema: schema({ body: pushUnsubscribeBodySchema }) }, async (request, reply) => {
    const user = me(request);
    await db.deleteFrom('push_subscriptions').where('user_id', '=', user.id).where('endpoint', '=', request.body.endpoint).execute();
    return reply.code(204).send();
  });
}
