/**
 * The `http` plugin: what every request goes through before a feature's route: security headers,
 * CORS for the web app only, cookies, the rate limiter (in Redis when there is one), JSON-only
 * bodies, `cache-control: no-store`, the error answers (../http/errors.ts), and shutting down
 * without waiting on idle connections (../http/shutdown.ts).
 */
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import { HttpError, httpMessages, registerErrorHandling } from '../http/errors.ts';
import { frameworkErrors } from '../http/errors.ts';
import { withRequestSerializer } from '../http/logging.ts';
import { connectionDrainer } from '../http/shutdown.ts';

/** Fastify's own options: logging, limits and time-outs, proxies, strict parsing and validation. */
export function serverOptions(config: ServerConfig, logger: FastifyServerOptions['logger'] | undefined): FastifyHttpOptions<Server> {
  return {
    // No token in a logged URL (../http/logging.ts), whichever logger options are given.
    logger: withRequestSerializer(
      logger ?? {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
    ),
    bodyLimit: config.bodyLimitBytes,
    // Slow clients: a request whose headers, or whole body, have not arrived in time is answered
    // 408 and its connection closed. Node checks its connections every connectionsCheckingInterval
    // (30 s by default, which would let a 10 s time-out run to 40 s), so check at a quarter of the
    // shorter time-out, at most every second.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(config.headersTimeoutMs / 4))),
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Strict validation: no coercion, nothing removed or filled in.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
    frameworkErrors,
    // A plugin may take as long as it needs to load (migrations on a slow disk, the first board build).
    pluginTimeout: 0,
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async (app) => {
    const { config, redis } = app;
    // At most this many open connections: one more is closed as soon as it is accepted.
    app.server.maxConnections = config.maxConnections;
    // Shutting down (SIGTERM): no idle connection is waited on, so the server's close ends with the
    // last request in flight, well inside server/process.ts's 10 s.
    const connections = connectionDrainer(app.server);
    app.addHook('preClose', async () => {
      connections.drain();
    });

    registerErrorHandling(app, config.bodyLimitBytes);

    await app.register(helmet, {
      // An API serves no documents: nothing may be loaded, framed or submitted from its responses.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    const allowedOrigins = new Set(config.webOrigins);
    await app.register(cors, {
      // Only the web app, with credentials; any other origin gets no grant at all.
      origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
      credentials: true,
      strictPreflight: false,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      // So the web app can read how long a 429 asks it to wait.
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    });
    await app.register(cookie);
    await app.register(rateLimit, {
      global: false,
      // Shared by every instance through Redis, or kept in this process (one instance only).
      ...(redis ? { redis, nameSpace: 'pathforge:rate-limit:' } : { cache: 50_000 }),
    });

    // JSON only. An empty body counts as `{}` (for calls without fields: refresh, logout).
    app.removeContentTypeParser(['application/json', 'text/plain']);
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') {
        done(null, {});
        return;
      }
      parseJson(request, body as string, done);
    });

    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!STATE_CHANGING.has(request.method) || request.is404) return;
      // PUT and DELETE are never "simple" requests (a foreign page cannot send them without a
      // preflight CORS refuses), so they may come without a body; POST always carries JSON.
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if (request.method !== 'POST' && !hasBody) return;
      const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      // One-click unsubscribe takes the form mailbox providers post (RFC 8058) as well.
      const formAccepted = request.routeOptions.config?.acceptsForm === true;
      if (formAccepted && mediaType === 'application/x-www-form-urlencoded') return;
      if (mediaType !== 'application/json') throw new HttpError(415, httpMessages.mediaType);
    });
  },
  { name: 'http', dependencies: ['config', 'redis'] },
);
