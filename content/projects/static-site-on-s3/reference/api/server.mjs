// The reference for the checks: what CloudFront answers for the site, with node:http only. HTML
// is revalidated on every visit; fingerprinted assets are cached for a year.
import { createServer } from 'node:http';

const HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ada Example</title><link rel="stylesheet" href="/app.3f9a1c.css"></head><body><main><h1>Ada Example</h1></main></body></html>';
createServer((req, res) => {
  const { pathname } = new URL(req.url, 'http://localhost');
  if (pathname === '/' || pathname === '/index.html') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(HTML);
  if (pathname === '/app.3f9a1c.css') return res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'public, max-age=31536000, immutable' }).end('body{font-family:system-ui}');
  return res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end('<!doctype html><title>Not found</title>');
}).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
