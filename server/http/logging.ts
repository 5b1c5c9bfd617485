/**
 * What the request log may say about a request: Fastify's own fields (method, url, host, remote
 * address and port), with every token taken out of the URL. Links carry opaque tokens in paths
 * (`/unsubscribe/<token>`) and query strings (an OAuth callback's `code` and `state`); a log line
 * is read by more people, and kept longer, than the tokens may be. So:
 * - the segment after `/unsubscribe/` is replaced by `[redacted]`;
 * - every query value is replaced by `[redacted]` (the names stay: `?code=[redacted]&state=[redacted]`).
 * Tokens sent in a body (reset, email links) never reach the log: bodies are not logged.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/** Paths whose next segment is a token. */
const TOKEN_PATHS = new Set(['unsubscribe']);

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i += 1) {
    if (TOKEN_PATHS.has((segments[i - 1] as string).toLowerCase()) && segments[i] !== '') segments[i] = REDACTED;
  }
  let redacted = segments.join('/');
  if (queryAt !== -1) {
    const query = url
      .slice(queryAt + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        return eq === -1 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
      });
    redacted += `?${query.join('&')}`;
  }
  return redacted;
}

/** Fastify's request serializer, with the URL's tokens redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger option with the request serializer added (whatever else it sets, a test's stream too). */
export function withRequestSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logger.serializers, req: serializeRequest as never } };
}
