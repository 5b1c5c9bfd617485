/**
 * Rate limits on top of @fastify/rate-limit's counters: its in-memory store (one per process), or
 * its Redis store when REDIS_URL is set, so that every API instance counts together. Its own
 * route hook lets only one limit run per request, and a login needs two (per IP and email, per
 * IP), so each limit here is a small hook of its own around `createRateLimit`.
 *
 * Every key starts with the limit's name: the Redis store gives every `createRateLimit` limit the
 * same key prefix, so two limits keyed by IP alone would otherwise share one counter. A store
 * that fails (Redis down) makes the request a 503: never a silent pass without a limit.
 */
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, serviceUnavailable } from './errors.ts';

export type LimitOptions = {
  /** Unique among the limits: the counter's namespace. */
  name: string;
  max: number;
  windowMs: number;
  /** Default: the client's IP address (IPv6 grouped by /64 subnet, as the plugin does). */
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
  const key = options.key ?? ((request: FastifyRequest) => normalizeIP(request.ip));
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${options.name}:${key(request)}`,
  });
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    let result;
    try {
      result = await check(request);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      request.log.error({ reason }, `rate limit "${options.name}": the counter store is unavailable`);
      throw serviceUnavailable();
    }
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
