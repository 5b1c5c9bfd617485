/** Opaque tokens (refresh tokens, reset links): 256 random bits, stored only as a SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What a well-formed opaque token looks like; anything else is rejected before the database. */
export const OPAQUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
