/**
 * The page checker's proxy refuses what the guard refuses, for plain requests and CONNECT tunnels
 * alike: literal private IPs in every spelling, a redirect's forbidden target, a name rebound to a
 * private address, WebSocket upgrades; it cuts oversize and trickling answers; and it lets the
 * allowlisted loopback fixture through. The clients here speak to the proxy as Chromium does.
 */
import http from 'node:http';
import net, { type Socket } from 'node:net';
import tls from 'node:tls';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchOptions } from './page/chromium.ts';
import { guardMessages, type Resolver } from './guard.ts';
import { PROXY_MAX_RESPONSE_BYTES, PROXY_MAX_TUNNEL_BYTES, startGuardedProxy, type GuardedProxy, type GuardedProxyOptions } from './proxy.ts';
import { FIFTY_MB, startTestSite, TEST_CA, type TestSite } from './testSites.ts';

let site: TestSite;
const proxies: GuardedProxy[] = [];
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await site.close();
});
afterEach(() => vi.restoreAllMocks());

async function proxy(options: GuardedProxyOptions = { allow: ['127.0.0.1'] }) {
  const started = await startGuardedProxy(options);
  proxies.push(started);
  return started;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; bytes: number; complete: boolean };

/** A plain request through the proxy (absolute URL in the request line, as browsers send http://). */
function viaProxy(through: GuardedProxy, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(through.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, headers: { host: new URL(target).host, ...headers }, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (chunks.length < 10) chunks.push(chunk);
      });
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), bytes, complete: res.complete });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end();
  });
}

/** Follows redirects through the proxy, as the browser does: each hop is a new request to it. */
async function followViaProxy(through: GuardedProxy, target: string): Promise<Answer> {
  let answer = await viaProxy(through, target);
  for (let hop = 0; hop < 5 && answer.status >= 300 && answer.status < 400 && answer.headers.location; hop++) {
    target = new URL(answer.headers.location, target).href;
    answer = await viaProxy(through, target);
  }
  return answer;
}

type Tunnel = { status: number; socket: Socket; received: () => string; bytes: () => number; closed: Promise<void> };

/** A CONNECT tunnel through the proxy; what comes back (the refusal's text included) is collected. */
function tunnel(through: GuardedProxy, authority: string): Promise<Tunnel> {
  const { port } = new URL(through.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'CONNECT', path: authority, agent: false });
    req.on('error', reject);
    req.on('connect', (res: http.IncomingMessage, socket: Socket, head: Buffer) => {
      let text = head.toString('latin1');
      let bytes = head.length;
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (text.length < 4096) text += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      const closed = new Promise<void>((done) => socket.on('close', () => done()));
      resolve({ status: res.statusCode ?? 0, socket, received: () => text, bytes: () => bytes, closed });
    });
    req.end();
  });
}

const plainGet = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${site.port}\r\n${extra}\r\n`;

describe('the allowlisted fixture', () => {
  it('is reached by a plain request and through a tunnel', async () => {
    const p = await proxy();
    const answer = await viaProxy(p, `${site.origin}/ok`);
    expect(answer).toMatchObject({ status: 200, body: 'hello from the fixture' });
    const t = await tunnel(p, `127.0.0.1:${site.port}`);
    expect(t.status).toBe(200);
    t.socket.write(plainGet('/ok', 'connection: close\r\n'));
    await t.closed;
    expect(t.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nhello from the fixture\r\n/);
    expect(p.refusals).toEqual([]);
  });
});

describe('literal private addresses, refused before dialling', () => {
  const cases: [string, string, GuardedProxyOptions][] = [
    ['127.0.0.2', '127.0.0.2', { allow: ['127.0.0.1'] }],
    ['10.0.0.1', '10.0.0.1', { allow: ['127.0.0.1'] }],
    ['169.254.169.254', '169.254.169.254', { allow: ['127.0.0.1'] }],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', { allow: ['127.0.0.1'] }],
    ['2130706434', '127.0.0.2', { allow: ['127.0.0.1'] }],
    // Without the test allowlist, as in production: loopback in its other spellings.
    ['2130706433', '127.0.0.1', {}],
    ['0177.0.0.1', '127.0.0.1', {}],
    ['0x7f000001', '127.0.0.1', {}],
  ];

  it.each(cases)('%s (host %s): a plain request gets 403 with the reason', async (host, normalised, options) => {
    const p = await proxy(options);
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const answer = await viaProxy(p, `http://${host}:${site.port}/ok`);
    expect(answer.status).toBe(403);
    expect(answer.body).toBe(guardMessages.privateAddress(normalised));
    expect(connect).toHaveBeenCalledTimes(1); // the client's own connection to the proxy, nothing more
  });

  it.each(cases)('%s (host %s): a CONNECT tunnel is refused with 403', async (host, normalised, options) => {
    const p = await proxy(options);
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const t = await tunnel(p, `${host}:${site.port}`);
    expect(t.status).toBe(403);
    await t.closed;
    expect(t.received()).toContain(guardMessages.privateAddress(normalised));
    expect(connect).toHaveBeenCalledTimes(1);
    expect(p.refusals).toEqual([guardMessages.privateAddress(normalised)]);
  });
});

