import { describe, expect, it } from 'vitest';
import { createAccessTokenVerifier, JWT_AUDIENCE, JWT_ISSUER, sessionNamedBy, signAccessToken, verifyAccessToken } from './jwt.ts';

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

  it('keeps a genuine token once checked, and still checks its expiry and claims on every use', () => {
    const verify = createAccessTokenVerifier({ secret }, 2);
    const token = signAccessToken({ sub: 'user-1', sid: 'session-1' }, now, 900, { secret });
    expect(verify(token, now)).toMatchObject({ sub: 'user-1', sid: 'session-1' });
    expect(verify(token, now + 899_999)).not.toBeNull();
    expect(verify(token, now + 900_000)).toBeNull();
    // Issued in the future (a clock that went back) is refused from the kept payload too.
    expect(verify(token, now - 60_000)).toBeNull();
    // A forged signature on a kept payload is not the kept token.
    const [header, payload] = token.split('.');
    expect(verify(`${header}.${payload}.${'A'.repeat(43)}`, now)).toBeNull();
    expect(createAccessTokenVerifier({ secret: 'another secret at least this long' })(token, now)).toBeNull();
    // Past its size, the oldest is forgotten and checked again: still right.
    for (const n of [2, 3, 4]) verify(signAccessToken({ sub: `user-${n}`, sid: 's' }, now, 900, { secret }), now);
    expect(verify(token, now)).toMatchObject({ sub: 'user-1' });
  });
});

describe('the session a token names (signing out with it)', () => {
  it('is read from a genuine token even after it expired, never from a forged or foreign one', () => {
    const token = signAccessToken(subject, now, 900, { secret });
    expect(verifyAccessToken(token, now + 3_600_000, { secret })).toBeNull();
    expect(sessionNamedBy(token, { secret })).toEqual(subject);
    expect(sessionNamedBy(token, { secret: `${secret}-other` })).toBeNull();
    expect(sessionNamedBy(signAccessToken(subject, now, 900, { secret, audience: 'other' }), { secret })).toBeNull();
    expect(sessionNamedBy(signAccessToken(subject, now, 900, { secret, issuer: 'other' }), { secret })).toBeNull();
    const [, payload] = token.split('.') as [string, string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect(sessionNamedBy(none, { secret })).toBeNull();
  });
});
