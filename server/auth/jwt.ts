/**
 * Access tokens: JWT, HS256 only, built on node:crypto (no dependency). Verification accepts
 * nothing but a well-formed three-part token whose header says HS256, whose signature matches
 * (compared in constant time), and whose issuer, audience and expiry are right.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const JWT_ISSUER = 'pathforge-api';
export const JWT_AUDIENCE = 'pathforge-web';
/** Tolerated clock difference for `iat`/`nbf`, in seconds. */
const CLOCK_SKEW_SECONDS = 30;
const MAX_TOKEN_LENGTH = 2048;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

export type AccessClaims = {
  /** The user id. */
  sub: string;
  /** The session: the refresh-token family the token was issued for. */
  sid: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
  jti: string;
};

export type JwtOptions = {
  secret: string;
  issuer?: string;
  audience?: string;
};

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

function decodeObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Signs an access token for user `sub` in session `sid`, valid for `ttlSeconds` from `nowMs`. */
export function signAccessToken(subject: { sub: string; sid: string }, nowMs: number, ttlSeconds: number, options: JwtOptions): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: AccessClaims = {
    sub: subject.sub,
    sid: subject.sid,
    iat,
    exp: iat + ttlSeconds,
    iss: options.issuer ?? JWT_ISSUER,
    aud: options.audience ?? JWT_AUDIENCE,
    jti: randomUUID(),
  };
  const input = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${input}.${sign(input, options.secret)}`;
}

/** The payload of a well-formed HS256 token whose signature matches, otherwise null. */
function genuinePayload(token: string, secret: string): Record<string, unknown> | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!SEGMENT.test(headerPart) || !SEGMENT.test(payloadPart) || !SEGMENT.test(signaturePart)) return null;

  const header = decodeObject(headerPart);
  if (!header || header.alg !== 'HS256') return null;
  if (header.typ !== undefined && header.typ !== 'JWT') return null;
  if (header.crit !== undefined) return null;

  const expected = Buffer.from(sign(`${headerPart}.${payloadPart}`, secret));
  const given = Buffer.from(signaturePart);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return decodeObject(payloadPart);
}

/** The claims of a genuine payload when they are right and current at `nowMs`, otherwise null. */
function currentClaims(claims: Record<string, unknown>, nowMs: number, options: JwtOptions): AccessClaims | null {
  const now = Math.floor(nowMs / 1000);
  const { sub, sid, iat, exp, iss, aud, jti, nbf } = claims;
  if (typeof sub !== 'string' || sub === '') return null;
  if (typeof sid !== 'string' || sid === '') return null;
  if (iss !== (options.issuer ?? JWT_ISSUER)) return null;
  const audience = options.audience ?? JWT_AUDIENCE;
  if (Array.isArray(aud) ? !aud.includes(audience) : aud !== audience) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return null;
  if (typeof iat !== 'number' || !Number.isFinite(iat) || iat > now + CLOCK_SKEW_SECONDS) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now + CLOCK_SKEW_SECONDS)) return null;
  return { sub, sid, iat, exp, iss, aud: audience, jti: typeof jti === 'string' ? jti : '' };
}

/**
 * The user and session a genuine token of ours names, expired or not, otherwise null. Only for
 * ending that session (signing out with an old token): it never grants anything.
 */
export function sessionNamedBy(token: string, options: JwtOptions): { sub: string; sid: string } | null {
  const payload = genuinePayload(token, options.secret);
  if (!payload) return null;
  const { sub, sid, iss, aud } = payload;
  if (typeof sub !== 'string' || sub === '' || typeof sid !== 'string' || sid === '') return null;
  if (iss !== (options.issuer ?? JWT_ISSUER)) return null;
  const audience = options.audience ?? JWT_AUDIENCE;
  if (Array.isArray(aud) ? !aud.includes(audience) : aud !== audience) return null;
  return { sub, sid };
}

/** The token's claims when it is genuine and current, otherwise null (never throws). */
export function verifyAccessToken(token: string, nowMs: number, options: JwtOptions): AccessClaims | null {
  const payload = genuinePayload(token, options.secret);
  return payload ? currentClaims(payload, nowMs, options) : null;
}

/**
 * `verifyAccessToken` for a server that sees the same tokens again and again: the payloads of the
 * last `size` genuine tokens are kept, so a token's signature is checked once (the HMAC and the
 * decoding were a tenth of an authenticated request's time); its claims (expiry above all) are
 * checked on every use. A token is a function of its payload and the secret, so a kept payload
 * proves what checking the signature again would.
 */
export function createAccessTokenVerifier(options: JwtOptions, size = 10_000) {
  const genuine = new Map<string, Record<string, unknown>>();
  return (token: string, nowMs: number): AccessClaims | null => {
    let payload = genuine.get(token);
    if (payload === undefined) {
      const checked = genuinePayload(token, options.secret);
      if (!checked) return null;
      payload = checked;
      if (genuine.size >= size) genuine.delete(genuine.keys().next().value as string);
      genuine.set(token, payload);
    }
    return currentClaims(payload, nowMs, options);
  };
}
