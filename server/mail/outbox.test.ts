/**
 * The outbox delivers through a real SMTP server (on 127.0.0.1): every message once, with its
 * headers and both parts; a temporary refusal (4xx) is tried again later and delivered once; a
 * permanent one (5xx) is recorded and never tried again; a restart, whether it waits for the send
 * in progress or the sender died mid-send, sends each message once.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { postJson, register, tempDir, testConfig, testDatabase, testRedis } from '../test/helpers.ts';
import { startFakeSmtp, type FakeSmtp } from '../test/smtp.ts';
import { claimDue, OUTBOX_TIMING } from './outbox.ts';

let smtp: FakeSmtp;
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.close();
  for (const drop of drops) await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.respond(() => null);
});

const START = Date.parse('2026-11-23T10:00:00.000Z');

/** A database of its own, and apps started on it with SMTP_URL pointing at the fake server and a clock the test moves. */
async function setUp() {
  const dir = tempDir();
  dirs.push(dir);
  const database = await testDatabase(dir);
  drops.push(database.drop);
  const clock = { now: START };
  const config = { ...testConfig(dir), database: database.target, smtpUrl: smtp.url };
  const start = async (): Promise<FastifyInstance> => {
    const redis = testRedis();
    const app = await buildApp(config, { logger: false, now: () => clock.now, ...(redis ? { redis } : {}) });
    app.addHook('onClose', async () => redis?.disconnect());
    return app;
  };
  return { clock, start };
}

const rowsOf = (app: FastifyInstance, kind: string) => app.db.selectFrom('notification_outbox').selectAll().where('kind', '=', kind).orderBy('created_at').execute();

