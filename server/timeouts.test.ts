/**
 * Slow clients cannot hold the server: raw sockets that stop sending in the middle of their
 * headers or their body are closed once the time-out passes, and connections past the cap are
 * refused while the ones inside it go on being served. Short time-outs here (the defaults are
 * 10 s and 30 s, server/config.ts).
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers.ts';

const HEADERS_TIMEOUT_MS = 600;
const REQUEST_TIMEOUT_MS = 1200;
const MAX_CONNECTIONS = 4;
/** Node checks its connections at a quarter of the headers time-out; allow that twice, and a busy machine. */
const SLACK_MS = 2 * (HEADERS_TIMEOUT_MS / 4) + 600;

let t: TestApp;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, maxConnections: MAX_CONNECTIONS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 30_000); // PGlite's start on a busy machine can outlast the default 10 s
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t.close();
});

type Watched = { socket: Socket; received: () => string; closed: Promise<number> };

/** A raw connection; `closed` resolves with the ms from `since` to the moment the server closed it. */
async function open(): Promise<Watched> {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', () => {});
  const start = performance.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - start)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed };
}

/** Resolves with the result, or 'still open' when `ms` pass first. */
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

/** A complete keep-alive GET /health on an open socket: the status line it answers. */
async function health(connection: Watched): Promise<string> {
  const before = connection.received().length;
  connection.socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  for (let i = 0; i < 200; i += 1) {
    const answer = connection.received().slice(before);
    if (answer.includes('\r\n\r\n') && answer.includes('"status"')) return answer.split('\r\n')[0] as string;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return 'no answer';
}

describe('time-outs for slow clients', () => {
  it('closes a connection that stops sending in the middle of its headers, within the headers time-out', async () => {
    const connection = await open();
    connection.socket.write('POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appli');
    const closedAfter = await within(connection.closed, HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(closedAfter).not.toBe('still open');
    expect(closedAfter as number).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that opens and sends nothing, within the headers time-out', async () => {
    const connection = await open();
    const closedAfter = await within(connection.closed, HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(closedAfter).not.toBe('still open');
  });

  it('closes a connection that sends its headers and then stops in the middle of its body, within the request time-out', async () => {
    const connection = await open();
    const body = JSON.stringify({ email: 'ada@example.com', password: 'Sturdy-pass-0' });
    connection.socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    const closedAfter = await within(connection.closed, REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(closedAfter).not.toBe('still open');
    expect(closedAfter as number).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that trickles its body a byte at a time, once the request time-out passes', async () => {
    const connection = await open();
    const body = JSON.stringify({ email: 'ada@example.com', password: 'Sturdy-pass-0' });
    connection.socket.write(`POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < body.length - 1 && !connection.socket.destroyed) connection.socket.write(body[sent++] as string);
    }, 100);
    try {
      const closedAfter = await within(connection.closed, REQUEST_TIMEOUT_MS + SLACK_MS);
      expect(closedAfter).not.toBe('still open');
      expect(sent).toBeLessThan(body.length - 1);
    } finally {
      clearInterval(trickle);
    }
  });
});

describe('the connection cap', () => {
  it(`serves ${MAX_CONNECTIONS} connections at once and refuses one more, then accepts again once one closes`, async () => {
    const held: Watched[] = [];
    for (let i = 0; i < MAX_CONNECTIONS; i += 1) {
      const connection = await open();
      expect(await health(connection)).toBe('HTTP/1.1 200 OK');
      held.push(connection);
    }

    const extra = await open();
    expect(await within(extra.closed, 1000)).not.toBe('still open');
    expect(extra.received()).toBe('');

    // The connections inside the cap are still served.
    expect(await health(held[0] as Watched)).toBe('HTTP/1.1 200 OK');

    (held[1] as Watched).socket.destroy();
    await (held[1] as Watched).closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await open();
    expect(await health(next)).toBe('HTTP/1.1 200 OK');
    for (const connection of [...held, next]) connection.socket.destroy();
  });
});
