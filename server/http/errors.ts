/**
 * Every error leaves as `{ message: string | string[] }` with a meaningful status. Bad input is
 * always a 4xx with a sentence a person can act on; a database or Redis that is down is a 503 with
 * Retry-After; anything unexpected is logged and answered with a plain 500 that carries no stack
 * trace, SQL or internal detail.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/dialect.ts';
import { emailLinkMessages } from '../../src/domain/account.ts';
import type { ApiErrorBody } from '../../src/api/common/contract.ts';

/** Every error body: src/api/auth/contract.ts's errorBodySchema. */
export type ErrorBody = ApiErrorBody;

/** A deliberate error response. Throw it from a handler or hook. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string | string[], headers: Record<string, string> = {}) {
    super(Array.isArray(message) ? message.join(', ') : message);
    this.statusCode = statusCode;
    this.body = { message };
    this.headers = headers;
  }
}

export const httpMessages = {
  notFound: 'Not found.',
  unexpected: 'Something went wrong on our side. Please try again.',
  bodyTooLarge: (limit: number) => `Request body is too large (at most ${Math.floor(limit / 1024)} KiB).`,
  mediaType: 'Content-Type must be application/json.',
  invalidJson: 'Request body must be valid JSON.',
  bodyNotObject: 'Request body must be a JSON object.',
  badUrl: 'The request URL is malformed.',
  unavailable: 'PathForge is temporarily unavailable. Please try again in a moment.',
} as const;

/** Seconds a 503 asks the client to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** A 503 for a dependency (database, Redis) that is down: the request did not happen; try again. */
export function serviceUnavailable(): HttpError {
  return new HttpError(503, httpMessages.unavailable, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
}

/**
 * A 503 for a request whose whole point is a mailed link, on a server that sends no email
 * (production without SMTP_URL). Not temporary, so no Retry-After: it lasts until SMTP_URL is set.
 */
export function mailNotSetUp(): HttpError {
  return new HttpError(503, emailLinkMessages.notSetUp);
}

type AjvError = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
};

/** A short, quoted, printable rendering of a client-supplied field name. */
function fieldName(raw: unknown): string {
  const name = String(raw);
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
}

function fieldFromPath(path: string): string {
  return fieldName(path.replace(/^\//, '').replaceAll('/', '.').replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Turns Ajv's first error into a sentence. */
export function validationMessage(errors: AjvError[]): string {
  const error = errors[0];
  if (!error) return 'The request is not valid.';
  const { keyword, instancePath, params } = error;
  if (keyword === 'required') return `Missing field ${fieldName(params.missingProperty)}.`;
  if (keyword === 'additionalProperties') return `Unknown field ${fieldName(params.additionalProperty)}.`;
  if (keyword === 'type') {
    if (instancePath === '') return httpMessages.bodyNotObject;
    return `Field ${fieldFromPath(instancePath)} must be a ${String(params.type)}.`;
  }
  if (instancePath === '') return 'The request body is not valid.';
  return `Field ${fieldFromPath(instancePath)} is not valid.`;
}

function send(reply: FastifyReply, status: number, message: string | string[]) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ message } satisfies ErrorBody);
}

export function registerErrorHandling(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.body.message);
    }
    if (error.validation) {
      return send(reply, 400, validationMessage(error.validation as AjvError[]));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, httpMessages.bodyTooLarge(bodyLimit));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, httpMessages.mediaType);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, httpMessages.invalidJson);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // A framework-detected client error: its status, a generic sentence (never its internals).
      return send(reply, status, `${STATUS_CODES[status] ?? 'Bad Request'}.`);
    }
    if (isDatabaseUnavailable(error)) {
      // Down, restarting, locked or full: the request did not happen, and may be tried again.
      // One line per request, no stack: an outage must not bury the log.
      const { code, message } = error as { code?: unknown; message?: unknown };
      request.log.error({ code, reason: message }, 'request failed: the database is unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(reply, 503, httpMessages.unavailable);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, httpMessages.unexpected);
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 404, httpMessages.notFound));
}

/** Fastify's `frameworkErrors` option: a malformed URL is a 400 like any other bad input. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, httpMessages.badUrl);
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, `${STATUS_CODES[status] ?? 'Bad Request'}.`);
}
