// The reference for the checks: register, log in and GET /me with node:http and node:crypto only
// (scrypt hashes, HS256 tokens); users kept in memory. The learner's version uses Express,
// PostgreSQL, argon2 and jose.
import { createServer } from 'node:http';
import { createHmac, randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';

const SECRET = process.env.JWT_SECRET ?? randomBytes(32).toString('hex');
const TOKEN_SECONDS = 15 * 60;
const users = new Map();
const send = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
const b64 = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const sign = (data) => createHmac('sha256', SECRET).update(data).digest('base64url');

function issueToken(userId) {
  const now = Math.floor(Date.now() / 1000);
  const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, iat: now, exp: now + TOKEN_SECONDS })}`;
  return `${data}.${sign(data)}`;
}
function verifyToken(header) {
  const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  const [head, payload, signature, extra] = token?.split('.') ?? [];
  if (!head || !payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(`${head}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return claims.exp > Date.now() / 1000 ? claims.sub : null;
}
const hash = (password, salt = randomBytes(16)) => `${salt.toString('hex')}:${scryptSync(password, salt, 32).toString('hex')}`;
function passwordMatches(password, stored) {
  const [salt, key] = stored.split(':');
  return timingSafeEqual(Buffer.from(key, 'hex'), scryptSync(password, Buffer.from(salt, 'hex'), 32));
}
async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  const value = JSON.parse(text || '{}');
  return value && typeof value === 'object' ? value : {};
}

createServer(async (req, res) => {
  try {
    const { pathname } = new URL(req.url, 'http://localhost');
    if (req.method === 'POST' && pathname === '/auth/register') {
      const { email, password } = await readJson(req);
      const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
      if (!/^\S+@\S+\.\S+$/.test(address) || typeof password !== 'string' || password.length < 12) {
        return send(res, 400, { message: 'A valid email and a password of at least 12 characters are required' });
      }
      if (users.has(address)) return send(res, 409, { message: 'This email is already registered' });
      const user = { id: randomUUID(), email: address, passwordHash: hash(password) };
      users.set(address, user);
      return send(res, 201, { id: user.id, email: user.email });
    }
    if (req.method === 'POST' && pathname === '/auth/login') {
      const { email, password } = await readJson(req);
      const user = users.get(typeof email === 'string' ? email.trim().toLowerCase() : '');
      if (!user || typeof password !== 'string' || !passwordMatches(password, user.passwordHash)) {
        return send(res, 401, { message: 'Wrong email or password' });
      }
      return send(res, 200, { token: issueToken(user.id) });
    }
    if (req.method === 'GET' && pathname === '/me') {
      const userId = verifyToken(req.headers.authorization);
      const user = [...users.values()].find((u) => u.id === userId);
      if (!user) return send(res, 401, { message: 'Sign in first' });
      return send(res, 200, { id: user.id, email: user.email });
    }
    return send(res, 404, { message: 'Not found' });
  } catch {
    return send(res, 400, { message: 'The body must be JSON' });
  }
}).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
