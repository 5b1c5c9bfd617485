import { describe, expect, it } from 'vitest';
import { JWT_AUDIENCE, JWT_ISSUER, signAccessToken, verifyAccessToken } from './jwt.ts';

const secret = 'unit-test-secret-0123456789-0123456789';
const now = Date.parse('2026-11-22T12:00:00Z');
const subject = { sub: 'user-1', sid: 'session-1' };

describe('access tokens', () => {
  it('round-trips: HS256 header, issuer, audience, 15-minute expiry', () => {
    const token = signAccessToken(subject, now, 900, { secret });
    const header = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as unknown;
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verifyAccessToken(token, now, { secret })).toMatchObject({
      ...subject,
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      iat: now / 1000,
      exp: now / 1000 + 900,
    });
  });

  it('expires exactly at exp', () => {
    const token = signAccessToken(subject, now, 900, { secret });
    expect(verifyAccessToken(token, now + 899_999, { secret })).not.toBeNull();
    expect(verifyAccessToken(token, now + 900_000, { secret })).toBeNull();
  });

  it('checks issuer and audience', () => {
    const token = signAccessToken(subject, now, 900, { secret, audience: 'other' });
    expect(verifyAccessToken(token, now, { secret })).toBeNull();
    expect(verifyAccessToken(token, now, { secret, audience: 'other' })).not.toBeNull();
    const foreign = signAccessToken(subject, now, 900, { secret, issuer: 'someone' });
    expect(verifyAccessToken(foreign, now, { secret })).toBeNull();
  });

  it('never throws on junk', () => {
    for (const junk of ['', '.', '..', 'a.b.c', '%%.%%.%%', 'x'.repeat(5000), `${'a'.repeat(10)}.${'b'.repeat(10)}.`]) {
      expect(verifyAccessToken(junk, now, { secret })).toBeNull();
    }
  });
});
