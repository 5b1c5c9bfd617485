/**
 * A small forward proxy (plain HTTP requests and CONNECT tunnels) for the Chromium that checks
 * learners' pages: the browser is launched with `proxy: { server: url }` (never with `bypass`), so
 * every request it makes, redirects and sub-resources included, is dialled here, through the same
 * guard as the server's own fetches (server/verify/guard.ts):
 *
 * - the target's literal IP (in any spelling URL parsing normalises) and every address its name
 *   resolves to are checked when dialling, so DNS rebinding, a redirect or a literal IP cannot
 *   reach this machine or its network;
 * - plain http:// is refused in production; there, a tunnel must start with a TLS handshake;
 * - WebSocket upgrades are refused: asked of the proxy directly, or sent inside a plain tunnel
 *   (a wss:// handshake is encrypted: the page checker closes WebSockets in the browser too);
 * - a plain answer is cut at PROXY_MAX_RESPONSE_BYTES and CHECK_TIMEOUT_SECONDS, a tunnel at
 *   PROXY_MAX_TUNNEL_BYTES (towards the browser) and PROXY_TUNNEL_TIMEOUT_MS.
 *
 * A refusal is answered 403 (502 when the site could not be reached) with the learner's sentence as
 * a text body and the header `x-pathforge-refused`, and kept in `refusals`. The page checker (in its
 * own process) asks why a page did not load with a plain request for `http://refusals.pathforge.invalid/
 * ?authority=<host:port>&since=<ms>`, which the proxy answers itself (the browser's own requests to
 * that host are aborted by the page checker): the latest refusal for that host since then, as JSON
 * `{ kind, message, limitBytes }`, or 404. A tunnel refused or cut shows in the browser only as a
 * failed connection, so this is how a learner reads "redirects to a private address" or "larger
 * than 5 MB" instead of "could not be loaded".
 */