describe('sending through SMTP', () => {
  it('delivers a queued message once, with a Message-ID from its row, both parts and its headers', async () => {
    const { start } = await setUp();
    const app = await start();
    try {
      const { id, user } = await register(app);
      await app.outbox.enqueue(app.db, {
        userId: id,
        kind: 'digest',
        periodKey: 'digest:2026-11-23',
        channel: 'email',
        payload: {
          to: user.email,
          subject: 'Your week on PathForge',
          text: 'Plain words.',
          html: '<p>Plain <b>words</b>.</p>',
          headers: { 'List-Unsubscribe': '<http://localhost:4000/unsubscribe/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        },
      });
      await app.outbox.sendDue();
      const digests = smtp.received.filter((mail) => mail.subject === 'Your week on PathForge');
      expect(digests).toHaveLength(1);
      const [row] = await rowsOf(app, 'digest');
      const mail = digests[0]!;
      expect(mail.messageId).toBe(`<${row!.id}@pathforge.local>`);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email);
      expect(mail.text?.trim()).toBe('Plain words.');
      expect(mail.html).toContain('<b>words</b>');
      const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line;
      expect(header('list-unsubscribe')).toBe('List-Unsubscribe: <http://localhost:4000/unsubscribe/abc>');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      // The body (whose links may be keys to the account) is not kept once sent.
      expect(row!.payload).not.toContain('Plain words');
      // Sending again finds nothing due.
      await app.outbox.sendDue();
      expect(smtp.received.filter((m) => m.subject === 'Your week on PathForge')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('a reset link asked for goes through the outbox to the mail server', async () => {
    const { start } = await setUp();
    const app = await start();
    try {
      const { user } = await register(app);
      expect((await postJson(app, '/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
      await app.background.drain();
      const resets = smtp.received.filter((mail) => mail.subject === 'Reset your PathForge password');
      expect(resets).toHaveLength(1);
      expect(resets[0]!.text).toMatch(/\/resetPassword\?token=[A-Za-z0-9_-]{43}/);
      expect(await rowsOf(app, 'password-reset')).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    } finally {
      await app.close();
    }
  });

  it('a temporary refusal (451) is tried again after the back-off, and delivered once', async () => {
    const { start, clock } = await setUp();
    const app = await start();
    try {
      const { user } = await register(app);
      smtp.received.length = 0;
      const before = smtp.attempts();
      smtp.respond((attempt) => (attempt === before + 1 ? 451 : null));
      await postJson(app, '/auth/forgot-password', { email: user.email });
      await app.background.drain();
      expect(smtp.received).toHaveLength(0);
      let [row] = await rowsOf(app, 'password-reset');
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.last_error).toMatch(/451/);
      expect(Date.parse(row!.run_at)).toBe(START + OUTBOX_TIMING.firstBackoffMs);

      // Not before its time.
      clock.now = START + OUTBOX_TIMING.firstBackoffMs - 1;
      await app.outbox.sendDue();
      expect(smtp.received).toHaveLength(0);
      clock.now = START + OUTBOX_TIMING.firstBackoffMs;
      await app.outbox.sendDue();
      await app.outbox.sendDue();
      expect(smtp.received.map((mail) => mail.subject)).toEqual(['Reset your PathForge password']);
      [row] = await rowsOf(app, 'password-reset');
      expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    } finally {
      await app.close();
    }
  });

  it('a permanent refusal (550) is recorded and never tried again', async () => {
    const { start, clock } = await setUp();
    const app = await start();
    try {
      const { user } = await register(app);
      smtp.received.length = 0;
      smtp.respond(() => 550);
      const before = smtp.attempts();
      await postJson(app, '/auth/forgot-password', { email: user.email });
      await app.background.drain();
      const [row] = await rowsOf(app, 'password-reset');
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.last_error).toMatch(/550/);
      clock.now = START + 24 * 60 * 60_000;
      await app.outbox.sendDue();
      expect(smtp.attempts()).toBe(before + 1);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('a restart', () => {
  it('waits for the message being sent, and the next start sends nothing again', async () => {
    const { start } = await setUp();
    const first = await start();
    const { id, user } = await register(first);
    for (const n of [1, 2, 3]) {
      await first.outbox.enqueue(first.db, {
        userId: id,
        kind: 'notice',
        periodKey: `n${n}`,
        channel: 'email',
        payload: { to: user.email, subject: `Notice ${n}`, text: `Notice ${n}.` },
      });
    }
    first.outbox.kick();
    // Closed while its sender is at work: closing waits for the sends under way.
    await first.close();
    const second = await start();
    try {
      await second.outbox.sendDue();
      const notices = smtp.received.filter((mail) => mail.subject?.startsWith('Notice')).map((mail) => mail.subject);
      expect(notices.sort()).toEqual(['Notice 1', 'Notice 2', 'Notice 3']);
      expect((await rowsOf(second, 'notice')).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      await second.close();
    }
  });

  it('after a sender died mid-send: what it had sent stays sent, what it held is sent once its lease ends, the rest at once', async () => {
    const { start, clock } = await setUp();
    const first = await start();
    const { id, user } = await register(first);
    const notice = (n: number) => ({
      userId: id,
      kind: 'notice',
      periodKey: `n${n}`,
      channel: 'email' as const,
      payload: { to: user.email, subject: `Notice ${n}`, text: `Notice ${n}.` },
    });
    await first.outbox.enqueue(first.db, notice(1));
    await first.outbox.sendDue();
    await first.outbox.enqueue(first.db, notice(2));
    // The first sender claims notice 2 and dies before it is sent: the row stays claimed.
    const held = await claimDue(first.db, clock.now, 1);
    expect(held.map((row) => row.period_key)).toEqual(['n2']);
    await first.close();

    clock.now += 60_000;
    const second = await start();
    try {
      await second.outbox.enqueue(second.db, notice(3));
      await second.outbox.sendDue();
      const subjects = () => smtp.received.filter((mail) => mail.subject?.startsWith('Notice')).map((mail) => mail.subject);
      // Notice 1 went before the crash and is not sent again; notice 2 waits for its lease.
      expect(subjects()).toEqual(['Notice 1', 'Notice 3']);
      clock.now = START + OUTBOX_TIMING.leaseMs;
      await second.outbox.sendDue();
      await second.outbox.sendDue();
      expect(subjects()).toEqual(['Notice 1', 'Notice 3', 'Notice 2']);
      const rows = await rowsOf(second, 'notice');
      expect(rows.map((row) => [row.period_key, row.status, row.attempts])).toEqual([
        ['n1', 'sent', 1],
        ['n2', 'sent', 2],
        ['n3', 'sent', 1],
      ]);
    } finally {
      await second.close();
    }
  });
});
