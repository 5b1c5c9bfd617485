/**
 * Loopback sites the guard, proxy and checker tests start themselves: a well-behaved page, a
 * redirector, a 50 MB stream, a gzip bomb, a server that trickles one byte at a time, one that
 * never answers, and one that accepts WebSocket upgrades. Each records what reached it, so a test
 * can prove that a refused request never arrived.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A self-signed certificate for 127.0.0.1 (and localhost, fixture.example), valid until 2126, with
 * its key: for https fixtures only. Trusted by passing TEST_CA as a guard's `ca`.
 */
export const TEST_CA = readFileSync(new URL('./test-tls/cert.pem', import.meta.url), 'utf8');
const TEST_KEY = readFileSync(new URL('./test-tls/key.pem', import.meta.url), 'utf8');

export type TestSite = {
  origin: string;
  port: number;
  /** Paths requested so far, in order ("GET /ok"). */
  requests: string[];
  /** WebSocket upgrades the site accepted. */
  upgrades: number;
  /** Bytes of the last 50 MB stream written before the reader went away. */
  streamed: () => number;
  close(): Promise<void>;
};

export const FIFTY_MB = 50 * 1024 * 1024;
const GZIP_BOMB = gzipSync(Buffer.alloc(20 * 1024 * 1024));

export async function startTestSite(extra?: (req: IncomingMessage, res: ServerResponse) => boolean, options: { tls?: boolean } = {}): Promise<TestSite> {
  const sockets = new Set<Socket>();
  let streamed = 0;
  const site: TestSite = { origin: '', port: 0, requests: [], upgrades: 0, streamed: () => streamed, close: async () => {} };
  const handler: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    site.requests.push(`${req.method} ${url.pathname}`);
    if (extra?.(req, res)) return;
    switch (url.pathname) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('hello from the fixture');
        return;
      case '/redirect':
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/ok' }).end();
        return;
      case '/see-other':
        res.writeHead(303, { location: '/echo' }).end();
        return;
      case '/echo': {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, headers: req.headers, body }));
        });
        return;
      }
      case '/big': {
        streamed = 0;
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 97);
        const pump = () => {
          while (streamed < FIFTY_MB && !res.destroyed) {
            streamed += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        res.on('error', () => {});
        pump();
        return;
      }
      case '/gzip-bomb':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(GZIP_BOMB);
        return;
      case '/trickle': {
        res.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => res.write('.'), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/silent':
        return; // never answers
      default:
        res.writeHead(404).end('not found');
    }
  };
  const server: Server = options.tls ? createHttpsServer({ cert: TEST_CA, key: TEST_KEY }, handler) : createServer(handler);
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (_req: IncomingMessage, socket: Socket) => {
    site.upgrades++;
    socket.end('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.port = (server.address() as AddressInfo).port;
  site.origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${site.port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return site;
}
