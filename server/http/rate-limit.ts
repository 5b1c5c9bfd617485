/**
 * Rate limits on top of @fastify/rate-limit's counters (its in-memory store, one per limit).
 * Its own route hook lets only one limit run per request, and a login needs two (per IP and
 * email, per IP), so each limit here is a small hook of its own around `createRateLimit`.
 *
 * The counters live in this process: several API processes behind one database would need a
 * shared store (the plugin supports Redis), see server/README.md.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export type LimitOptions = {
  max: number;
  windowMs: number;
  /** Default: the client's IP address (IPv6 grouped by subnet, as the plugin does). */
  key?: (request: FastifyRequest) => string;
};

/** "42 seconds", "1 second", "3 minutes": how long to wait, rounded up. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(s / 60);
  return `${minutes} minutes`;
}

export function tooManyAttempts(seconds: number): HttpError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new HttpError(429, `Too many attempts. Try again in ${formatWait(wait)}.`, { 'retry-after': String(wait) });
}

/** A hook (use as onRequest, or preHandler when the key needs the body) enforcing one limit. */
export function rateLimitHook(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    ...(options.key ? { keyGenerator: options.key } : {}),
  });
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    const result = await check(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', String(result.max));
    reply.header('x-ratelimit-remaining', String(result.remaining));
    if (result.isExceeded) throw tooManyAttempts(result.ttlInSeconds);
  };
}

/** A fixed-size key from parts that may be long (an email from the body). */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}
