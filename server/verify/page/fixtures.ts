/**
 * Fixture sites on loopback and a stand-in forward proxy, for the page checker's tests and its
 * benchmark (scripts/bench-verify.mjs). The stand-in is not the address guard: it lets through
 * exactly one host:port (the fixture site), refuses everything else with 403, and records every
 * request and tunnel it was asked for, so a test sees where the browser tried to go.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export const head = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>`;

/** A small to-do page: typing and clicking "Add" lists the text typed. `added` is what the click lists. */
export const todoPage = (added = "document.getElementById('new').value", extra = '') => `${head('Todos')}<body><main>
<h1>Todos</h1>
<label for="new">New todo</label> <input id="new" type="text"> <button id="add" type="button">Add</button>
<ul id="list"></ul><p id="empty">Nothing yet</p>${extra}
</main>
<script>
document.getElementById('add').addEventListener('click', () => {
  const item = document.createElement('li');
  item.textContent = ${added};
  document.getElementById('list').append(item);
  document.getElementById('empty')?.remove();
});
</script></body></html>`;

/** Steps that pass on `todoPage()`: the text typed comes back after the click. */
export const todoSteps = [
  { expect: 'h1', text: 'TODOS' },
  { type: '#new', text: 'Write {{random}}' },
  { click: '#add' },
  { expect: '#list li', text: 'write {{random}}' },
  { expectNone: '#empty' },
];

/** Pages a hostile learner could submit. */
export const hostilePages = {
  '/loop': `${head('Loop')}<body><script>while (true) {}</script></body></html>`,
  '/hog': `${head('Hog')}<body><p>Growing</p><script>
    const kept = [];
    setInterval(() => { for (let i = 0; i < 2; i += 1) kept.push(new Uint8Array(64 * 1024 * 1024).fill(7)); }, 20);
  </script></body></html>`,
  '/big': { bytes: 50 * 1024 ** 2 },
} as const;

// A 1×1 PNG.
const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A page: its HTML, a redirect, or an HTML body of that many bytes (streamed). */
export type FixturePage = string | { redirect: string } | { bytes: number };

export type Site = { server: Server; url: string; host: string; hits: string[]; upgrades: string[]; close(): Promise<void> };

function closer(server: Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Serves the pages on `host` (any 127.x.y.z), plus /pixel.png and /sw.js; records every request and WebSocket upgrade. */
export function serveSite(host: string, pages: Record<string, FixturePage>): Promise<Site> {
  const hits: string[] = [];
  const upgrades: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url!);
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === '/pixel.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(pixel);
    if (path === '/sw.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end('self.addEventListener("fetch", () => {});');
    const page = pages[path];
    if (page === undefined) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (typeof page === 'string') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    if ('redirect' in page) return void res.writeHead(302, { location: page.redirect }).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(`${head('Big')}<body>`);
    const chunk = `<p>${'x'.repeat(1017)}</p>\n`;
    let sent = 0;
    const more = () => {
      while (sent < page.bytes) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end('</body></html>');
    };
    res.on('error', () => {});
    more();
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    upgrades.push(req.url!);
    socket.destroy();
  });
  return new Promise((resolve) =>
    server.listen(0, host, () => {
      const hostPort = `${host}:${(server.address() as AddressInfo).port}`;
      resolve({ server, url: `http://${hostPort}`, host: hostPort, hits, upgrades, close: closer(server) });
    }),
  );
}

export type StandInProxy = { server: Server; url: string; asked: string[]; refused: string[]; close(): Promise<void> };

/** A forward proxy (absolute-form requests and CONNECT) that passes only `allowed` (host:port). */
export function standInProxy(allowed: string): Promise<StandInProxy> {
  const asked: string[] = [];
  const refused: string[] = [];
  const server = createServer((req, res) => {
    const target = new URL(req.url!);
    asked.push(`${req.method} ${target.host}${target.pathname}`);
    if (target.host !== allowed) {
      refused.push(target.host);
      return void res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the proxy');
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: target.pathname + target.search, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    asked.push(`CONNECT ${req.url}`);
    if (req.url !== allowed) {
      refused.push(req.url!);
      return void socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    }
    const [host, port] = req.url.split(':');
    const upstream = connect(Number(port), host!, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, asked, refused, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: closer(server) }),
    ),
  );
}