describe('redirects and DNS rebinding', () => {
  it('the browser following a redirect from the fixture to a private address is refused on the next hop', async () => {
    const p = await proxy();
    const to = `http://127.0.0.2:${site.port}/ok`;
    const answer = await followViaProxy(p, `${site.origin}/redirect?to=${encodeURIComponent(to)}`);
    expect(answer.status).toBe(403);
    expect(answer.body).toBe(guardMessages.privateAddress('127.0.0.2'));
  });

  it('a name that answered an allowed address, then a private one, is refused on the next request and tunnel', async () => {
    // 127.0.0.1 (allowed here) stands for a public address.
    const answers = [['127.0.0.1'], ['10.0.0.1']];
    const resolve: Resolver = async () => (answers.length > 1 ? answers.shift()! : answers[0]!).map((address) => ({ address, family: 4 }));
    const p = await proxy({ allow: ['127.0.0.1'], resolve });
    expect((await viaProxy(p, `http://rebind.example:${site.port}/ok`)).status).toBe(200);
    const second = await viaProxy(p, `http://rebind.example:${site.port}/ok`);
    expect(second).toMatchObject({ status: 403, body: guardMessages.privateResolves('rebind.example') });
    const t = await tunnel(p, `rebind.example:${site.port}`);
    expect(t.status).toBe(403);
    await t.closed;
    expect(t.received()).toContain('rebind.example resolves to a private network address, which we do not visit.');
  });
});

