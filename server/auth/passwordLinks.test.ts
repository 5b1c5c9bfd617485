/** A reset link is stored only as its hash, expires with the reset TTL, and its mail is queued in the same transaction. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordLinks } from './passwordLinks.ts';
import { hashToken } from './tokens.ts';
import { createTestApp, register, type TestApp } from '../test/helpers.ts';
import type { MailMessage } from '../mail/mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('password links', () => {
  it.each([
    ['reset', 'Reset your PathForge password', 'choose a new password'],
    ['set', 'Set a password for your PathForge account', 'choose a password'],
  ] as const)('%s: queues a single-use link to the address and keeps only its hash', async (purpose, subject, says) => {
    const { id, user } = await register(t.app);
    const kicked: number[] = [];
    const links = createPasswordLinks({
      config: { webOrigins: ['https://pathforge.example'], resetTokenTtlSeconds: 1800 },
      db: t.app.db,
      outbox: { emailReady: true, enqueue: (executor, item) => t.app.outbox.enqueue(executor, item), kick: () => void kicked.push(1) },
      now: () => Date.parse('2026-11-26T12:00:00.000Z'),
    });
    const learner = { id, username: 'Nora', email: user.email };
    await links.mail(learner, purpose);
    expect(kicked).toHaveLength(1);
    const queued = await t.app.db.selectFrom('notification_outbox').selectAll().where('user_id', '=', id).where('kind', '=', `password-${purpose}`).execute();
    expect(queued).toHaveLength(1);
    const sent = JSON.parse(queued[0]!.payload) as MailMessage;
    expect(sent).toMatchObject({ to: learner.email, subject });
    expect(sent.text).toContain(says);
    expect(sent.text).toContain('within 30 minutes');
    const token = /https:\/\/pathforge\.example\/resetPassword\?token=([A-Za-z0-9_-]{43})/.exec(sent.text)?.[1] as string;
    expect(token).toBeDefined();
    const rows = await t.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', id).execute();
    expect(rows).toEqual([expect.objectContaining({ token_hash: hashToken(token), expires_at: '2026-11-26T12:30:00.000Z', used_at: null })]);
    expect(queued[0]!.period_key).toBe(rows[0]!.id);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
