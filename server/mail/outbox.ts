/**
 * The notification outbox: every outgoing message (reset and email links, notices, streak
 * reminders, digests, push) is a row of `notification_outbox`, written in the transaction of the
 * change that causes it, and sent by the sender here. Nothing is lost on a restart, and nothing is
 * sent twice by us:
 *
 * - A sender claims due rows with one `UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING *`
 *   (SKIP LOCKED on PostgreSQL): status 'sending', the attempt counted before anything is sent,
 *   and a lease (`locked_until`). A sender that dies mid-send leaves its rows to be claimed again
 *   once the lease ends; a row it finished is 'sent' and never claimed again.
 * - A temporary failure (SMTP 4xx, a connection refused or dropped, a push service's 429 or 5xx)
 *   is tried again later, each wait twice the one before; a permanent one (SMTP 5xx) is recorded
 *   ('failed' with `last_error`) and never retried. So is a message still failing after
 *   MAX_ATTEMPTS.
 * - Every mail's Message-ID comes from its row id: a repeat after a crash carries the same one.
 * - Once sent, a mail's body is dropped from the row (its links may be keys to an account); the
 *   row stays, with its addressee and subject, as the record that it went.
 * - With no mailer (production without SMTP_URL) no mail is ever sent: an email is recorded at once
 *   as not sent ('failed', `not sent: email is not set up on this server`), with its addressee and
 *   subject only, and so is any email left queued from before; nothing waits for a mail server
 *   that does not exist. Push is unaffected.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { Background } from '../background.ts';
import type { Database, Db, NotificationOutboxTable, OutboxChannel } from '../db/database.ts';
import { skipLocked } from '../db/dialect.ts';
import { isPermanentMailError, type MailMessage, type Mailer } from './mailer.ts';

export type Executor = Db | Transaction<Database>;
export type OutboxRow = Selectable<NotificationOutboxTable>;

/** A push message as queued: what the service worker shows, and how long the push service keeps it. */
export type PushPayload = { title: string; body: string; url: string; topic: string; ttlSeconds: number };

/** Sends one learner's push message to each of their browsers. */
export type PushSender = {
  send(userId: string, payload: PushPayload): Promise<void>;
};

/** Thrown by a sender for a failure that will not go away by trying again. */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError';
}

/** A message that is no longer wanted when its turn comes (the learner switched it off, or already worked today). */
export type SendCheck = (row: OutboxRow) => Promise<string | null>;

export const OUTBOX_TIMING = Object.freeze({
  /** How often the sender looks for due rows (new rows are also sent at once, after their transaction). */
  intervalMs: 15_000,
  /** How long a claim lasts: longer than any attempt may take (the SMTP time-outs are at most a minute). */
  leaseMs: 5 * 60_000,
  /** The wait after the first temporary failure; it doubles with each one, up to maxBackoffMs. */
  firstBackoffMs: 60_000,
  maxBackoffMs: 60 * 60_000,
  maxAttempts: 8,
  batch: 20,
});

export type Outbox = ReturnType<typeof createOutbox>;

/** What the record of a mail keeps once its body must go: who it was for and what it was about. */
const addresseeOnly = (message: MailMessage) => JSON.stringify({ to: message.to, subject: message.subject });

/**
 * Claims up to `batch` rows due at `at`: queued ones whose time has come, and those whose
 * sender's lease ended (it crashed or stopped mid-send). The attempt is counted here, before
 * anything is sent.
 */
