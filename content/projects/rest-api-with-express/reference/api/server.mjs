// The reference for the checks: the notes API with node:http only (the learner's version uses Express).
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';

const notes = new Map();
const send = (res, status, body) => {
  if (body === undefined) return res.writeHead(status).end();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
};
function validate(body, partial) {
  const errors = {};
  if (!partial || 'title' in body) {
    if (typeof body.title !== 'string' || body.title.trim() === '') errors.title = 'title is required';
    else if (body.title.length > 200) errors.title = 'title must be at most 200 characters';
  }
  if ('body' in body && typeof body.body !== 'string') errors.body = 'body must be a string';
  return errors;
}
async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  const value = JSON.parse(text || '{}');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new SyntaxError('not an object');
  return value;
}

createServer(async (req, res) => {
  try {
    const { pathname } = new URL(req.url, 'http://localhost');
    const [, collection, id, extra] = pathname.split('/');
    if (collection !== 'notes' || extra !== undefined) return send(res, 404, { error: 'Not found' });
    if (!id && req.method === 'GET') return send(res, 200, [...notes.values()]);
    if (!id && req.method === 'POST') {
      const body = await readJson(req);
      const errors = validate(body, false);
      if (Object.keys(errors).length > 0) return send(res, 400, { errors });
      const now = new Date().toISOString();
      const note = { id: randomUUID(), title: body.title.trim(), body: body.body ?? '', createdAt: now, updatedAt: now };
      notes.set(note.id, note);
      return send(res, 201, note);
    }
    const note = id ? notes.get(id) : undefined;
    if (id && ['GET', 'PATCH', 'DELETE'].includes(req.method) && !note) return send(res, 404, { error: 'Note not found' });
    if (req.method === 'GET' && note) return send(res, 200, note);
    if (req.method === 'PATCH' && note) {
      const body = await readJson(req);
      const errors = validate(body, true);
      if (Object.keys(errors).length > 0) return send(res, 400, { errors });
      Object.assign(note, 'title' in body ? { title: body.title.trim() } : {}, 'body' in body ? { body: body.body } : {}, { updatedAt: new Date().toISOString() });
      return send(res, 200, note);
    }
    if (req.method === 'DELETE' && note) {
      notes.delete(id);
      return send(res, 204);
    }
    return send(res, 404, { error: 'Not found' });
  } catch (error) {
    if (error instanceof SyntaxError) return send(res, 400, { error: 'The body must be a JSON object' });
    console.error(error);
    return send(res, 500, { error: 'Something went wrong' });
  }
}).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
