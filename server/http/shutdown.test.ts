/** A stop that does not wait on idle connections (./shutdown.ts), on a plain Node server. */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionDrainer } from './shutdown.ts';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.close();
});

/** A server whose /slow answers when `release()` is called, and whose other paths answer at once. */
async function serve() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((request, response) => {
    if (request.url === '/slow') void released.then(() => response.end('slow'));
    else response.end('quick');
  });
  // Node's keep-alive time would end these connections after 5 s; Fastify's is 72 s.
  server.keepAliveTimeout = 72_000;
  servers.push(server);
  const drainer = connectionDrainer(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, drainer, release, port: (server.address() as AddressInfo).port };
}

/** A raw client connection, and everything it has received. */
async function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return { socket, closed: once(socket, 'close'), received: () => received };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => 'done'), new Promise((resolve) => setTimeout(resolve, ms, 'still waiting'))]);
/** The server's close, which waits for every connection to end. */
const closing = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('a server told to stop', () => {
  it('ends a connection a browser opened and sent nothing on, which Node would wait for', async () => {
    const { server, drainer, port } = await serve();
    const unused = await open(port);
    const closed = closing(server);
    expect(await within(closed, 300)).toBe('still waiting'); // what Node does by itself
    drainer.drain();
    expect(await within(unused.closed, 2_000)).toBe('done');
    expect(await within(closed, 2_000)).toBe('done');
  });

  it('ends a keep-alive connection that was busy when the stop began, once its answer is sent', async () => {
    const { server, drainer, release, port } = await serve();
    const busy = await open(port);
    busy.socket.write(get('/slow'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    drainer.drain();
    const closed = closing(server);
    expect(await within(busy.closed, 300)).toBe('still waiting'); // its request is not cut off
    release();
    expect(await within(busy.closed, 2_000)).toBe('done');
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(busy.received()).toMatch(/\r\nConnection: close\r\n/i);
    expect(busy.received()).toMatch(/\r\n\r\nslow$/);
    expect(await within(closed, 2_000)).toBe('done');
  });

  it('ends a keep-alive connection left idle after its answer', async () => {
    const { server, drainer, port } = await serve();
    const idle = await open(port);
    idle.socket.write(get('/'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(idle.received()).toMatch(/\r\n\r\nquick$/);
    drainer.drain();
    expect(await within(idle.closed, 2_000)).toBe('done');
    expect(await within(closing(server), 2_000)).toBe('done');
  });
});
