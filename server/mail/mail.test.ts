/**
 * Where mail goes when no mail server is configured. In development: the outbox folder only (a
 * reset link is a key to an account, so it never reaches a log). In production:
 * nowhere. The API starts with one warning, sends and writes no mail, queues none for a mail
 * server that does not exist, refuses (503, saying so) the requests whose whole point is a mailed
 * link, and Settings says email is not set up. Push does not depend on it.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import webpush from 'web-push';
import { emailLinkMessages } from '../../src/domain/account.ts';
import { settingsResponseSchema } from '../../src/api/account/contract.ts';
import { loadConfig, MAIL_OFF_WARNING } from '../config.ts';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, createTestApp, errorMessage, postJson, register, signIn, testConfig, tempDir, type TestApp } from '../test/helpers.ts';
import { EMAIL_NOT_SET_UP } from './outbox.ts';

/** Every line the app logs, from debug up. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logged.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    callback();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'debug', stream: logStream } });
});
afterAll(async () => {
  await t.close();
});

describe('the development outbox (no SMTP_URL)', () => {
  it('keeps every mailed link in the outbox file and never writes one, or its token, to the log', async () => {
    const { user } = await register(t.app);
    expect((await postJson(t.app, '/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    await t.app.background.drain();

    // Registration's confirmation link, then the reset link: one file each.
    const outbox = join(t.dir, 'outbox');
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const mails = files.map((name) => ({ name, eml: readFileSync(join(outbox, name), 'utf8') }));
    const links = mails.map(({ eml }) => /(https?:\/\/\S*(?:resetPassword|confirm-email)\?token=([A-Za-z0-9_-]{43}))/.exec(eml));
    expect(mails.some(({ eml }) => /resetPassword\?token=/.test(eml))).toBe(true);
    expect(mails.some(({ eml }) => /confirm-email\?token=/.test(eml))).toBe(true);

    for (const [index, { name }] of mails.entries()) {
      const match = links[index];
      expect(match).not.toBeNull();
      const [, link, token] = match as unknown as [string, string, string];
      // The log says a mail was written, and where, so a developer can open it.
      expect(logged.some((line) => line.includes(name))).toBe(true);
      expect(logged.filter((line) => line.includes(link))).toEqual([]);
      expect(logged.filter((line) => line.includes(token))).toEqual([]);
    }
  });
});

describe('production without a mail server (no SMTP_URL)', () => {
  const logs: string[] = [];
  const pushed: string[] = [];
  const clock = { now: Date.parse('2026-11-23T12:00:00Z') };
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:team@pathforge.example' };
  let p: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs.push(
          ...chunk
            .toString('utf8')
            .split('\n')
            .filter((line) => line !== ''),
        );
        callback();
      },
    });
    p = await createTestApp(
      { production: true, smtpUrl: null, vapid },
      {
        now: () => clock.now,
        logger: { level: 'info', stream },
        // The push service: a fake that accepts every message (push works without mail).
        pushTransport: async (details) => {
          pushed.push(details.endpoint);
          return 201;
        },
      },
    );
    await p.app.ready();
  });
  afterAll(async () => {
    await p.close();
  });

  const outboxRows = () => p.app.db.selectFrom('notification_outbox').selectAll().execute();
  const emailRows = async () => (await outboxRows()).filter((row) => row.channel === 'email');
  /** After the background work and the sender: nothing was sent, and no outbox folder was made. */
  async function nothingMailed() {
    await p.app.background.drain();
    await p.app.outbox.sendDue();
    expect(existsSync(join(p.dir, 'outbox'))).toBe(false);
  }
  const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    p.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const settingsOf = async (token: string) => settingsResponseSchema.parse((await call(token, 'GET', '/account/settings')).json()).settings;

  it('loads the configuration: SMTP_URL is optional in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(config).toMatchObject({ production: true, smtpUrl: null });
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).smtpUrl).toBe(
      'smtps://user:pass@smtp.example.com:465',
    );
  });

  it('starts, with one warning that mail is off', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const warnings = logs.filter((line) => line.includes(MAIL_OFF_WARNING));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    expect(logs.some((line) => line.includes('mail off (no SMTP_URL)'))).toBe(true);
  });

  it('builds the app from such a config directly too', async () => {
    const dir = tempDir();
    try {
      const app = await buildApp({ ...testConfig(dir), production: true, smtpUrl: null }, { logger: false });
      expect(app.outbox.emailReady).toBe(false);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('forgot password: 503 saying email is not set up, for an account or not; no link made', async () => {
    const { user, id } = await register(p.app);
    for (const email of [user.email, 'nobody-here@example.com']) {
      const response = await postJson(p.app, '/auth/forgot-password', { email });
      expect(response.statusCode).toBe(503);
      expect(errorMessage(response)).toBe(emailLinkMessages.notSetUp);
    }
    await nothingMailed();
    expect(await p.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect(await emailRows()).toEqual([]);
  });

  it('registration works, makes no confirmation link and queues no mail; Settings says email is not set up', async () => {
    const { token, id } = await signIn(p.app);
    await nothingMailed();
    expect(await p.app.db.selectFrom('email_links').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect(await emailRows()).toEqual([]);
    const settings = await settingsOf(token);
    expect(settings.profile.emailConfirmed).toBe(false);
    expect(settings.reminders).toMatchObject({ email: 'not-set-up', push: 'ready', nextDigestAt: null });
  });

  it('resending the confirmation link: 503 saying so', async () => {
    const { token } = await signIn(p.app);
    const response = await call(token, 'POST', '/account/email/resend', {});
    expect(response.statusCode).toBe(503);
    expect(errorMessage(response)).toBe(emailLinkMessages.notSetUp);
    await nothingMailed();
    expect(await emailRows()).toEqual([]);
  });

  it('changing the email: 503 saying so, and nothing changes (the name neither); no notice or undo link to anyone', async () => {
    const { token, user, id } = await signIn(p.app);
    // Another account's address too: its owner gets no "someone tried to use your address" notice.
    const taken = (await register(p.app)).user.email;
    for (const email of ['new-address@example.com', taken]) {
      const response = await call(token, 'PUT', '/account/profile', { username: 'Renamed', email, currentPassword: user.password });
      expect(response.statusCode).toBe(503);
      expect(errorMessage(response)).toBe(emailLinkMessages.notSetUp);
    }
    await nothingMailed();
    const settings = await settingsOf(token);
    expect(settings.profile).toMatchObject({ username: user.username, email: user.email, pendingEmail: null });
    expect(await p.app.db.selectFrom('email_links').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect(await emailRows()).toEqual([]);
    // The name alone still changes: it needs no mail.
    const renamed = await call(token, 'PUT', '/account/profile', { username: 'Renamed', email: user.email });
    expect(renamed.statusCode).toBe(200);
    expect(settingsResponseSchema.parse(renamed.json()).settings.profile.username).toBe('Renamed');
  });

  it('the set-password link of an account with no password: 503 saying so; no link made', async () => {
    const { token, id } = await signIn(p.app);
    await p.app.db.updateTable('users').set({ has_password: 0 }).where('id', '=', id).execute();
    const response = await call(token, 'POST', '/account/password-link', {});
    expect(response.statusCode).toBe(503);
    expect(errorMessage(response)).toBe(emailLinkMessages.notSetUp);
    await nothingMailed();
    expect(await p.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect(await emailRows()).toEqual([]);
  });

  it('queues no streak reminder or digest by email; push still goes', async () => {
    const first = loadCurriculumOnce().projects.find((project) => project.prerequisites.length === 0)!;
    const { token: firstToken, id, user } = await signIn(p.app);
    let token = firstToken;
    /** Signs in again: the clock moves past the access token's lifetime. */
    const again = async () => {
      token = ((await postJson(p.app, '/auth/login', { email: user.email, password: user.password })).json() as { token: string }).token;
    };
    await p.app.db
      .insertInto('learner_clock')
      .values({ user_id: id, time_zone: 'Europe/Berlin', time_zone_changed_at: '2026-01-01T00:00:00.000Z', weekly_goal: 3, day_floor: null })
      .execute();
    for (const day of ['2026-11-21', '2026-11-22'])
      await p.app.db.insertInto('activity_days').values({ user_id: id, path_id: first.pathId, local_day: day }).execute();
    // Every switch on: email ones too, as the defaults have them.
    const on = { streakEmail: true, streakPush: true, digestEmail: true, updatesEmail: true, newsletterEmail: true };
    expect((await call(token, 'PUT', '/account/preferences', { notifications: on, darkMode: false, publicProfile: false })).statusCode).toBe(200);
    // No browser subscribed: nothing can carry a reminder, and Settings gives no time for one.
    expect((await settingsOf(token)).reminders).toMatchObject({ email: 'not-set-up', nextStreakReminderAt: null, nextDigestAt: null });
    clock.now = Date.parse('2026-11-23T18:00:00Z'); // 19:00 in Berlin, the streak at risk
    await p.app.reminders.tick();
    await nothingMailed();
    expect(await outboxRows()).toEqual([]);

    // A browser subscribes: the reminder goes by push only.
    await again();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = 'https://push.example.test/send/phone';
    const subscription = { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
    expect((await call(token, 'POST', '/account/push-subscriptions', subscription)).statusCode).toBe(204);
    expect((await settingsOf(token)).reminders.nextStreakReminderAt).not.toBeNull();
    await p.app.reminders.tick();
    await nothingMailed();
    expect((await outboxRows()).map((row) => [row.kind, row.channel, row.status])).toEqual([['streak', 'push', 'sent']]);
    expect(pushed).toEqual([endpoint]);

    // Monday morning: no digest is queued either.
    clock.now = Date.parse('2026-11-30T07:00:00Z');
    await p.app.reminders.tick();
    await nothingMailed();
    expect(await emailRows()).toEqual([]);
  });

  it('records an email queued anyway as not sent, without its body, and one left queued from before likewise', async () => {
    const { id } = await register(p.app);
    const message = { to: 'someone@example.com', subject: 'A link', text: 'https://example.com/resetPassword?token=secret' };
    await p.app.outbox.enqueue(p.app.db, { userId: id, kind: 'test-now', periodKey: 'one', channel: 'email', payload: message });
    // As a server with SMTP_URL left it before it restarted without one.
    const at = new Date(clock.now).toISOString();
    await p.app.db
      .insertInto('notification_outbox')
      .values({
        id: crypto.randomUUID(),
        user_id: id,
        kind: 'test-before',
        period_key: 'one',
        channel: 'email',
        payload: JSON.stringify(message),
        status: 'queued',
        attempts: 0,
        run_at: at,
        locked_until: null,
        sent_at: null,
        last_error: null,
        created_at: at,
      })
      .execute();
    await nothingMailed();
    const rows = (await emailRows()).filter((row) => row.user_id === id);
    expect(rows.map((row) => [row.kind, row.status, row.last_error, JSON.parse(row.payload)])).toEqual(
      expect.arrayContaining([
        ['test-now', 'failed', EMAIL_NOT_SET_UP, { to: message.to, subject: message.subject }],
        ['test-before', 'failed', EMAIL_NOT_SET_UP, { to: message.to, subject: message.subject }],
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
