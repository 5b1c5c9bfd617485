/**
 * Redis, when REDIS_URL is set: the rate-limit counters every API instance shares
 * (@fastify/rate-limit's own Redis store, server/http/rate-limit.ts). Nothing else lives there:
 * losing Redis loses counters, never learner data.
 *
 * Commands fail fast while Redis is away (no offline queue, one retry), so a request that needs a
 * counter gets a 503 at once instead of hanging; the client keeps reconnecting in the background
 * and the API recovers by itself when Redis is back.
 */
import { Redis } from 'ioredis';

export type { Redis } from 'ioredis';

/** Redis could not be reached at start-up: says where (never the password) and why. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** Where REDIS_URL points, for logs and error messages: never the password. */
export function describeRedis(url: string): string {
  const parsed = new URL(url);
  return `Redis at ${parsed.hostname}:${parsed.port || '6379'}${parsed.pathname === '/' ? '' : parsed.pathname} (REDIS_URL)`;
}

type Log = { warn(message: string): void; info(message: string): void };

/** Connects (and pings) once; throws RedisUnavailableError when that fails. */
export async function openRedis(url: string, log: Log): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let lastError: (Error & { code?: string }) | null = null;
  let started = false;
  let down = false;
  client.on('error', (error: Error & { code?: string }) => {
    lastError = error;
    // One line when the connection is lost, not one per reconnection attempt.
    if (started && !down) log.warn(`${describeRedis(url)} is unreachable: ${error.code ?? error.message}; reconnecting`);
    down = true;
  });
  client.on('ready', () => {
    if (started && down) log.info(`${describeRedis(url)} is reachable again`);
    down = false;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    // Set by the error listener (TypeScript cannot see that assignment).
    const seen = lastError as (Error & { code?: string }) | null;
    const reason = seen?.code ?? seen?.message ?? (error instanceof Error ? error.message : String(error));
    throw new RedisUnavailableError(`Cannot reach ${describeRedis(url)}: ${reason}`, { cause: error });
  }
  // From now on an error is an outage, reported once.
  started = true;
  return client;
}
