/**
 * /account: the signed-in learner's settings (name, email, notifications, dark mode, public
 * profile), changing the password, and deleting the account with everything in it.
 * Every route authenticates first and touches the token's learner only.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountMessages, emailLinkMessages } from '../../src/domain/account.ts';
import {
  deleteAccountBodySchema,
  passwordBodySchema,
  passwordChangedResponseSchema,
  preferencesSchema,
  profileBodySchema,
  settingsResponseSchema,
  type Settings,
} from '../../src/api/account/contract.ts';
import { emptyBodySchema, messageResponseSchema } from '../../src/api/common/contract.ts';
import { linkedListSentence } from '../../src/domain/oauth.ts';
import type { AccountSecurity } from '../auth/accountSecurity.ts';
import type { Authenticate, Authenticated } from '../auth/authenticate.ts';
import type { PasswordLinks } from '../auth/passwordLinks.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { accountRows } from '../auth/repository.ts';
import { clearRefreshCookie } from '../auth/routes.ts';
import { checkNewPassword, checkProfile } from '../auth/validation.ts';
import type { Db } from '../db/database.ts';
import type { EmailLinks } from './emailLinks.ts';
import type { LearnerSettings } from './settings.ts';
import { HttpError, mailNotSetUp } from '../http/errors.ts';
import { noteAccountDeleted } from '../learning/boards.ts';
import { rateLimitHook } from '../http/rate-limit.ts';
import { route, schema } from '../http/schema.ts';
import type { Reminders } from '../reminders/reminders.ts';
import { forgetReviewer } from '../verify/worker.ts';

export type AccountDeps = {
  db: Db;
  authenticate: Authenticate;
  hasher: PasswordHasher;
  now: () => number;
  /** Password checks per learner per minute (the sign-in limit). */
  passwordAttemptsPerMinute: number;
  emailLinks: EmailLinks;
  /** Confirmation links a learner may have sent again per hour (the reset-link limit). */
  emailsPerHour: number;
  passwordLinks: PasswordLinks;
  /** Waiting email changes a learner may cancel per hour. */
  emailCancelsPerHour: number;
  /** The learner's settings (the one writer of user_settings). */
  settings: LearnerSettings;
  /** What Settings says about reminders. */
  reminders: Reminders;
  /** Ending every session and the owner's notice after a password change. */
  accountSecurity: AccountSecurity;
  /** Starts a session (server/auth/sessions.ts): a password change gives this browser a new one. */
  startSession(reply: FastifyReply, userId: string, signedInWith: string): Promise<string>;
};

declare module 'fastify' {
  interface FastifyRequest {
    account: Authenticated | null;
  }
}

