/**
 * A push endpoint belongs to one learner: posting another learner's endpoint does not move it
 * (409, their row untouched) unless the request carries the same browser keys, which only that
 * browser holds (the same browser signed in as someone else). Saving subscriptions is limited per learner.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorMessage, postJson, signIn, type TestApp } from '../test/helpers.ts';
import { reminderMessages } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { pushSubscriptionsPerHour: 4 } });
});
afterAll(async () => {
  await t.close();
});

/** A browser's subscription: its own P-256 key and auth secret, as PushManager.subscribe() makes them. */
function browserSubscription(endpoint = `https://push.example.test/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

const save = (token: string, body: unknown) => postJson(t.app, '/account/push-subscriptions', body, bearer(token));
const ownerOf = async (endpoint: string) =>
  (await t.app.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', endpoint).executeTakeFirst()) ?? null;

describe('a push endpoint belongs to one learner', () => {
  it('another learner posting it with other keys gets a 409 and moves nothing', async () => {
    const ada = await signIn(t.app);
    const eve = await signIn(t.app);
    const adas = browserSubscription();
    expect((await save(ada.token, adas)).statusCode).toBe(204);

    const stolen = await save(eve.token, { endpoint: adas.endpoint, keys: browserSubscription().keys });
    expect(stolen.statusCode).toBe(409);
    expect(errorMessage(stolen)).toBe(reminderMessages.otherLearner);
    // Only one key of the two is not enough either.
    const half = await save(eve.token, { endpoint: adas.endpoint, keys: { p256dh: adas.keys.p256dh, auth: randomBytes(16).toString('base64url') } });
    expect(half.statusCode).toBe(409);
    expect(await ownerOf(adas.endpoint)).toEqual({ user_id: ada.id, p256dh: adas.keys.p256dh });
    // Ada's own browser still refreshes its row.
    expect((await save(ada.token, adas)).statusCode).toBe(204);
  });

  it('the same browser (same keys) signed in as another learner takes it over', async () => {
    const ada = await signIn(t.app);
    const bob = await signIn(t.app);
    const shared = browserSubscription();
    expect((await save(ada.token, shared)).statusCode).toBe(204);
    expect((await save(bob.token, shared)).statusCode).toBe(204);
    expect((await ownerOf(shared.endpoint))?.user_id).toBe(bob.id);
  });

  it('saving subscriptions is limited per learner, with a sentence saying when to try again', async () => {
    const busy = await signIn(t.app);
    const other = await signIn(t.app);
    for (let i = 0; i < 4; i += 1) expect((await save(busy.token, browserSubscription())).statusCode).toBe(204);
    const refused = await save(busy.token, browserSubscription());
    expect(refused.statusCode).toBe(429);
    expect(errorMessage(refused)).toMatch(/^Too many attempts\. Try again in \d+ (seconds|minutes)\.$/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // Another learner (from the same address) is not held back.
    expect((await save(other.token, browserSubscription())).statusCode).toBe(204);
  });
});
