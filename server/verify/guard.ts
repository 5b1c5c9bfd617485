/**
 * The address guard: every request the server makes to a learner's live site or API goes through
 * it, so a learner-supplied URL can never make the server visit this machine, its network or a
 * cloud metadata service.
 *
 * - A host written as an IP address (in any of the forms WHATWG URL parsing normalises: decimal
 *   `2130706433`, octal `0177.0.0.1`, hex `0x7f000001`, short `127.1`, `[::ffff:127.0.0.1]`) is
 *   checked before anything is dialled.
 * - A host name is resolved at connect time, and EVERY address it resolves to is checked before
 *   the socket connects (the socket then uses the checked answer): a name that answers a public
 *   address first and a private one later (DNS rebinding) is caught on the connection that matters.
 * - Redirects are followed by hand, at most 5, each hop checked again; https only in production;
 *   answers are capped at 1 MB and the whole fetch, redirects included, at CHECK_TIMEOUT_SECONDS.
 *
 * Every refusal is a `CheckUnavailable` whose message a learner understands; a refusal the site
 * itself caused (a private address, a redirect to one, too many redirects, an answer over the size
 * limit, a bad certificate, plain http in production) is a `SiteRefusal`: the learner's to fix, so
 * the report says it as a failure at once and nothing retries it. The only way to let a
 * forbidden address through is `allow` (exact addresses), which tests use for loopback fixtures:
 * it is an option of `createGuard`, never read from the environment.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { CHECK_TIMEOUT_SECONDS, verificationMessages } from '../../src/domain/verification.ts';
import { CheckUnavailable, type GuardedFetch, type GuardedResponse } from './contract.ts';

/** What a site did that PathForge refuses to follow. */
export type SiteRefusalKind = 'private' | 'too-large' | 'redirects' | 'certificate' | 'https-only';

/**
 * A refusal the site itself caused: reported as failed (the learner's to fix), never retried as
 * "couldn't check". Still a CheckUnavailable, so code that only knows that one stays on the safe side.
 */
export class SiteRefusal extends CheckUnavailable {
  override name = 'SiteRefusal';
  readonly kind: SiteRefusalKind;
  /** Refused where a redirect of the site led, not at the address given. */
  readonly afterRedirect: boolean;
  constructor(message: string, kind: SiteRefusalKind, afterRedirect = false) {
    super(message);
    this.kind = kind;
    this.afterRedirect = afterRedirect;
  }
}

/** The largest answer read; past it the fetch stops reading and fails. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** How many redirects are followed before giving up. */
export const MAX_REDIRECTS = 5;

const shown = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);

export const guardMessages = {
  invalidUrl: (url: string) => `“${shown(url)}” is not a web address we can visit.`,
  scheme: (url: string) => `“${shown(url)}” is not an http:// or https:// address, so we do not visit it.`,
  httpsOnly: (url: string) => `“${shown(url)}” is not an https:// address: we only visit https:// addresses, so serve it over https.`,
  credentials: 'Addresses with a user name or password in them are not visited: remove them from the URL.',
  privateAddress: (host: string) => `${host} is a private network address, which we do not visit.`,
  privateResolves: (host: string) => `${host} resolves to a private network address, which we do not visit.`,
  notFound: (host: string) => `${host} could not be found: there is no DNS record for it. Check the address.`,
  refused: (host: string) => `${host} refused the connection: is the server running?`,
  unreachable: (host: string) => `We could not connect to ${host}.`,
  certificate: (host: string) => `${host} did not present a valid https certificate, so we did not trust its answer.`,
  broken: (host: string) => `The connection to ${host} broke before the answer was complete.`,
  tooManyRedirects: `The address redirected more than ${MAX_REDIRECTS} times, so we stopped following it.`,
  tooLarge: (bytes: number) => `The answer was larger than ${formatBytes(bytes)}, so we stopped reading it.`,
  stopped: 'The check was stopped before the answer arrived.',
  webSocket: 'WebSocket connections are not opened while checking a project.',
} as const;

function formatBytes(bytes: number) {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Whether an address must never be visited: anything ipaddr.js does not call `unicast` (loopback,
 * private, link-local and so 169.254.169.254, carrier-grade NAT, unspecified, broadcast, multicast,
 * reserved and documentation ranges, unique-local IPv6, NAT64, 6to4, Teredo…). An IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries. Text that is not an address is forbidden.
 */
export function isForbiddenAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (isIP(bare) === 0) return true;
  let address = ipaddr.parse(bare);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  return address.range() !== 'unicast';
}