export async function claimDue(db: Db, at: number, batch: number): Promise<OutboxRow[]> {
  const now = new Date(at).toISOString();
  const due = skipLocked(
    db,
    db
      .selectFrom('notification_outbox')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)])]))
      .orderBy('run_at')
      .limit(batch),
  );
  return db
    .updateTable('notification_outbox')
    .set((eb) => ({ status: 'sending', locked_until: new Date(at + OUTBOX_TIMING.leaseMs).toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Why an email was not sent by a server without a mail server (the row's `last_error`). */
export const EMAIL_NOT_SET_UP = 'not sent: email is not set up on this server';

export function createOutbox(deps: {
  db: Db;
  /** null: this server sends no email (production without SMTP_URL). */
  mailer: Mailer | null;
  push: PushSender | null;
  background: Background;
  now: () => number;
  log: FastifyBaseLogger;
  /** The domain of Message-IDs (the sender address's). */
  messageDomain: string;
  /** Per kind: a last check before sending; a reason means the message is dropped (recorded, not sent). */
  checks?: Record<string, SendCheck>;
  /** false: this process sends nothing (an API started with WORKERS=off); messages wait for a worker process. */
  sending?: boolean;
}) {
  const { db, mailer, background, now, log } = deps;
  const checks: Record<string, SendCheck> = { ...deps.checks };
  const iso = (ms = now()) => new Date(ms).toISOString();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  /** Queues a message; false when the same (learner, kind, period, channel) was queued before. */
  async function enqueue(
    executor: Executor,
    item: { userId: string; kind: string; periodKey: string; channel: OutboxChannel; payload: MailMessage | PushPayload; runAt?: string },
  ): Promise<boolean> {
    const at = iso();
    // No mail server: recorded as not sent, keeping no body (a mail's links are keys to an account).
    const unsendable = item.channel === 'email' && mailer === null;
    const payload = unsendable ? addresseeOnly(item.payload as MailMessage) : JSON.stringify(item.payload);
    const inserted = await executor
      .insertInto('notification_outbox')
      .values({
        id: randomUUID(),
        user_id: item.userId,
        kind: item.kind,
        period_key: item.periodKey,
        channel: item.channel,
        payload,
        status: unsendable ? 'failed' : 'queued',
        attempts: 0,
        run_at: item.runAt ?? at,
        locked_until: null,
        sent_at: null,
        last_error: unsendable ? EMAIL_NOT_SET_UP : null,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'period_key', 'channel']).doNothing())
      .returning('id')
      .execute();
    return inserted.length > 0;
  }

  const claim = () => claimDue(db, now(), OUTBOX_TIMING.batch);

  /** Updates a claimed row, only while the claim is still ours (same attempt, still sending). */
  const settle = (row: OutboxRow, values: Partial<Omit<OutboxRow, 'id' | 'attempts'>>) =>
    db.updateTable('notification_outbox').set(values).where('id', '=', row.id).where('status', '=', 'sending').where('attempts', '=', row.attempts).execute();

  async function deliver(row: OutboxRow): Promise<void> {
    const check = checks[row.kind];
    const unwanted = check ? await check(row) : null;
    if (unwanted !== null) {
      await settle(row, { status: 'failed', locked_until: null, last_error: `not sent: ${unwanted}` });
      return;
    }
    if (row.channel === 'email' && mailer === null) {
      // Queued while this server had a mail server (or by an instance that has one).
      await settle(row, { status: 'failed', locked_until: null, last_error: EMAIL_NOT_SET_UP, payload: addresseeOnly(JSON.parse(row.payload) as MailMessage) });
      return;
    }
    try {
      if (row.channel === 'email' && mailer !== null) {
        const message = JSON.parse(row.payload) as MailMessage;
        await mailer.send({ ...message, messageId: `<${row.id}@${deps.messageDomain}>` });
        await settle(row, {
          status: 'sent',
          sent_at: iso(),
          locked_until: null,
          last_error: null,
          payload: JSON.stringify({ to: message.to, subject: message.subject }),
        });
      } else {
        if (!deps.push) throw new PermanentSendError('push is not set up on this server');
        await deps.push.send(row.user_id, JSON.parse(row.payload) as PushPayload);
        await settle(row, { status: 'sent', sent_at: iso(), locked_until: null, last_error: null });
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      const permanent = error instanceof PermanentSendError || isPermanentMailError(error);
      if (permanent || row.attempts >= OUTBOX_TIMING.maxAttempts) {
        log.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'message not sent, given up');
        await settle(row, { status: 'failed', locked_until: null, last_error: reason });
        return;
      }
      const wait = Math.min(OUTBOX_TIMING.maxBackoffMs, OUTBOX_TIMING.firstBackoffMs * 2 ** (row.attempts - 1));
      log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: wait, err: error }, 'message not sent, will retry');
      await settle(row, { status: 'queued', run_at: iso(now() + wait), locked_until: null, last_error: reason });
    }
  }

  /** Sends everything due now, batch after batch; a call while one runs makes it look again at the end. */
  function sendDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (let rows = await claim(); rows.length > 0; rows = await claim()) {
          for (const row of rows) await deliver(row);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** False when this server sends no email (production without SMTP_URL): flows that need a mailed link refuse. */
    emailReady: mailer !== null,
    enqueue,
    sendDue,
    /**
     * Sends what is due after the response (call it once the transaction that queued a message
     * committed); nothing in an API started without workers (WORKERS=off: a worker process sends).
     */
    kick(): void {
      if (deps.sending === false) return;
      background.run('outbox', sendDue);
    },
    /** Looks for due messages every `intervalMs` (a worker process looks more often: no API kicks it). */
    start(intervalMs: number = OUTBOX_TIMING.intervalMs): void {
      if (deps.sending === false) return;
      timer = setInterval(() => background.run('outbox', sendDue), intervalMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
    /** Gives messages of `kind` a last check before sending (the feature that queues them does, before the sender starts). */
    addCheck(kind: string, check: SendCheck): void {
      checks[kind] = check;
    },
    /** Drops the record of messages sent or given up before `at` (the streak keys it holds are for days long past). */
    async deleteOlderThan(at: string): Promise<void> {
      await db.deleteFrom('notification_outbox').where('status', 'in', ['sent', 'failed']).where('created_at', '<', at).execute();
    },
  };
}