import http, { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { verificationMessages } from '../../src/domain/verification.ts';
import type { CheckUnavailable } from './contract.ts';
import { createGuard, explainError, guardMessages, literalAddress, SiteRefusal, type GuardOptions, type SiteRefusalKind } from './guard.ts';

/** The largest plain-http answer passed to the browser (a page or one of its images). */
export const PROXY_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
/** What one tunnel may carry to the browser (over HTTP/2 a whole site shares one tunnel). */
export const PROXY_MAX_TUNNEL_BYTES = 20 * 1024 * 1024;
/** How long a tunnel may stay open. */
export const PROXY_TUNNEL_TIMEOUT_MS = 60_000;

/** The host the proxy answers itself: why it refused a host (never dialled, never reachable by a page). */
export const REFUSALS_HOST = 'refusals.pathforge.invalid';
/** The header on the proxy's own refusals (plain http), so they are never read as the site's answer. */
export const REFUSED_HEADER = 'x-pathforge-refused';

/** Why the proxy refused a request or tunnel: the site's own doing (a SiteRefusalKind), or not. */
export type RefusalKind = SiteRefusalKind | 'timeout' | 'unavailable' | 'websocket';
export type Refusal = { authority: string; kind: RefusalKind; message: string; limitBytes: number | null; at: number };

export type GuardedProxyOptions = GuardOptions & {
  maxResponseBytes?: number;
  maxTunnelBytes?: number;
  tunnelTimeoutMs?: number;
};

export type GuardedProxy = {
  /** `http://127.0.0.1:<port>`, for Playwright's `proxy.server`. */
  url: string;
  /** Every sentence the proxy answered instead of a page, in order (the latest 100). */
  refusals: string[];
  /** The same refusals with the host:port each was for and why (the latest 100). */
  log: Refusal[];
  close(): Promise<void>;
};

/** Connection-level headers a proxy must not pass on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  }
  return kept;
}

const TLS_HANDSHAKE = 0x16;
/** A WebSocket handshake in plain text ("Upgrade: websocket" as a header line). */
const WEBSOCKET_HEADER = /\r\nupgrade:[ \t]*websocket/i;

function rawAnswer(status: number, message: string) {
  const body = Buffer.from(message, 'utf8');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${message}`;
}

export async function startGuardedProxy(options: GuardedProxyOptions = {}): Promise<GuardedProxy> {
  const guard = createGuard(options);
  const production = options.production ?? false;
  const maxResponseBytes = options.maxResponseBytes ?? PROXY_MAX_RESPONSE_BYTES;
  const maxTunnelBytes = options.maxTunnelBytes ?? PROXY_MAX_TUNNEL_BYTES;
  const tunnelTimeoutMs = options.tunnelTimeoutMs ?? PROXY_TUNNEL_TIMEOUT_MS;
  const timedOut = verificationMessages.timedOut(Math.round(guard.timeoutMs / 1000));
  const refusals: string[] = [];
  const log: Refusal[] = [];
  /** Keeps the latest 100 refusals (a page can ask for many forbidden addresses). */
  const refused = (message: string, authority: string, kind: RefusalKind, limitBytes: number | null = null) => {
    refusals.push(message);
    log.push({ authority: authority.toLowerCase(), kind, message, limitBytes, at: Date.now() });
    if (refusals.length > 100) refusals.shift();
    if (log.length > 100) log.shift();
  };
  const kindOf = (error: unknown): RefusalKind => (error instanceof SiteRefusal ? error.kind : 'unavailable');
  /** The refusals endpoint: the latest refusal for a host:port since a time. */
  const answerRefusal = (url: URL, res: http.ServerResponse) => {
    const authority = (url.searchParams.get('authority') ?? '').toLowerCase();
    const since = Number(url.searchParams.get('since') ?? 0);
    const found = log.findLast((r) => r.authority === authority && r.at >= since);
    if (!found) return void res.writeHead(404, { connection: 'close' }).end();
    res
      .writeHead(200, { 'content-type': 'application/json', connection: 'close' })
      .end(JSON.stringify({ kind: found.kind, message: found.message, limitBytes: found.limitBytes }));
  };
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };

  const server = http.createServer((req, res) => {
    const raw = req.url ?? '';
    let authority = '';
    const refuse = (status: number, message: string, kind: RefusalKind, limitBytes: number | null = null) => {
      refused(message, authority, kind, limitBytes);
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', [REFUSED_HEADER]: kind, connection: 'close' }).end(message);
    };
    if (!/^http:\/\//i.test(raw)) {
      // Browsers send https:// through CONNECT; anything else here is not a proxy request.
      return refuse(400, guardMessages.invalidUrl(raw), 'unavailable');
    }
    try {
      const asked = new URL(raw);
      authority = `${asked.hostname}:${asked.port || 80}`;
      if (asked.hostname === REFUSALS_HOST) return answerRefusal(asked, res);
    } catch {
      // checkUrl says why.
    }
    let url: URL;
    try {
      url = guard.checkUrl(raw);
    } catch (error) {
      return refuse(403, (error as CheckUnavailable).message, kindOf(error));
    }
    const upstream = http.request(url, {
      method: req.method,
      headers: { ...endToEnd(req.headers), host: url.host },
      agent: guard.httpAgent,
      lookup: guard.lookup,
    });
    const timer = setTimeout(() => {
      upstream.destroy();
      refuse(504, timedOut, 'timeout');
    }, guard.timeoutMs);
    res.on('close', () => {
      clearTimeout(timer);
      upstream.destroy();
    });
    upstream.on('error', (error) => {
      clearTimeout(timer);
      const explained = explainError(error, url.hostname);
      refuse(/private network address/.test(explained.message) ? 403 : 502, explained.message, kindOf(explained));
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxResponseBytes) {
          clearTimeout(timer);
          answer.destroy();
          return refuse(502, guardMessages.tooLarge(maxResponseBytes), 'too-large', maxResponseBytes);
        }
        if (!res.write(chunk)) answer.pause();
      });
      res.on('drain', () => answer.resume());
      answer.on('end', () => {
        clearTimeout(timer);
        res.end();
      });
    });
    req.pipe(upstream);
  });

  server.on('connection', track);

  server.on('upgrade', (req, socket: Socket) => {
    refused(guardMessages.webSocket, req.headers.host ?? '', 'websocket');
    socket.end(rawAnswer(403, guardMessages.webSocket));
  });

  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => {});
    const authority = req.url ?? '';
    const fail = (status: number, message: string, kind: RefusalKind) => {
      refused(message, authority, kind);
      client.end(rawAnswer(status, message));
    };
    let url: URL;
    try {
      url = new URL(`https://${authority}`);
    } catch {
      return fail(400, guardMessages.invalidUrl(authority), 'unavailable');
    }
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || !/:\d+$/.test(authority)) {
      return fail(400, guardMessages.invalidUrl(authority), 'unavailable');
    }
    try {
      guard.checkUrl(url.href);
    } catch (error) {
      return fail(403, (error as CheckUnavailable).message, kindOf(error));
    }
    const upstream = net.connect({ host: literalAddress(url) ?? url.hostname, port: Number(url.port || 443), lookup: guard.lookup });
    track(upstream);
    let connected = false;
    upstream.on('error', (error) => {
      if (connected) return void client.destroy();
      const explained = explainError(error, url.hostname);
      fail(/private network address/.test(explained.message) ? 403 : 502, explained.message, kindOf(explained));
    });
    upstream.on('connect', () => {
      connected = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      relay(client, upstream, head, url, authority);
    });
    client.on('close', () => upstream.destroy());
  });

  /** Carries a tunnel's bytes both ways, within its limits, watching plain traffic for WebSocket handshakes. */
  function relay(client: Socket, upstream: Socket, head: Buffer, url: URL, authority: string) {
    let kind: 'tls' | 'plain' | undefined;
    let tail = '';
    let down = 0;
    const stop = (message: string, why: RefusalKind, answer?: string, limitBytes: number | null = null) => {
      refused(message, authority, why, limitBytes);
      upstream.destroy();
      if (answer) client.end(answer);
      else client.destroy();
    };
    const timer = setTimeout(() => stop(timedOut, 'timeout'), tunnelTimeoutMs);
    const closed = () => {
      clearTimeout(timer);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', closed);
    upstream.on('close', closed);

    /** Whether a chunk from the browser may go on. */
    const passes = (chunk: Buffer): boolean => {
      kind ??= chunk[0] === TLS_HANDSHAKE ? 'tls' : 'plain';
      if (kind === 'tls') return true;
      if (production) {
        stop(guardMessages.httpsOnly(`http://${url.host}/`), 'https-only');
        return false;
      }
      const text = tail + chunk.toString('latin1');
      if (WEBSOCKET_HEADER.test(text)) {
        stop(guardMessages.webSocket, 'websocket', rawAnswer(403, guardMessages.webSocket));
        return false;
      }
      tail = text.slice(-32);
      return true;
    };

    if (head.length > 0 && passes(head)) upstream.write(head);
    client.on('data', (chunk: Buffer) => {
      if (passes(chunk) && !upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.on('data', (chunk: Buffer) => {
      down += chunk.length;
      if (down > maxTunnelBytes) return stop(guardMessages.tooLarge(maxTunnelBytes), 'too-large', undefined, maxTunnelBytes);
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        guard.close();
        server.close(() => resolve());
      }),
  };
}