/** The host of a parsed URL as an IP address, when it is one (IPv6 without its brackets), else null. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) === 0 ? null : host;
}

/** Resolves a host name to every address it has (the test stub for DNS rebinding replaces it). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export type GuardOptions = {
  /** Exact addresses let through although forbidden: loopback fixtures in tests. Never from the environment. */
  allow?: readonly string[];
  /** https only. */
  production?: boolean;
  /** The certificate authority to trust instead of the system's: only the tests' self-signed https fixture. */
  ca?: string;
  resolve?: Resolver;
  /** The whole fetch, redirects included (default CHECK_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  maxBytes?: number;
};

export type Guard = {
  /** Parses and checks a URL before anything is dialled; throws `CheckUnavailable`. */
  checkUrl(url: string): URL;
  /** Whether this guard lets a connection to the address be made. */
  allows(ip: string): boolean;
  /** A `lookup` for sockets: resolves, and fails unless every answer is allowed. */
  lookup: LookupFunction;
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
  fetch: GuardedFetch;
  timeoutMs: number;
  maxBytes: number;
  close(): void;
};

export function createGuard(options: GuardOptions = {}): Guard {
  const allowList = [...(options.allow ?? [])];
  const production = options.production ?? false;
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_SECONDS * 1000;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;

  const allows = (ip: string) => allowList.includes(ip) || !isForbiddenAddress(ip);

  function checkUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new CheckUnavailable(guardMessages.invalidUrl(raw));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CheckUnavailable(guardMessages.scheme(raw));
    if (production && url.protocol !== 'https:') throw new SiteRefusal(guardMessages.httpsOnly(raw), 'https-only');
    if (url.username !== '' || url.password !== '') throw new CheckUnavailable(guardMessages.credentials);
    const literal = literalAddress(url);
    if (literal !== null && !allows(literal)) throw new SiteRefusal(guardMessages.privateAddress(url.hostname), 'private');
    return url;
  }

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const answer = callback as (error: Error | null, address: string | LookupAddress[], family?: number) => void;
    const family = lookupOptions.family === 4 || lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 6 || lookupOptions.family === 'IPv6' ? 6 : 0;
    resolve(hostname).then(
      (found) => {
        // Every address the name has is checked, also those of the family the socket will not use.
        if (found.some((a) => !allows(a.address))) return answer(new SiteRefusal(guardMessages.privateResolves(hostname), 'private'), '');
        const addresses = family === 0 ? found : found.filter((a) => a.family === family);
        if (addresses.length === 0) return answer(new CheckUnavailable(guardMessages.notFound(hostname)), '');
        if (lookupOptions.all) return answer(null, addresses);
        const [first] = addresses as [LookupAddress];
        answer(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) =>
        answer(error.code === 'ENOTFOUND' || error.code === 'ENODATA' ? new CheckUnavailable(guardMessages.notFound(hostname)) : error, ''),
    );
  };

  // The agents check each address once more at connect time (their own rule: not `unicast` is refused).
  const agentOptions = { keepAlive: false, allowIPAddressList: allowList, ...(options.ca === undefined ? {} : { ca: options.ca }) };
  const httpAgent = new RequestFilteringHttpAgent(agentOptions);
  const httpsAgent = new RequestFilteringHttpsAgent(agentOptions);

  const guard: Guard = {
    checkUrl,
    allows,
    lookup,
    httpAgent,
    httpsAgent,
    timeoutMs,
    maxBytes,
    fetch: (url, init) => followRedirects(guard, url, init),
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
  return guard;
}

