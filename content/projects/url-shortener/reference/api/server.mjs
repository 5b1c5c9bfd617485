// The reference for the checks: the URL shortener with node:http only, links kept in memory (the
// learner's version uses Express and a file on disk).
import { createServer } from 'node:http';
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const links = new Map();
const send = (res, status, body, headers = {}) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(body === undefined ? '' : JSON.stringify(body));
const makeCode = () => Array.from({ length: 7 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

createServer(async (req, res) => {
  const base = process.env.BASE_URL ?? `http://${req.headers.host}`;
  const { pathname } = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && pathname === '/api/links') {
    let text = '';
    for await (const chunk of req) text += chunk;
    let url;
    try {
      url = new URL(JSON.parse(text).url);
    } catch {
      return send(res, 400, { error: 'url must be a valid http or https URL' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return send(res, 400, { error: 'url must be a valid http or https URL' });
    let code = makeCode();
    while (links.has(code)) code = makeCode();
    const link = { url: url.href, createdAt: new Date().toISOString(), visits: 0, lastVisitAt: null };
    links.set(code, link);
    return send(res, 201, { code, shortUrl: `${base}/${code}`, url: link.url });
  }
  const stats = pathname.match(/^\/api\/links\/([A-Za-z0-9]+)\/stats$/);
  if (req.method === 'GET' && stats) {
    const link = links.get(stats[1]);
    return link ? send(res, 200, link) : send(res, 404, { error: 'Unknown code' });
  }
  const code = pathname.match(/^\/([A-Za-z0-9]+)$/);
  if (req.method === 'GET' && code) {
    const link = links.get(code[1]);
    if (!link) return send(res, 404, { error: 'Unknown code' });
    link.visits += 1;
    link.lastVisitAt = new Date().toISOString();
    return res.writeHead(302, { location: link.url }).end();
  }
  return send(res, 404, { error: 'Not found' });
}).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
