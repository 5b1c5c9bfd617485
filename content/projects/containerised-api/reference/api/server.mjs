// The reference for the checks: the API's health route with node:http only.
import { createServer } from 'node:http';

createServer((req, res) => {
  const { pathname } = new URL(req.url, 'http://localhost');
  if (req.method === 'GET' && pathname === '/health') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
}).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
