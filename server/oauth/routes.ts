/**
 * Sign-in with Google and GitHub (/auth/oauth) and the learner's linked accounts
 * (/account/identities).
 *
 * A flow starts from a link (GET …/start, or POST /account/identities/:provider for a learner
 * linking from Settings): a transaction is stored server-side (single use, 10 minutes) and bound to
 * the browser by a random `pf_oauth` cookie (SameSite=Lax: the refresh cookie is Strict and is not
 * sent on the provider's redirect back). The provider's one callback consumes it, checks `state`,
 * exchanges the code with the PKCE verifier (and, for Google, the nonce) and then:
 * - a known identity signs its learner in;
 * - a new identity with a verified email no account has creates a learner without a password;
 * - a new identity whose verified email belongs to an account never enters it: the learner is
 *   sent to sign in with that account's password once (a pending link), then it is linked;
 * - a link from Settings joins the signed-in learner, unless the identity is someone else's.
 * Every failure lands on the sign-in page (or Settings, for a link) with a reason and no session.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identitiesResponseSchema, linkStartBodySchema, linkStartResponseSchema } from '../../src/api/account/contract.ts';
import {
  callbackQuerySchema,
  providerParamsSchema,
  startQuerySchema,
  linkConfirmBodySchema,
  providerSchema,
  providersResponseSchema,
  removeLinkBodySchema,
  removeLinkResponseSchema,
} from '../../src/api/oauth/contract.ts';
import { LINK_REAUTH_MINUTES, oauthMessages, PROVIDERS, type OAuthError, type Provider } from '../../src/domain/oauth.ts';
import type { LinkedAccounts } from '../../src/api/account/contract.ts';
import { removeLinkTexts } from '../../src/domain/accountNotices.ts';
import { accountMessages } from '../../src/domain/account.ts';
import { authApiMessages } from '../../src/domain/auth.ts';
import { sessionResponseSchema } from '../../src/api/auth/contract.ts';
import * as client from 'openid-client';
import type { ServerConfig } from '../config.ts';
import type { AccountSecurity } from '../auth/accountSecurity.ts';
import type { Authenticate, Authenticated } from '../auth/authenticate.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthRepository, UserRow } from '../auth/repository.ts';
import { clearRefreshCookie, publicUser } from '../auth/routes.ts';
import { startSession } from '../auth/sessions.ts';
import { hashToken, newOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../auth/tokens.ts';
import { normalizeEmail, USERNAME_MAX, USERNAME_MIN } from '../auth/validation.ts';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { limitKey, rateLimitHook } from '../http/rate-limit.ts';
import { route, schema } from '../http/schema.ts';
import type { OAuthProvider, ProviderIdentity } from './providers.ts';
import type { IdentityRow, OAuthRepository } from './repository.ts';

export const OAUTH_COOKIE = 'pf_oauth';
/** Sent on the provider's top-level redirect back (Lax), only to these routes, never to scripts. */
const OAUTH_COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'lax', path: '/auth/oauth' } as const;
/** How long a started sign-in, and a pending link, may wait. */
export const OAUTH_TRANSACTION_SECONDS = 10 * 60;
/** What an account a provider created holds as its password hash: not a hash, so no password verifies it. */
export const NO_PASSWORD_HASH = '!no-password';

export type OAuthDeps = {
  config: ServerConfig;
  providers: Partial<Record<Provider, OAuthProvider>>;
  repo: OAuthRepository;
  authRepo: AuthRepository;
  hasher: PasswordHasher;
  jwtSecret: string;
  now: () => number;
  authenticate: Authenticate;
  accountSecurity: AccountSecurity;
};

const iso = (ms: number) => new Date(ms).toISOString();

function configuredProviders(providers: OAuthDeps['providers']) {
  return { google: providers.google !== undefined, github: providers.github !== undefined };
}

