/**
 * /auth: registration, sign-in, sessions (access token + rotating refresh cookie), password
 * reset. Shapes: src/api/auth/contract.ts (bodies checked and answers serialised through them);
 * messages, shown by the browser too: src/domain/auth.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServerConfig } from '../config.ts';
import type { Background } from '../background.ts';
import type { EmailLinks } from '../account/emailLinks.ts';
import { identityLabel, type AccountSecurity } from './accountSecurity.ts';
import { isProvider } from '../../src/domain/oauth.ts';
import { isUniqueViolation } from '../db/database.ts';
import { HttpError, mailNotSetUp } from '../http/errors.ts';
import { route, schema } from '../http/schema.ts';
import { limitKey, rateLimitHook } from '../http/rate-limit.ts';
import { accessTokenFor, newRefreshToken, REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS, setRefreshCookie, startSession } from './sessions.ts';
import type { Authenticate } from './authenticate.ts';
import type { PasswordLinks } from './passwordLinks.ts';
import type { PasswordHasher } from './passwords.ts';
import type { AuthRepository, UserRow } from './repository.ts';
import { hashToken, OPAQUE_TOKEN_PATTERN } from './tokens.ts';
import { checkForgotPassword, checkLogin, checkNewPassword, checkRegistration, couldBeAccount, normalizeEmail } from './validation.ts';
import { authApiMessages, sessionMessages } from '../../src/domain/auth.ts';
import type { User } from '../../src/api/auth/contract.ts';
import {
  emailLinkBodySchema,
  emailLinkResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  userResponseSchema,
} from '../../src/api/auth/contract.ts';
import { emptyBodySchema, messageResponseSchema } from '../../src/api/common/contract.ts';

export { REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS } from './sessions.ts';

/** Tells the browser to forget the refresh cookie (sign-out, a dead session, a deleted account). */
export const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS);

export type AuthDeps = {
  config: ServerConfig;
  repo: AuthRepository;
  hasher: PasswordHasher;
  background: Background;
  jwtSecret: string;
  now: () => number;
  authenticate: Authenticate;
  emailLinks: EmailLinks;
  passwordLinks: PasswordLinks;
  accountSecurity: AccountSecurity;
};

/** What the rate limits' keys read of a body before it is validated. */
type LoginBody = z.infer<typeof loginBodySchema>;
type ResetBody = z.infer<typeof resetPasswordBodySchema>;

