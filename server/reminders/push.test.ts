/**
 * Web Push, offline: a browser's subscription (a P-256 key pair and auth secret made here, as a
 * browser makes them) is stored through the API; the streak reminder reaches a fake push service
 * on 127.0.0.1 with a VAPID signature the test verifies, a four-hour TTL and a topic, and its
 * body decrypts (RFC 8291, aes128gcm) with the subscription's private key to the reminder; a 410
 * from the push service removes the subscription. VAPID variables go all together or not at all.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsResponseSchema } from '../../src/api/account/contract.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { bearer, createTestApp, postJson, register, newUser, type TestApp } from '../test/helpers.ts';
import type { PushRequest } from './push.ts';
import { STREAK_PUSH_TTL_SECONDS } from './reminders.ts';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:team@pathforge.example' };
const PUSH_ORIGIN = 'https://push.example.test';

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
/** What the fake push service answers next (201: accepted; 410: the subscription is gone). */
let answer = 201;
let pushService: Server;
let port = 0;
const clock = { now: Date.parse('2026-11-23T12:00:00Z') };
let t: TestApp;

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  port = (pushService.address() as AddressInfo).port;
  // The request web-push built for the push service's https address goes to the fake on loopback instead.
  const pushTransport = async (details: PushRequest) => {
    const url = new URL(details.endpoint);
    const response = await fetch(`http://127.0.0.1:${port}${url.pathname}`, {
      method: details.method,
      headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
      body: details.body === null ? null : new Uint8Array(details.body),
    });
    return response.status;
  };
  t = await createTestApp({ vapid }, { now: () => clock.now, pushTransport });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});

/** A browser's push subscription: its own key pair and auth secret, as PushManager.subscribe() makes them. */
function browserSubscription(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { endpoint: `${PUSH_ORIGIN}/send/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm push message body (RFC 8188 / RFC 8291) with the subscription's private key. */
function decrypt(body: Buffer, subscription: ReturnType<typeof browserSubscription>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = subscription.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), serverKey, Buffer.from([1])]);
  const ikm = hmac(hmac(subscription.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID JWT: signed by the server's key, for the push service's origin, with our contact. */
function verifyVapid(authorization: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match).not.toBeNull();
  const [, jwt, key] = match as unknown as [string, string, string];
  expect(key).toBe(vapid.publicKey);
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
}

async function signedIn() {
  const user = newUser();
  const { id } = await register(t.app, user);
  const token = ((await postJson(t.app, '/auth/login', { email: user.email, password: user.password })).json() as { token: string }).token;
  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return { id, call, settings: async () => settingsResponseSchema.parse((await call('GET', '/account/settings')).json()).settings };
}

describe('push subscriptions', () => {
  it('are stored and removed through the API; Settings counts them and gives the public key', async () => {
    const me = await signedIn();
    expect((await me.settings()).reminders).toMatchObject({ push: 'ready', pushPublicKey: vapid.publicKey, pushDevices: 0 });
    const phone = browserSubscription('phone');
    expect((await me.call('POST', '/account/push-subscriptions', phone.json)).statusCode).toBe(204);
    // The same browser again refreshes its row: still one device.
    expect((await me.call('POST', '/account/push-subscriptions', phone.json)).statusCode).toBe(204);
    expect((await me.settings()).reminders.pushDevices).toBe(1);
    // Only an https push service, and real keys.
    expect((await me.call('POST', '/account/push-subscriptions', { ...phone.json, endpoint: 'http://push.example.test/x' })).statusCode).toBe(400);
    expect((await me.call('POST', '/account/push-subscriptions', { ...phone.json, keys: { p256dh: 'short', auth: 'x' } })).statusCode).toBe(400);
    expect((await me.call('DELETE', '/account/push-subscriptions', { endpoint: phone.json.endpoint })).statusCode).toBe(204);
    expect((await me.settings()).reminders.pushDevices).toBe(0);
  });
});

describe('a streak reminder by push', () => {
  it('reaches the push service signed, with a 4-hour TTL and a topic, and decrypts to the reminder; a 410 removes the subscription', async () => {
    const me = await signedIn();
    const browser = browserSubscription('laptop');
    expect((await me.call('POST', '/account/push-subscriptions', browser.json)).statusCode).toBe(204);
    await t.app.db
      .insertInto('learner_clock')
      .values({ user_id: me.id, time_zone: 'Europe/Berlin', time_zone_changed_at: '2026-01-01T00:00:00.000Z', weekly_goal: 3, day_floor: null })
      .execute();
    const pathId = (await t.app.db.selectFrom('paths').select('id').executeTakeFirstOrThrow()).id;
    await t.app.db.insertInto('activity_days').values({ user_id: me.id, path_id: pathId, local_day: '2026-11-22' }).execute();

    received.length = 0;
    clock.now = Date.parse('2026-11-23T18:00:00Z');
    await t.app.reminders.tick();
    await t.app.background.drain();
    await t.app.outbox.sendDue();
    const pushes = received.filter((r) => r.path === '/send/laptop');
    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;
    expect(push.headers.ttl).toBe(String(STREAK_PUSH_TTL_SECONDS));
    expect(STREAK_PUSH_TTL_SECONDS).toBe(4 * 60 * 60);
    expect(push.headers.topic).toBe('streak');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const claims = verifyVapid(String(push.headers.authorization));
    expect(claims).toMatchObject({ aud: PUSH_ORIGIN, sub: vapid.subject });
    expect(JSON.parse(decrypt(push.body, browser))).toEqual({
      title: 'Your 1-day streak ends at midnight',
      body: 'Tick a task, start or submit a project today to keep it.',
      url: 'http://localhost:5173/app/dashboard',
    });
    const rows = await t.app.db
      .selectFrom('notification_outbox')
      .select(['channel', 'status'])
      .where('user_id', '=', me.id)
      .where('kind', '=', 'streak')
      .orderBy('channel')
      .execute();
    expect(rows).toEqual([
      { channel: 'email', status: 'sent' },
      { channel: 'push', status: 'sent' },
    ]);

    // The next evening the browser has unsubscribed: the push service answers 410 and the row goes.
    await t.app.db.insertInto('activity_days').values({ user_id: me.id, path_id: pathId, local_day: '2026-11-23' }).execute();
    answer = 410;
    try {
      clock.now = Date.parse('2026-11-24T18:00:00Z');
      await t.app.reminders.tick();
      await t.app.background.drain();
      await t.app.outbox.sendDue();
    } finally {
      answer = 201;
    }
    expect(received.filter((r) => r.path === '/send/laptop')).toHaveLength(2);
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
    const pushRow = await t.app.db
      .selectFrom('notification_outbox')
      .select(['status', 'last_error'])
      .where('user_id', '=', me.id)
      .where('period_key', '=', 'streak:2026-11-24')
      .where('channel', '=', 'push')
      .executeTakeFirst();
    expect(pushRow).toEqual({ status: 'failed', last_error: 'every subscription of the learner has ended' });
  });
});

describe('VAPID configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(40) };
  it('takes all three variables, or none (push off)', () => {
    expect(loadConfig(base).vapid).toBeNull();
    const env = { ...base, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: vapid.subject };
    expect(loadConfig(env).vapid).toEqual({ publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: vapid.subject });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: 'nope' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'http://insecure.example' })).toThrow(/VAPID_SUBJECT/);
  });
});
