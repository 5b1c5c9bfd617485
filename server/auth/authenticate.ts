/**
 * The one `authenticate` every protected route starts with: the bearer access token's signature
 * proves who; the session check makes sign-out, a password reset and a reused refresh token end
 * the access token at once rather than up to 15 minutes later. A 401 otherwise.
 *
 * A few read routes that every page calls (the path page, the leaderboard) check the session in
 * their own query instead of a query before it, so they cost one round trip to the database, not
 * two: they start from `authenticate.claims` (the token's signature alone) and their query
 * answers nothing when the session is no longer active (`activeSession` in ./repository.ts);
 * then they throw `authenticate.ended()`, the same 401. server/learning/session.test.ts proves
 * it for each such route.
 */
import type { FastifyRequest } from 'fastify';
import { sessionMessages } from '../../src/domain/auth.ts';
import { HttpError } from '../http/errors.ts';
import { createAccessTokenVerifier, sessionNamedBy } from './jwt.ts';
import type { AuthRepository, UserRow } from './repository.ts';

/** The signed-in user, and the session (refresh-token family) their access token belongs to. */
export type Authenticated = UserRow & { sessionId: string };
/** What a genuine, current access token says: whose session, checked as of `at`. */
export type SessionClaims = { userId: string; sessionId: string; at: string };
export type Authenticate = ((request: FastifyRequest) => Promise<Authenticated>) & {
  /** The token's claims from its signature alone (no query): the route's own query must check the session. */
  claims: (request: FastifyRequest) => SessionClaims;
  /** The 401 for a token whose session is no longer active. */
  ended: () => HttpError;
  /** The session a genuine bearer token names, even an expired one (to end it), or null. Never a proof of who is signed in. */
  sessionNamed: (request: FastifyRequest) => { userId: string; sessionId: string } | null;
};

/** The token of an `Authorization: Bearer …` header, or null. */
function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  return /^Bearer +([A-Za-z0-9._-]+) *$/i.exec(header)?.[1] ?? null;
}

export function createAuthenticate(repo: AuthRepository, jwtSecret: string, now: () => number): Authenticate {
  const verify = createAccessTokenVerifier({ secret: jwtSecret });
  const ended = () => new HttpError(401, sessionMessages.sessionExpired, { 'www-authenticate': 'Bearer error="invalid_token"' });
  const claims = (request: FastifyRequest): SessionClaims => {
    const header = request.headers.authorization;
    if (header === undefined) {
      throw new HttpError(401, sessionMessages.signInRequired, { 'www-authenticate': 'Bearer' });
    }
    const token = bearerToken(header);
    const verified = token ? verify(token, now()) : null;
    if (!verified) throw ended();
    return { userId: verified.sub, sessionId: verified.sid, at: new Date(now()).toISOString() };
  };
  const sessionNamed = (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const named = token ? sessionNamedBy(token, { secret: jwtSecret }) : null;
    return named ? { userId: named.sub, sessionId: named.sid } : null;
  };
  async function authenticate(request: FastifyRequest): Promise<Authenticated> {
    const session = claims(request);
    const user = await repo.activeSessionUser(session.sessionId, session.userId, session.at);
    if (!user) throw ended();
    return { ...user, sessionId: session.sessionId };
  }
  return Object.assign(authenticate, { claims, ended, sessionNamed });
}