/** The user as the API shows it: never the hash, never internal columns. */
export function publicUser(row: UserRow): User {
  return { id: row.id, username: row.username, email: row.email, createdAt: row.created_at };
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { config, repo, hasher, background, jwtSecret, now, authenticate, emailLinks, passwordLinks, accountSecurity } = deps;
  const limits = config.rateLimits;
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  const registerLimit = rateLimitHook(app, { name: 'register', max: limits.registerPerHour, windowMs: HOUR });
  const loginIpLimit = rateLimitHook(app, { name: 'login-ip', max: limits.loginPerMinutePerIp, windowMs: MINUTE });
  const loginEmailLimit = rateLimitHook(app, {
    name: 'login-email',
    max: limits.loginPerMinutePerEmail,
    windowMs: MINUTE,
    key: (request) => {
      const body = request.body as Partial<LoginBody> | undefined;
      const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
      return limitKey(request.ip, email);
    },
  });
  const forgotLimit = rateLimitHook(app, { name: 'forgot-password', max: limits.forgotPasswordPerHour, windowMs: HOUR });
  // Setting a password with a mailed link: per IP, and per link from any address (the token is in the body).
  const resetIpLimit = rateLimitHook(app, { name: 'reset-password-ip', max: limits.resetPasswordPerHour, windowMs: HOUR });
  const resetTokenLimit = rateLimitHook(app, {
    name: 'reset-password-token',
    max: limits.resetPasswordPerTokenPerHour,
    windowMs: HOUR,
    key: (request) => {
      const token = (request.body as Partial<ResetBody> | undefined)?.token;
      return limitKey(typeof token === 'string' ? token : '');
    },
  });
  // Opening mailed links: guessing a 256-bit token is hopeless, but each try costs a lookup.
  const emailLinkLimit = rateLimitHook(app, { name: 'email-link', max: limits.forgotPasswordPerHour, windowMs: HOUR });

  /** The well-formed refresh token from the cookie, or null. */
  function refreshCookie(request: FastifyRequest): string | null {
    const value = request.cookies[REFRESH_COOKIE];
    return typeof value === 'string' && OPAQUE_TOKEN_PATTERN.test(value) ? value : null;
  }

  route(app).post(
    '/register',
    {
      schema: schema({ body: registerBodySchema, response: { 201: userResponseSchema } }),
      onRequest: registerLimit,
    },
    async (request, reply) => {
      const checked = checkRegistration(request.body);
      if (!checked.ok) throw new HttpError(400, checked.message);
      const { username, email, password } = checked.value;
      if (await repo.findUserByEmail(email)) throw new HttpError(409, authApiMessages.emailTaken);
      const at = iso(now());
      const user: UserRow = {
        id: randomUUID(),
        username,
        email,
        password_hash: await hasher.hash(password),
        password_changed_at: at,
        email_verified_at: null,
        has_password: 1,
        created_at: at,
        updated_at: at,
      };
      try {
        await repo.insertUser(user);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, authApiMessages.emailTaken);
        throw error;
      }
      request.log.info({ userId: user.id }, 'user registered');
      // The address is not trusted until a link sent to it is opened.
      emailLinks.sendRegistrationConfirmation(user);
      return reply.code(201).send({ user: publicUser(user) });
    },
  );

  route(app).post(
    '/login',
    {
      schema: schema({ body: loginBodySchema, response: { 200: sessionResponseSchema } }),
      onRequest: loginIpLimit,
      // The per-email limit needs the parsed body, hence preHandler.
      preHandler: loginEmailLimit,
    },
    async (request, reply) => {
      const checked = checkLogin(request.body);
      if (!checked.ok) throw new HttpError(400, checked.message);
      const { password } = request.body;
      const user = couldBeAccount(checked.email, password) ? await repo.findUserByEmail(checked.email) : undefined;
      // The same argon2 work whether or not the account exists: same status, body and timing.
      // An account a provider made has no password yet: refused exactly like a wrong password.
      const valid = user && user.has_password === 1 ? await hasher.verify(user.password_hash, password) : await hasher.verifyDummy(password);
      if (!user || !valid) throw new HttpError(401, authApiMessages.invalidCredentials);

      if (hasher.needsRehash(user.password_hash)) {
        background.run('password rehash', async () => repo.updatePasswordHash(user.id, await hasher.hash(password)));
      }
      const token = await startSession({ config, repo, jwtSecret, at: now() }, reply, user.id, 'password');
      request.log.info({ userId: user.id }, 'signed in');
      return { user: publicUser(user), token };
    },
  );

  route(app).post(
    '/refresh',
    {
      schema: schema({ body: emptyBodySchema, response: { 200: sessionResponseSchema } }),
    },
    async (request, reply) => {
      const ended = () => {
        clearRefreshCookie(reply);
        return new HttpError(401, sessionMessages.sessionEnded);
      };
      const token = refreshCookie(request);
      if (!token) throw ended();
      const row = await repo.findRefreshToken(hashToken(token));
      if (!row) throw ended();
      const at = now();
      if (row.revoked_at !== null) {
        // A rotated (or signed-out) token came back: whoever holds the family is not trusted.
        await repo.revokeFamily(row.family_id, iso(at));
        request.log.warn({ userId: row.user_id, familyId: row.family_id }, 'refresh token reused; family revoked');
        throw ended();
      }
      if (Date.parse(row.expires_at) <= at) throw ended();
      const user = await repo.findUserById(row.user_id);
      if (!user) throw ended();

      const next = newRefreshToken(config, user.id, row.family_id, at, { signedInWith: row.signed_in_with, signedInAt: row.signed_in_at });
      if (!(await repo.rotateRefreshToken(row.id, next.row, iso(at)))) {
        await repo.revokeFamily(row.family_id, iso(at));
        request.log.warn({ userId: row.user_id, familyId: row.family_id }, 'refresh token raced; family revoked');
        throw ended();
      }
      setRefreshCookie(config, reply, next.token);
      return { user: publicUser(user), token: accessTokenFor(config, jwtSecret, user.id, row.family_id, at) };
    },
  );

  // Ends the session it is called with, whichever credential names it: the refresh cookie, the
  // access token (even expired: it still names the session, whose refresh family may live on), or
  // both. A caller holding only the access token (no cookie) would otherwise be told it signed out
  // while its token and refresh family stayed valid. Always 204, cookie cleared.
  route(app).post('/logout', { schema: schema({ body: emptyBodySchema }) }, async (request, reply) => {
    const at = iso(now());
    const token = refreshCookie(request);
    if (token) {
      const row = await repo.findRefreshToken(hashToken(token));
      if (row) await repo.revokeFamily(row.family_id, at);
    }
    const session = authenticate.sessionNamed(request);
    if (session) await repo.revokeFamily(session.sessionId, at, session.userId);
    clearRefreshCookie(reply);
    return reply.code(204).send();
  });

  route(app).get('/me', { schema: schema({ response: { 200: userResponseSchema } }) }, async (request) => {
    const user = await authenticate(request);
    return { user: publicUser(user) };
  });

  route(app).post(
    '/forgot-password',
    { schema: schema({ body: forgotPasswordBodySchema, response: { 202: messageResponseSchema } }), onRequest: forgotLimit },
    async (request, reply) => {
      // No mail server: say so to everyone alike (nothing about the account), rather than "a link is on its way".
      if (!passwordLinks.ready) throw mailNotSetUp();
      const checked = checkForgotPassword(request.body.email);
      if (!checked.ok) throw new HttpError(400, checked.message);
      const { email } = checked;
      // Looked up after the response, so neither the answer nor its timing says whether the account exists.
      background.run('password reset email', async () => {
        if (!couldBeAccount(email, '')) return;
        const user = await repo.findUserByEmail(email);
        if (!user) return;
        await passwordLinks.mail(user, 'reset');
      });
      return reply.code(202).send({ message: authApiMessages.resetRequested });
    },
  );

  route(app).post(
    '/reset-password',
    { schema: schema({ body: resetPasswordBodySchema, response: { 200: messageResponseSchema } }), onRequest: resetIpLimit, preHandler: resetTokenLimit },
    async (request, reply) => {
      const { token, password } = request.body;
      const invalidLink = () => new HttpError(400, authApiMessages.resetLinkInvalid);
      if (!OPAQUE_TOKEN_PATTERN.test(token)) throw invalidLink();
      const reset = await repo.findPasswordReset(hashToken(token));
      if (!reset || reset.used_at !== null || Date.parse(reset.expires_at) <= now()) throw invalidLink();
      const problem = checkNewPassword(password);
      if (problem) throw new HttpError(400, problem);
      const passwordHash = await hasher.hash(password);
      const at = iso(now());
      const done = await repo.completePasswordReset(reset.id, reset.user_id, passwordHash, at, async (tx, removed) => {
        const account = await tx.selectFrom('users').select(['id', 'username', 'email']).where('id', '=', reset.user_id).executeTakeFirstOrThrow();
        const named = removed.flatMap((row) => (isProvider(row.provider) ? [{ provider: row.provider, label: identityLabel(row) }] : []));
        await accountSecurity.changed(tx, account, 'password-reset', at, named);
        if (removed.length > 0)
          request.log.warn(
            { userId: reset.user_id, providers: removed.map((row) => row.provider) },
            'reset removed identities linked while the email was unconfirmed',
          );
      });
      if (!done) throw invalidLink();
      accountSecurity.kick();
      request.log.info({ userId: reset.user_id }, 'password reset; every session revoked');
      clearRefreshCookie(reply);
      return reply.code(200).send({ message: authApiMessages.passwordReset });
    },
  );

  route(app).post(
    '/confirm-email',
    { schema: schema({ body: emailLinkBodySchema, response: { 200: emailLinkResponseSchema } }), onRequest: emailLinkLimit },
    async (request) => emailLinks.confirm(request.body.token),
  );

  route(app).post(
    '/undo-email-change',
    { schema: schema({ body: emailLinkBodySchema, response: { 200: emailLinkResponseSchema } }), onRequest: emailLinkLimit },
    async (request, reply) => {
      const result = await emailLinks.undo(request.body.token);
      clearRefreshCookie(reply);
      return result;
    },
  );
}