describe('limits', () => {
  it(`a 50 MB answer is cut at ${PROXY_MAX_RESPONSE_BYTES / 1024 / 1024} MB`, async () => {
    const p = await proxy();
    const answer = await viaProxy(p, `${site.origin}/big`);
    expect(answer.complete).toBe(false);
    expect(answer.bytes).toBeLessThanOrEqual(PROXY_MAX_RESPONSE_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(site.streamed()).toBeLessThan(FIFTY_MB / 4); // the site stopped writing: the proxy hung up
    expect(p.refusals).toEqual([guardMessages.tooLarge(PROXY_MAX_RESPONSE_BYTES)]);
  });

  it(`a 50 MB answer through a tunnel is cut at ${PROXY_MAX_TUNNEL_BYTES / 1024 / 1024} MB`, async () => {
    const p = await proxy();
    const t = await tunnel(p, `127.0.0.1:${site.port}`);
    t.socket.write(plainGet('/big'));
    await t.closed;
    expect(t.bytes()).toBeLessThanOrEqual(PROXY_MAX_TUNNEL_BYTES + 100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(site.streamed()).toBeLessThan(FIFTY_MB / 2);
    expect(p.refusals).toEqual([guardMessages.tooLarge(PROXY_MAX_TUNNEL_BYTES)]);
  });

  it('a trickling server is cut by the time limit, plain and tunnelled', async () => {
    const p = await proxy({ allow: ['127.0.0.1'], timeoutMs: 1000, tunnelTimeoutMs: 1000 });
    let started = performance.now();
    const answer = await viaProxy(p, `${site.origin}/trickle`);
    expect(answer).toMatchObject({ status: 200, complete: false });
    expect(answer.body).toMatch(/^\.+$/);
    expect(performance.now() - started).toBeLessThan(4000);
    started = performance.now();
    const t = await tunnel(p, `127.0.0.1:${site.port}`);
    t.socket.write(plainGet('/trickle'));
    await t.closed;
    expect(performance.now() - started).toBeLessThan(4000);
    expect(p.refusals).toEqual(['The page did not answer in 1 s.', 'The page did not answer in 1 s.']);
  });

  it('a server that never answers gets a 504 with the time limit', async () => {
    const p = await proxy({ allow: ['127.0.0.1'], timeoutMs: 1000 });
    expect(await viaProxy(p, `${site.origin}/silent`)).toMatchObject({ status: 504, body: 'The page did not answer in 1 s.' });
  });
});

describe('production', () => {
  it('refuses plain http:// and plain text through a tunnel, and carries TLS end to end', async () => {
    const p = await proxy({ allow: ['127.0.0.1'], production: true });
    const before = site.requests.length;
    const answer = await viaProxy(p, `${site.origin}/ok`);
    expect(answer).toMatchObject({ status: 403, body: guardMessages.httpsOnly(`${site.origin}/ok`) });
    const plain = await tunnel(p, `127.0.0.1:${site.port}`);
    plain.socket.write(plainGet('/ok'));
    await plain.closed;
    expect(plain.received()).toBe('');
    expect(site.requests.length).toBe(before);
    // A TLS connection goes through, end to end with the https fixture.
    const secure = await startTestSite(undefined, { tls: true });
    try {
      const t = await tunnel(p, `127.0.0.1:${secure.port}`);
      expect(t.status).toBe(200);
      const connection = tls.connect({ socket: t.socket, ca: TEST_CA });
      let text = '';
      connection.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      connection.write(`GET /ok HTTP/1.1\r\nhost: 127.0.0.1:${secure.port}\r\nconnection: close\r\n\r\n`);
      await new Promise((resolve) => connection.on('close', resolve));
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nhello from the fixture\r\n/);
      expect(secure.requests).toEqual(['GET /ok']);
    } finally {
      await secure.close();
    }
  });
});

describe('WebSockets', () => {
  it('an upgrade asked of the proxy is refused', async () => {
    const p = await proxy();
    const answer = await viaProxy(p, `${site.origin}/socket`, { connection: 'Upgrade', upgrade: 'websocket' });
    expect(answer).toMatchObject({ status: 403, body: guardMessages.webSocket });
    expect(site.upgrades).toBe(0);
  });

  it('a handshake inside a plain tunnel is refused, also after a first request on the same tunnel', async () => {
    const p = await proxy();
    const handshake = 'connection: Upgrade\r\nUpgrade: websocket\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
    const first = await tunnel(p, `127.0.0.1:${site.port}`);
    first.socket.write(plainGet('/socket', handshake));
    await first.closed;
    expect(first.received()).toMatch(/^HTTP\/1\.1 403 Forbidden[\s\S]*WebSocket connections are not opened/);

    const second = await tunnel(p, `127.0.0.1:${site.port}`);
    second.socket.write(plainGet('/ok'));
    await vi.waitFor(() => expect(second.received()).toContain('hello from the fixture'));
    second.socket.write(plainGet('/socket', handshake));
    await second.closed;
    expect(second.received()).toContain('403 Forbidden');
    expect(site.upgrades).toBe(0);
    expect(p.refusals).toEqual([guardMessages.webSocket, guardMessages.webSocket]);
  });
});

describe('with the Chromium the page checker drives', () => {
  it('loads the fixture, and gets the refusal for a redirect to a private address, a decimal IP and a WebSocket', async () => {
    const p = await proxy();
    const browser = await chromium.launch({ ...launchOptions(), proxy: { server: p.url } });
    try {
      const page = await browser.newPage();
      expect((await page.goto(`${site.origin}/ok`))?.status()).toBe(200);
      expect(await page.textContent('body')).toBe('hello from the fixture');
      const to = `http://127.0.0.2:${site.port}/ok`;
      expect((await page.goto(`${site.origin}/redirect?to=${encodeURIComponent(to)}`))?.status()).toBe(403);
      expect(await page.textContent('body')).toBe(guardMessages.privateAddress('127.0.0.2'));
      expect((await page.goto(`http://2130706434:${site.port}/ok`))?.status()).toBe(403);
      await page.goto(`${site.origin}/ok`);
      const socket = await page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(url);
            ws.onopen = () => resolve('open');
            ws.onerror = () => resolve('error');
          }),
        `ws://127.0.0.1:${site.port}/socket`,
      );
      expect(socket).toBe('error');
      expect(site.upgrades).toBe(0);
      expect(p.refusals).toEqual([guardMessages.privateAddress('127.0.0.2'), guardMessages.privateAddress('127.0.0.2'), guardMessages.webSocket]);
    } finally {
      await browser.close();
    }
  });
});
