// The reference for the checks: the blog API's answers with node:http only, over seeded data in
// memory (the learner's version runs migrations and parameterised queries on PostgreSQL).
import { createServer } from 'node:http';

const POSTS = 30;
const authors = ['Ada', 'Grace', 'Linus'].map((name, i) => ({ id: i + 1, name }));
const posts = Array.from({ length: POSTS }, (_, i) => ({
  id: i + 1,
  author_id: (i % 3) + 1,
  title: `Post ${i + 1}`,
  body: `The body of post ${i + 1}.`,
  created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
}));
const comments = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1, post_id: (i % POSTS) + 1, author: `Reader ${i % 7}`, body: `Comment ${i + 1}`, created_at: new Date(Date.UTC(2026, 1, 1 + (i % 28))).toISOString(),
}));
const send = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
const authorName = (post) => authors.find((a) => a.id === post.author_id).name;
const wholeNumber = (value, fallback, max) => {
  const n = value === null ? fallback : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
};

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/posts') {
    const page = wholeNumber(url.searchParams.get('page'), 1, 10_000);
    const limit = wholeNumber(url.searchParams.get('limit'), 10, 50);
    if (page === null || limit === null) return send(res, 400, { error: 'page and limit must be whole numbers (limit at most 50)' });
    const newest = [...posts].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    const slice = newest.slice((page - 1) * limit, page * limit).map((p) => ({
      id: p.id, title: p.title, created_at: p.created_at, author: authorName(p), comment_count: comments.filter((c) => c.post_id === p.id).length,
    }));
    return send(res, 200, { posts: slice, total: posts.length });
  }
  const match = url.pathname.match(/^\/posts\/(\d+)(\/comments)?$/);
  const post = match && posts.find((p) => p.id === Number(match[1]));
  if (match && !post) return send(res, 404, { error: 'Post not found' });
  if (req.method === 'GET' && match && !match[2]) {
    return send(res, 200, { ...post, author: authorName(post), comments: comments.filter((c) => c.post_id === post.id) });
  }
  if (req.method === 'POST' && match && match[2]) {
    let text = '';
    for await (const chunk of req) text += chunk;
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return send(res, 400, { error: 'The body must be JSON' });
    }
    const errors = {};
    if (typeof body?.author !== 'string' || body.author.trim() === '' || body.author.length > 100) errors.author = 'author is required (at most 100 characters)';
    if (typeof body?.body !== 'string' || body.body.trim() === '' || body.body.length > 2000) errors.body = 'body is required (at most 2000 characters)';
    if (Object.keys(errors).length > 0) return send(res, 400, { errors });
    const comment = { id: comments.length + 1, post_id: post.id, author: body.author.trim(), body: body.body.trim(), created_at: new Date().toISOString() };
    comments.push(comment);
    return send(res, 201, comment);
  }
  return send(res, 404, { error: 'Not found' });
}).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
