/** A reset link is stored only as its hash, expires with the reset TTL, and goes to the address it is given. */
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer.ts';
import { createPasswordLinks } from './passwordLinks.ts';
import type { PasswordResetRow } from './repository.ts';
import { hashToken } from './tokens.ts';

function setUp() {
  const rows: PasswordResetRow[] = [];
  const sent: MailMessage[] = [];
  const links = createPasswordLinks({
    config: { webOrigins: ['https://pathforge.example'], resetTokenTtlSeconds: 1800 },
    repo: { insertPasswordReset: async (row) => void rows.push(row) },
    mailer: { description: 'memory', send: async (message) => void sent.push(message), close: () => {} },
    now: () => Date.parse('2026-11-26T12:00:00.000Z'),
  });
  return { rows, sent, links };
}
const learner = { id: 'user-1', username: 'Nora', email: 'nora@example.com' };

describe('password links', () => {
  it.each([
    ['reset', 'Reset your PathForge password', 'choose a new password'],
    ['set', 'Set a password for your PathForge account', 'choose a password'],
  ] as const)('%s: mails a single-use link to the address and keeps only its hash', async (purpose, subject, says) => {
    const { rows, sent, links } = setUp();
    await links.mail(learner, purpose);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: learner.email, subject });
    expect(sent[0]?.text).toContain(says);
    expect(sent[0]?.text).toContain('within 30 minutes');
    const token = /https:\/\/pathforge\.example\/resetPassword\?token=([A-Za-z0-9_-]{43})/.exec(sent[0]?.text ?? '')?.[1] as string;
    expect(token).toBeDefined();
    expect(rows).toEqual([
      expect.objectContaining({ user_id: 'user-1', token_hash: hashToken(token), expires_at: '2026-11-26T12:30:00.000Z', used_at: null }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
