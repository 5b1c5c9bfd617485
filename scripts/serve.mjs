#!/usr/bin/env node
/**
 * Serves the built web app the way a CDN would:
 * - pre-compressed files (.br, .gz written at build time) chosen by Accept-Encoding;
 * - hashed files under /assets/ cached for a year as immutable, index.html always revalidated;
 * - a page prerendered at build time answered with its own HTML (`/login` and `/login/` with
 *   login/index.html, `/` with index.html);
 * - the security headers of the build's `_headers` file (Content-Security-Policy and others) on
 *   every response;
 * - any other path answered with shell.html (the app with an empty page, which renders the route
 *   in the browser), so client routes and the 404 page work on reload; a missing file that looks
 *   like a file (has an extension) is a real 404.
 *
 * Usage: node scripts/serve.mjs [dir] (default dist), PORT (default 5173), HOST (default 127.0.0.1).
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist');
const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The security headers of every response (the Content-Security-Policy with the hashes of the
 * build's inline scripts, and the others): the `/*` block of the `_headers` file the build writes
 * (scripts/vite/csp.ts), the file Netlify and Cloudflare Pages read, so this server and a CDN
 * send the same. A folder built without it is served without them, and says so.
 */
function readSecurityHeaders(dir) {
  let text;
  try {
    text = readFileSync(join(dir, '_headers'), 'utf8');
  } catch {
    console.warn(`serve: no _headers in ${dir}: serving without Content-Security-Policy or other security headers`);
    return {};
  }
  const headers = {};
  let inAllPaths = false;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) inAllPaths = line.trim() === '/*';
    else if (inAllPaths) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}
const securityHeaders = readSecurityHeaders(root);

async function fileAt(path) {
  try {
    const info = await stat(path);
    return info.isFile() ? path : null;
  } catch {
    return null;
  }
}

async function send(req, res, path, { status = 200, cache }) {
  const accept = String(req.headers['accept-encoding'] ?? '');
  let body = path;
  let encoding;
  if (/\bbr\b/.test(accept) && (await fileAt(`${path}.br`))) [body, encoding] = [`${path}.br`, 'br'];
  else if (/\bgzip\b/.test(accept) && (await fileAt(`${path}.gz`))) [body, encoding] = [`${path}.gz`, 'gzip'];
  const data = await readFile(body);
  res.writeHead(status, {
    ...securityHeaders,
    'Content-Type': types[extname(path)] ?? 'application/octet-stream',
    'Content-Length': data.length,
    'Cache-Control': cache,
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : data);
}

const server = createServer(async (req, res) => {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...securityHeaders }).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const path = normalize(join(root, pathname));
    if (path !== root && !path.startsWith(root + sep)) {
      res.writeHead(400, securityHeaders).end();
      return;
    }
    // The build's header file is configuration, not content (CDNs do not serve it either).
    if (pathname === '/_headers') {
      res.writeHead(404, securityHeaders).end();
      return;
    }
    const file = pathname.endsWith('/') ? null : await fileAt(path);
    const page = file ? null : await fileAt(join(path, 'index.html'));
    if (page) {
      await send(req, res, page, { cache: 'no-cache' });
      return;
    }
    if (file) {
      const immutable = pathname.startsWith('/assets/');
      await send(req, res, file, { cache: immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate' });
      return;
    }
    if (extname(pathname) && !pathname.endsWith('.html')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders }).end('Not found');
      return;
    }
    const shell = (await fileAt(join(root, 'shell.html'))) ?? join(root, 'index.html');
    await send(req, res, shell, { cache: 'no-cache' });
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  }
});

server.listen(port, host, () => console.log(`PathForge web app: http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (serving ${root})`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
