/**
 * A session: one refresh family, its rotating opaque token in the `pf_refresh` cookie (only its
 * hash is stored), and short-lived access tokens naming the family. Password sign-in and provider
 * sign-in start sessions the same way; refreshing rotates the token within its family.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { signAccessToken } from './jwt.ts';
import type { AuthRepository, RefreshTokenRow } from './repository.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const REFRESH_COOKIE = 'pf_refresh';
export const REFRESH_COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: '/' } as const;

type SessionConfig = Pick<ServerConfig, 'refreshTokenTtlSeconds' | 'accessTokenTtlSeconds'>;
const iso = (ms: number) => new Date(ms).toISOString();

/** How a session began: 'password', 'google' or 'github', and when (every token of the family keeps it). */
export type SessionOrigin = { signedInWith: string | null; signedInAt: string | null };

/** A new refresh token of `familyId`, issued at `at`: the token for the cookie and the row to store. */
export function newRefreshToken(
  config: SessionConfig,
  userId: string,
  familyId: string,
  at: number,
  origin: SessionOrigin,
): { token: string; row: RefreshTokenRow } {
  const token = newOpaqueToken();
  return {
    token,
    row: {
      id: randomUUID(),
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      created_at: iso(at),
      expires_at: iso(at + config.refreshTokenTtlSeconds * 1000),
      revoked_at: null,
      replaced_by: null,
      signed_in_with: origin.signedInWith,
      signed_in_at: origin.signedInAt,
    },
  };
}

export const setRefreshCookie = (config: SessionConfig, reply: FastifyReply, token: string) =>
  reply.setCookie(REFRESH_COOKIE, token, { ...REFRESH_COOKIE_OPTIONS, maxAge: config.refreshTokenTtlSeconds });

export const accessTokenFor = (config: SessionConfig, jwtSecret: string, userId: string, familyId: string, at: number) =>
  signAccessToken({ sub: userId, sid: familyId }, at, config.accessTokenTtlSeconds, { secret: jwtSecret });

/**
 * Starts a session (a new refresh family) for `userId`, begun by `signedInWith` ('password', or the
 * provider): the cookie set on `reply`, the access token returned.
 */
export async function startSession(
  deps: { config: SessionConfig; repo: Pick<AuthRepository, 'insertRefreshToken'>; jwtSecret: string; at: number },
  reply: FastifyReply,
  userId: string,
  signedInWith: string,
): Promise<string> {
  const { config, repo, jwtSecret, at } = deps;
  const refresh = newRefreshToken(config, userId, randomUUID(), at, { signedInWith, signedInAt: iso(at) });
  await repo.insertRefreshToken(refresh.row);
  setRefreshCookie(config, reply, refresh.token);
  return accessTokenFor(config, jwtSecret, userId, refresh.row.family_id, at);
}