export async function accountRoutes(app: FastifyInstance, deps: AccountDeps) {
  const { db, authenticate, hasher, now, emailLinks, passwordLinks, reminders, settings } = deps;
  const iso = () => new Date(now()).toISOString();

  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    request.account = await authenticate(request);
  });
  const me = (request: { account: Authenticated | null }): Authenticated => {
    if (!request.account) throw new Error('the account routes run after authentication');
    return request.account;
  };
  // Guessing a password through a stolen session is limited like signing in.
  const passwordLimit = rateLimitHook(app, {
    name: 'account-password',
    max: deps.passwordAttemptsPerMinute,
    windowMs: 60_000,
    key: (request) => request.account?.id ?? request.ip,
  });
  // The profile checks a password when the email changes and mails two addresses: limited the same way.
  const profileLimit = rateLimitHook(app, {
    name: 'account-profile',
    max: deps.passwordAttemptsPerMinute,
    windowMs: 60_000,
    key: (request) => request.account?.id ?? request.ip,
  });
  const resendLimit = rateLimitHook(app, {
    name: 'account-email-resend',
    max: deps.emailsPerHour,
    windowMs: 60 * 60_000,
    key: (request) => request.account?.id ?? request.ip,
  });

  // Set-password links mail the learner's address: limited like the other links they may ask for.
  const passwordLinkLimit = rateLimitHook(app, {
    name: 'account-password-link',
    max: deps.emailsPerHour,
    windowMs: 60 * 60_000,
    key: (request) => request.account?.id ?? request.ip,
  });

  // Cancelling a waiting change writes every time: bounded like the other email-link requests.
  const cancelLimit = rateLimitHook(app, {
    name: 'account-email-cancel',
    max: deps.emailCancelsPerHour,
    windowMs: 60 * 60_000,
    key: (request) => request.account?.id ?? request.ip,
  });

  async function settingsOf(userId: string): Promise<Settings> {
    const user = await db.selectFrom('users').select(['username', 'email', 'email_verified_at', 'has_password']).where('id', '=', userId).executeTakeFirstOrThrow();
    const [preferences, pendingEmail, status] = await Promise.all([settings.preferencesOf(userId), emailLinks.pendingEmail(userId), reminders.status(userId)]);
    return {
      profile: { username: user.username, email: user.email, emailConfirmed: user.email_verified_at !== null, pendingEmail, hasPassword: user.has_password === 1 },
      preferences,
      reminders: status,
    };
  }

  /**
   * An account a provider made has no password to check: it is told so (never "not your current
   * password"), and it must set one through a link mailed to its address first, so a stolen session
   * alone can neither choose a password, move the email nor delete the account.
   */
  async function checkPassword(userId: string, password: string) {
    const user = await db.selectFrom('users').select(['password_hash', 'has_password']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.has_password !== 1) throw new HttpError(400, accountMessages.noPassword);
    if (!(await hasher.verify(user.password_hash, password))) throw new HttpError(400, accountMessages.wrongPassword);
  }

  route(app).get('/settings', { schema: schema({ response: { 200: settingsResponseSchema } }) }, async (request) => ({
    settings: await settingsOf(me(request).id),
  }));

  route(app).put(
    '/profile',
    { schema: schema({ body: profileBodySchema, response: { 200: settingsResponseSchema } }), preHandler: profileLimit },
    async (request) => {
      const user = me(request);
      const checked = checkProfile(request.body);
      if (!checked.ok) throw new HttpError(400, checked.message);
      // A new address takes effect only once a link sent to it is opened, and asking for one needs
      // the password: a stolen session alone cannot move the account (and its reset links) away.
      // Whether another account has the address is never said here: the answer is the same.
      if (checked.email !== user.email) {
        // No mail server: the link that would make the change cannot go, so nothing changes (the name neither).
        if (!emailLinks.ready) throw mailNotSetUp();
        const password = request.body.currentPassword ?? '';
        if (user.has_password !== 1) throw new HttpError(400, accountMessages.noPassword);
        if (password === '') throw new HttpError(400, accountMessages.passwordForEmail);
        await checkPassword(user.id, password);
      }
      if (checked.username !== user.username) {
        await accountRows.rename(db, user.id, checked.username, iso());
      }
      if (checked.email !== user.email) {
        await emailLinks.requestChange({ id: user.id, username: checked.username, email: user.email }, checked.email);
        request.log.info({ userId: user.id }, 'email change requested');
      }
      return { settings: await settingsOf(user.id) };
    },
  );

  route(app).post(
    '/email/resend',
    { schema: schema({ body: emptyBodySchema, response: { 202: messageResponseSchema } }), preHandler: resendLimit },
    async (request, reply) => {
      const user = me(request);
      const sentTo = await emailLinks.resend({ id: user.id, username: user.username, email: user.email, emailConfirmed: user.email_verified_at !== null });
      if (sentTo === null) throw new HttpError(409, accountMessages.alreadyConfirmed);
      return reply.code(202).send({ message: emailLinkMessages.sent(sentTo) });
    },
  );

  // The first password of an account a provider made: a reset link to its current address, which
  // proves control of the address before any password exists (and confirms it when opened).
  route(app).post(
    '/password-link',
    { schema: schema({ body: emptyBodySchema, response: { 202: messageResponseSchema } }), preHandler: passwordLinkLimit },
    async (request, reply) => {
      const user = me(request);
      if (user.has_password === 1) throw new HttpError(409, accountMessages.alreadyHasPassword);
      await passwordLinks.mail(user, 'set');
      request.log.info({ userId: user.id }, 'set-password link sent');
      return reply.code(202).send({ message: accountMessages.passwordLinkSent(user.email) });
    },
  );

  route(app).delete('/email/pending', { schema: schema({ response: { 200: settingsResponseSchema } }), preHandler: cancelLimit }, async (request) => {
    const user = me(request);
    await emailLinks.cancelChange(user.id);
    return { settings: await settingsOf(user.id) };
  });

  route(app).put('/preferences', { schema: schema({ body: preferencesSchema, response: { 200: settingsResponseSchema } }) }, async (request) => {
    const user = me(request);
    await db.transaction().execute((tx) => settings.save(tx, user.id, request.body));
    return { settings: await settingsOf(user.id) };
  });

  route(app).post(
    '/password',
    { schema: schema({ body: passwordBodySchema, response: { 200: passwordChangedResponseSchema } }), preHandler: passwordLimit },
    async (request, reply) => {
      const user = me(request);
      await checkPassword(user.id, request.body.currentPassword);
      const problem = checkNewPassword(request.body.newPassword);
      if (problem) throw new HttpError(400, problem);
      const passwordHash = await hasher.hash(request.body.newPassword);
      const at = iso();
      // One transaction: the new password, every reset link spent, every session ended (this one
      // too: whoever else holds its tokens is out), the owner told which sign-ins are linked.
      const linked = await db.transaction().execute(async (tx) => {
        await accountRows.setPassword(tx, user.id, passwordHash, at);
        // A reset link asked for before the change must not set another password after it.
        await accountRows.spendResetLinks(tx, user.id, at);
        await deps.accountSecurity.endEverySession(tx, user.id, at);
        await deps.accountSecurity.changed(tx, user, 'password-changed', at);
        return deps.accountSecurity.identitiesOf(tx, user.id);
      });
      deps.accountSecurity.kick();
      // This browser goes on in a new session (its refresh cookie replaced), begun by the password just set.
      const token = await deps.startSession(reply, user.id, 'password');
      request.log.info({ userId: user.id }, 'password changed; every session revoked, this browser given a new one');
      return { message: `${accountMessages.passwordChanged} ${linkedListSentence(linked)}`, token };
    },
  );

  route(app).delete('/', { schema: schema({ body: deleteAccountBodySchema }), preHandler: passwordLimit }, async (request, reply) => {
    const user = me(request);
    await checkPassword(user.id, request.body.password);
    // Everything of the learner goes with the row (foreign keys cascade): sessions, reset
    // links, progress, ticks, submissions, ratings, settings, push subscriptions and every
    // message not sent yet. One statement, one transaction.
    await db.transaction().execute(async (tx) => {
      await accountRows.deleteUser(tx, user.id);
      // A copy held for review names the learner who submitted the repository first: not any more.
      await forgetReviewer(tx, user.id);
      // The leaderboards' copies on every instance drop the learner's rows with their next update.
      await noteAccountDeleted(tx, user.id);
    });
    request.log.info({ userId: user.id }, 'account deleted');
    clearRefreshCookie(reply);
    return { message: accountMessages.deleted };
  });
}