/** A display name for a new learner from what the provider told: their name, else login, else the email's local part. */
function usernameFor(identity: ProviderIdentity, email: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = (value: string | null) => [...(value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').trim()].slice(0, USERNAME_MAX).join('').trim();
  for (const candidate of [identity.name, identity.login, email.split('@')[0] ?? '']) {
    const name = clean(candidate);
    if ([...name].length >= USERNAME_MIN) return name;
  }
  return 'PathForge learner';
}

/** Starts a session (a new refresh family) begun by `signedInWith`: the cookie on `reply`, the access token returned. */
function sessionStarter(deps: OAuthDeps) {
  const { config, authRepo, jwtSecret, now } = deps;
  return (reply: FastifyReply, userId: string, signedInWith: string): Promise<string> =>
    startSession({ config, repo: authRepo, jwtSecret, at: now() }, reply, userId, signedInWith);
}

/** Stores a new transaction, sets its cookie on `reply` and says where to send the browser. */
function transactionStarter(deps: OAuthDeps) {
  const { repo, now } = deps;
  /** `link`: the learner linking and the session they link from (its end cancels the link); null for a sign-in. */
  return async (reply: FastifyReply, provider: OAuthProvider, link: { userId: string; familyId: string } | null): Promise<URL> => {
    const cookie = newOpaqueToken();
    const checks = {
      state: client.randomState(),
      codeVerifier: client.randomPKCECodeVerifier(),
      nonce: provider.name === 'google' ? client.randomNonce() : null,
    };
    const url = await provider.authorizationUrl(checks);
    const at = now();
    await repo.insertTransaction({
      id: randomUUID(),
      token_hash: hashToken(cookie),
      provider: provider.name,
      intent: link === null ? 'signin' : 'link',
      user_id: link?.userId ?? null,
      family_id: link?.familyId ?? null,
      state: checks.state,
      code_verifier: checks.codeVerifier,
      nonce: checks.nonce,
      created_at: iso(at),
      expires_at: iso(at + OAUTH_TRANSACTION_SECONDS * 1000),
      used_at: null,
    });
    reply.setCookie(OAUTH_COOKIE, cookie, { ...OAUTH_COOKIE_OPTIONS, maxAge: OAUTH_TRANSACTION_SECONDS });
    return url;
  };
}

export async function oauthRoutes(app: FastifyInstance, deps: OAuthDeps) {
  const { config, providers, repo, authRepo, hasher, now, accountSecurity } = deps;
  const web = config.webOrigins[0];
  const startSession = sessionStarter(deps);
  const startTransaction = transactionStarter(deps);
  const linkLimit = rateLimitHook(app, {
    name: 'oauth-link-confirm',
    max: config.rateLimits.loginPerMinutePerEmail,
    windowMs: 60_000,
    key: (request) => {
      const body = request.body as { email?: unknown } | undefined;
      return limitKey(request.ip, typeof body?.email === 'string' ? normalizeEmail(body.email) : '');
    },
  });

  // Every try checks a password: limited per IP too, like sign-in attempts, whatever the email.
  const linkIpLimit = rateLimitHook(app, { name: 'oauth-link-confirm-ip', max: config.rateLimits.loginPerMinutePerIp, windowMs: 60_000 });
  // Every start stores a transaction: limited per IP like sign-in attempts.
  const startLimit = rateLimitHook(app, { name: 'oauth-start', max: config.rateLimits.loginPerMinutePerIp, windowMs: 60_000 });
  // Opening a "linked" mail's removal link: a 256-bit token is not guessed, but each try costs a lookup.
  const removeLimit = rateLimitHook(app, { name: 'oauth-remove-link', max: config.rateLimits.forgotPasswordPerHour, windowMs: 60 * 60_000 });

  const toLogin = (reply: FastifyReply, params: Record<string, string>) =>
    reply
      .code(303)
      .header('location', `${web}/login?${new URLSearchParams(params)}`)
      .send();

  route(app).get('/providers', { schema: schema({ response: { 200: providersResponseSchema } }) }, async () => ({
    providers: configuredProviders(providers),
  }));

  route(app).get(
    '/:provider/start',
    { schema: schema({ params: providerParamsSchema, querystring: startQuerySchema }), onRequest: startLimit },
    async (request, reply) => {
      const name = providerSchema.safeParse(request.params.provider);
      if (!name.success) throw new HttpError(404, 'Not found.');
      const provider = providers[name.data];
      if (!provider) return toLogin(reply, { oauthError: 'not_configured', provider: name.data });
      let url: URL;
      try {
        url = await startTransaction(reply, provider, null);
      } catch (error) {
        request.log.warn({ err: error, provider: name.data }, 'provider unreachable at sign-in start');
        reply.clearCookie(OAUTH_COOKIE, OAUTH_COOKIE_OPTIONS);
        return toLogin(reply, { oauthError: 'provider_error', provider: name.data });
      }
      return reply.code(302).header('location', url.href).send();
    },
  );

  route(app).get(
    '/:provider/callback',
    // Providers add parameters of their own (Google: scope, authuser, prompt): any string is let through.
    { schema: schema({ params: providerParamsSchema, querystring: callbackQuerySchema }) },
    async (request, reply) => {
      const name = providerSchema.safeParse(request.params.provider);
      if (!name.success) throw new HttpError(404, 'Not found.');
      const providerName = name.data;
      const cookie = request.cookies[OAUTH_COOKIE];
      reply.clearCookie(OAUTH_COOKIE, OAUTH_COOKIE_OPTIONS);
      const at = now();
      const tx = typeof cookie === 'string' && OPAQUE_TOKEN_PATTERN.test(cookie) ? await repo.consumeTransaction(hashToken(cookie), iso(at)) : undefined;
      const linking = tx?.intent === 'link';
      const fail = (error: OAuthError) => {
        request.log.info({ provider: providerName, error }, 'provider sign-in refused');
        const params = new URLSearchParams({ oauthError: error, provider: providerName });
        return reply
          .code(303)
          .header('location', `${web}${linking ? '/app/settings' : '/login'}?${params}`)
          .send();
      };

      const provider = providers[providerName];
      if (!provider) return fail('not_configured');
      if (!tx || tx.provider !== providerName || Date.parse(tx.expires_at) <= at) return fail('expired');
      if (request.query.error !== undefined) return fail('provider_error');
      if (request.query.state !== tx.state) return fail('state_mismatch');

      const callbackUrl = new URL(provider.redirectUri);
      for (const [key, value] of Object.entries(request.query)) callbackUrl.searchParams.set(key, value);
      let identity: ProviderIdentity;
      try {
        identity = await provider.identity(callbackUrl, { state: tx.state, codeVerifier: tx.code_verifier, nonce: tx.nonce });
      } catch (error) {
        request.log.warn({ err: error, provider: providerName }, 'provider sign-in could not be confirmed');
        return fail('failed');
      }
      const email = identity.verifiedEmail === null ? null : normalizeEmail(identity.verifiedEmail);
      const known = await repo.findIdentity(providerName, identity.subject);
      const newIdentity = (userId: string): IdentityRow => ({
        id: randomUUID(),
        user_id: userId,
        provider: providerName,
        subject: identity.subject,
        email,
        login: identity.login,
        created_at: iso(at),
        last_used_at: iso(at),
        email_confirmed: 1,
      });

      if (tx.intent === 'link') {
        const userId = tx.user_id;
        const user = userId === null ? undefined : await authRepo.findUserById(userId);
        if (userId === null || !user) return fail('expired');
        // Bound to the session that started it: signed out (or every session ended) since, no link.
        if (tx.family_id === null || !(await authRepo.activeSessionUser(tx.family_id, userId, iso(at)))) return fail('session_ended');
        if (known && known.user_id !== userId) return fail('identity_taken');
        if (!known) {
          const row = { ...newIdentity(userId), email_confirmed: user.email_verified_at === null ? 0 : 1 };
          try {
            // The account's address is told which account was linked, with a way to undo it.
            await repo.insertIdentity(row, (db) => accountSecurity.linked(db, user, { ...row, provider: providerName }, iso(at)));
            accountSecurity.kick();
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            const again = await repo.findIdentity(providerName, identity.subject);
            return fail(again && again.user_id !== userId ? 'identity_taken' : 'already_linked');
          }
          request.log.info({ userId, provider: providerName }, 'identity linked');
        }
        return reply
          .code(303)
          .header('location', `${web}/app/settings?${new URLSearchParams({ linked: providerName })}`)
          .send();
      }

      const signIn = async (userId: string) => {
        await startSession(reply, userId, providerName);
        request.log.info({ userId, provider: providerName }, 'signed in with a provider');
        // The web app takes the session up with POST /auth/refresh (the refresh cookie set here).
        return toLogin(reply, { oauth: 'signed-in', provider: providerName });
      };

      if (known) {
        await repo.touchIdentity(known.id, iso(at));
        return signIn(known.user_id);
      }
      if (email === null) return fail('no_verified_email');
      const owner = await authRepo.findUserByEmail(email);
      if (owner) {
        // Never entered on the strength of an email: the account's password is asked once, then linked.
        const link = newOpaqueToken();
        await repo.insertPendingLink({
          id: randomUUID(),
          token_hash: hashToken(link),
          user_id: owner.id,
          provider: providerName,
          subject: identity.subject,
          email,
          login: identity.login,
          created_at: iso(at),
          expires_at: iso(at + OAUTH_TRANSACTION_SECONDS * 1000),
          used_at: null,
        });
        return toLogin(reply, { link, provider: providerName });
      }
      const user: UserRow = {
        id: randomUUID(),
        username: usernameFor(identity, email),
        email,
        password_hash: NO_PASSWORD_HASH,
        has_password: 0,
        password_changed_at: iso(at),
        // The provider verified this address, and the account is new: nothing older can claim it.
        email_verified_at: iso(at),
        created_at: iso(at),
        updated_at: iso(at),
      };
      try {
        await repo.insertUserWithIdentity(user, newIdentity(user.id));
      } catch (error) {
        // The same identity or email registered a moment ago: safest to start again.
        if (isUniqueViolation(error)) return fail('expired');
        throw error;
      }
      request.log.info({ userId: user.id, provider: providerName }, 'user registered with a provider');
      return signIn(user.id);
    },
  );

  route(app).post(
    '/link/confirm',
    { schema: schema({ body: linkConfirmBodySchema, response: { 200: sessionResponseSchema } }), onRequest: linkIpLimit, preHandler: linkLimit },
    async (request, reply) => {
      const { link, email, password } = request.body;
      const invalid = () => new HttpError(400, oauthMessages.linkInvalid);
      if (!OPAQUE_TOKEN_PATTERN.test(link)) throw invalid();
      const pending = await repo.findPendingLink(hashToken(link));
      const at = now();
      if (!pending || pending.used_at !== null || Date.parse(pending.expires_at) <= at) throw invalid();
      const user = await authRepo.findUserById(pending.user_id);
      // The same answer as a wrong sign-in whether the email, the password or the account does not match.
      const matches = user !== undefined && user.email === normalizeEmail(email) && user.has_password === 1;
      const valid = matches ? await hasher.verify(user.password_hash, password) : await hasher.verifyDummy(password);
      if (!user || !valid) throw new HttpError(401, authApiMessages.invalidCredentials);
      const identity = {
        id: randomUUID(),
        user_id: user.id,
        provider: pending.provider,
        subject: pending.subject,
        email: pending.email,
        login: pending.login,
        created_at: iso(at),
        last_used_at: iso(at),
        // The provider verified this very address: its owner linked it, whether or not the account had confirmed it.
        email_confirmed: user.email_verified_at !== null || pending.email === user.email ? 1 : 0,
      };
      const provider = providerSchema.parse(pending.provider);
      const result = await repo.completePendingLink(pending, identity, iso(at), (db) => accountSecurity.linked(db, user, { ...identity, provider }, iso(at)));
      if (result === 'linked') accountSecurity.kick();
      if (result === 'used') throw invalid();
      if (result === 'taken') throw new HttpError(409, 'That account is already linked. Sign in with it, or unlink it in Settings first.');
      request.log.info({ userId: user.id, provider: pending.provider }, 'identity linked after the password');
      const token = await startSession(reply, user.id, 'password');
      return { user: publicUser(user), token };
    },
  );

  // The link in a "linked" mail: one click on its page removes that identity and ends every session.
  route(app).post(
    '/remove-link',
    { schema: schema({ body: removeLinkBodySchema, response: { 200: removeLinkResponseSchema } }), onRequest: removeLimit },
    async (request, reply) => {
      const removed = await accountSecurity.removeWithToken(request.body.token);
      if (!removed) throw new HttpError(400, removeLinkTexts.invalid);
      request.log.warn({ userId: removed.userId }, 'linked identity removed from its mail; every session revoked');
      clearRefreshCookie(reply);
      return { message: removed.message };
    },
  );
}

export async function identityRoutes(app: FastifyInstance, deps: OAuthDeps) {
  const { config, providers, repo, authRepo, authenticate, hasher, now } = deps;
  const startTransaction = transactionStarter(deps);
  // Who is linking: authenticated before the per-learner limit counts them.
  const linkers = new WeakMap<FastifyRequest, Authenticated>();
  // Each start checks a password and stores a transaction: per learner like a password check, per IP like sign-in attempts.
  const linkUserLimit = rateLimitHook(app, {
    name: 'oauth-link-start-user',
    max: config.rateLimits.loginPerMinutePerEmail,
    windowMs: 60_000,
    key: (request) => linkers.get(request)?.id ?? request.ip,
  });
  const linkIpLimit = rateLimitHook(app, { name: 'oauth-link-start-ip', max: config.rateLimits.loginPerMinutePerIp, windowMs: 60_000 });

  const me = async (request: FastifyRequest) => authenticate(request);
  async function linkedAccounts(userId: string): Promise<LinkedAccounts> {
    const [user, rows] = await Promise.all([authRepo.findUserById(userId), repo.identitiesOf(userId)]);
    return {
      identities: rows
        .flatMap((row) => {
          const provider = providerSchema.safeParse(row.provider);
          return provider.success ? [{ provider: provider.data, label: row.email ?? row.login ?? row.subject, linkedAt: row.created_at }] : [];
        })
        .sort((a, b) => PROVIDERS.indexOf(a.provider) - PROVIDERS.indexOf(b.provider)),
      hasPassword: user?.has_password === 1,
      emailConfirmed: user !== undefined && user.email_verified_at !== null,
      providers: configuredProviders(providers),
    };
  }
  const providerOf = (raw: string): Provider => {
    const parsed = providerSchema.safeParse(raw);
    if (!parsed.success) throw new HttpError(404, 'Not found.');
    return parsed.data;
  };

  route(app).get('/', { schema: schema({ response: { 200: identitiesResponseSchema } }) }, async (request) => linkedAccounts((await me(request)).id));

  /**
   * Linking is a sensitive action: refused while the address is unconfirmed; it needs the current
   * password, or, for an account without one, a session begun minutes ago by a provider sign-in
   * with an identity still linked.
   */
  async function mayLink(user: Authenticated, name: Provider, password: string | undefined): Promise<void> {
    if (user.email_verified_at === null) throw new HttpError(409, oauthMessages.confirmEmailToLink);
    if (user.has_password === 1) {
      if (password === undefined || password === '') throw new HttpError(400, oauthMessages.passwordToLink(name));
      if (!(await hasher.verify(user.password_hash, password))) throw new HttpError(401, accountMessages.wrongPassword);
      return;
    }
    if (password !== undefined) await hasher.verifyDummy(password);
    const [origin, identities] = await Promise.all([repo.sessionOrigin(user.sessionId, user.id), repo.identitiesOf(user.id)]);
    const linked = identities.flatMap((row) => (providerSchema.safeParse(row.provider).success ? [row.provider as Provider] : []));
    const by = origin?.signed_in_with;
    const fresh =
      by !== null &&
      by !== undefined &&
      linked.includes(by as Provider) &&
      origin?.signed_in_at != null &&
      now() - Date.parse(origin.signed_in_at) <= LINK_REAUTH_MINUTES * 60_000;
    if (!fresh) throw new HttpError(403, oauthMessages.signInAgainToLink(name, linked));
  }

  route(app).post(
    '/:provider',
    {
      schema: schema({
        params: providerParamsSchema,
        body: linkStartBodySchema,
        response: { 200: linkStartResponseSchema },
      }),
      onRequest: [
        linkIpLimit,
        async (request) => {
          linkers.set(request, await me(request));
        },
        linkUserLimit,
      ],
    },
    async (request, reply) => {
      const user = linkers.get(request) ?? (await me(request));
      const name = providerOf(request.params.provider);
      const provider = providers[name];
      if (!provider) throw new HttpError(409, oauthMessages.notConfigured(name));
      await mayLink(user, name, request.body.password);
      try {
        return { url: (await startTransaction(reply, provider, { userId: user.id, familyId: user.sessionId })).href };
      } catch (error) {
        if (error instanceof HttpError || isDatabaseUnavailable(error)) throw error;
        request.log.warn({ err: error, provider: name }, 'provider unreachable at link start');
        throw new HttpError(503, oauthMessages.providerUnreachable(name));
      }
    },
  );

  route(app).delete('/:provider', { schema: schema({ params: providerParamsSchema, response: { 200: identitiesResponseSchema } }) }, async (request) => {
    const user = await me(request);
    const name = providerOf(request.params.provider);
    const result = await repo.unlink(user.id, name);
    if (result === 'missing') throw new HttpError(404, oauthMessages.notLinked);
    if (result === 'last') throw new HttpError(409, oauthMessages.lastMethod);
    request.log.info({ userId: user.id, provider: name }, 'identity unlinked');
    return linkedAccounts(user.id);
  });
}