/** Turns a socket or request error into the sentence a learner reads. */
export function explainError(error: unknown, host: string): CheckUnavailable {
  if (error instanceof CheckUnavailable) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  // request-filtering-agent's own refusal (the second check at connect time).
  if (typeof message === 'string' && message.includes('is not allowed')) return new SiteRefusal(guardMessages.privateResolves(host), 'private');
  if (code === 'ENOTFOUND' || code === 'ENODATA') return new CheckUnavailable(guardMessages.notFound(host));
  if (code === 'ECONNREFUSED') return new CheckUnavailable(guardMessages.refused(host));
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code))
    return new SiteRefusal(guardMessages.certificate(host), 'certificate');
  if (code === 'ECONNRESET' || code === 'EPIPE') return new CheckUnavailable(guardMessages.broken(host));
  return new CheckUnavailable(guardMessages.unreachable(host));
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Follows redirects by hand (each hop checked by `checkUrl` and the guarded lookup), within one time limit. */
async function followRedirects(guard: Guard, url: string, init: Parameters<GuardedFetch>[1]): Promise<GuardedResponse> {
  const limit = new AbortController();
  const seconds = Math.round(guard.timeoutMs / 1000);
  const timer = setTimeout(() => limit.abort(new CheckUnavailable(verificationMessages.timedOut(seconds))), guard.timeoutMs);
  const stop = () => limit.abort(init.signal.reason instanceof CheckUnavailable ? init.signal.reason : new CheckUnavailable(guardMessages.stopped));
  if (init.signal.aborted) stop();
  else init.signal.addEventListener('abort', stop, { once: true });
  try {
    let target = guard.checkUrl(url);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    let headers = { ...init.headers };
    for (let hop = 0; ; hop++) {
      const answer = await request(guard, target, { method, headers, body }, limit.signal).catch((error: unknown) => {
        throw hop > 0 ? redirectRefusal(error) : error;
      });
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || location === undefined || init.redirect === 'manual') return answer;
      if (hop === MAX_REDIRECTS) throw new SiteRefusal(guardMessages.tooManyRedirects, 'redirects');
      let next: URL;
      try {
        next = guard.checkUrl(new URL(location, target).href);
      } catch (error) {
        throw redirectRefusal(error);
      }
      // As browsers do: 303, and 301/302 after a POST, become a GET without a body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-/i.test(name)));
      }
      if (next.origin !== target.origin) {
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(authorization|cookie)$/i.test(name)));
      }
      target = next;
    }
  } finally {
    clearTimeout(timer);
    init.signal.removeEventListener('abort', stop);
  }
}

/** A refusal where a redirect led is marked so: the address given was fine, the site sent us on. */
function redirectRefusal(error: unknown): unknown {
  return error instanceof SiteRefusal ? new SiteRefusal(error.message, error.kind, true) : error;
}

type Outgoing = { method: string; headers: Record<string, string>; body: string | undefined };

function request(guard: Guard, url: URL, outgoing: Outgoing, signal: AbortSignal): Promise<GuardedResponse> {
  return new Promise((resolvePromise, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const host = url.hostname;
    const headers: Record<string, string> = { 'user-agent': 'PathForge project checker', 'accept-encoding': 'gzip, deflate, br', ...outgoing.headers };
    if (outgoing.body !== undefined) headers['content-length'] = String(Buffer.byteLength(outgoing.body));
    const https_ = url.protocol === 'https:';
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      req.destroy();
      reject(explainError(error, host));
    };
    const onAbort = () => fail(signal.reason);
    const req = (https_ ? https : http).request(url, {
      method: outgoing.method,
      headers,
      agent: https_ ? guard.httpsAgent : guard.httpAgent,
      lookup: guard.lookup,
    });
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', fail);
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (!REDIRECTS.has(res.statusCode ?? 0) && Number.isFinite(declared) && declared > guard.maxBytes) {
        return fail(new SiteRefusal(guardMessages.tooLarge(guard.maxBytes), 'too-large'));
      }
      const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase();
      const decoded: Readable =
        encoding === 'gzip' || encoding === 'x-gzip'
          ? res.pipe(zlib.createGunzip())
          : encoding === 'deflate'
            ? res.pipe(zlib.createInflate())
            : encoding === 'br'
              ? res.pipe(zlib.createBrotliDecompress())
              : res;
      const chunks: Buffer[] = [];
      let size = 0;
      decoded.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > guard.maxBytes) {
          decoded.destroy();
          res.destroy();
          return fail(new SiteRefusal(guardMessages.tooLarge(guard.maxBytes), 'too-large'));
        }
        chunks.push(chunk);
      });
      decoded.on('error', fail);
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(new CheckUnavailable(guardMessages.broken(host)));
      });
      decoded.on('end', () => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolvePromise({ status: res.statusCode ?? 0, headers: responseHeaders, body: Buffer.concat(chunks).toString('utf8'), url: url.href });
      });
    });
    req.end(outgoing.body);
  });
}

/**
 * The guarded fetch with production's rules: https only, no address allowed beyond the public
 * internet. Development and tests build their own with `createGuard`.
 */
let productionGuard: Guard | undefined;
export const guardedFetch: GuardedFetch = (url, init) => (productionGuard ??= createGuard({ production: true })).fetch(url, init);
