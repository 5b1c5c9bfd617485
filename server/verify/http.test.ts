/**
 * The http checker against a tiny to-do API on loopback, reached through the real guarded fetch
 * (loopback allowed by the test allowlist): the correct API passes, and each broken variant fails
 * on the right step with evidence a learner can act on. Fresh random values per run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCheckSchema, type HttpCheck } from '../../src/domain/verification.ts';
import type { HttpChecker } from './contract.ts';
import { createGuard, guardMessages } from './guard.ts';
import { describeExpectation, FOUND_MAX_CHARS, httpChecker } from './http.ts';
import { startTestSite, type TestSite } from './testSites.ts';

/** How the to-do API misbehaves, by the path prefix it is reached under (`/<variant>/todos`). */
const VARIANTS = ['good', 'status', 'text', 'array', 'numeric-id', 'fixed-title', 'no-location', 'missing-done', 'lost', 'huge'] as const;
type Variant = (typeof VARIANTS)[number];

type Received = { title: unknown; contentType: string | undefined };
const received: Received[] = [];
let api: TestSite;

beforeAll(async () => {
  const todos = new Map<string, { id: string; title: string; done: boolean }>();
  let next = 1;
  api = await startTestSite((req, res) => {
    const match = /^\/([a-z-]+)\/todos(?:\/([^/?]+))?$/.exec(new URL(req.url ?? '/', 'http://api').pathname);
    if (!match || !VARIANTS.includes(match[1] as Variant)) return false;
    const variant = match[1] as Variant;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    if (req.method === 'POST' && !match[2]) {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title?: unknown };
        received.push({ title: body.title, contentType: req.headers['content-type'] });
        if (req.headers['content-type'] !== 'application/json') return json(415, { error: 'send JSON' });
        const id = `t${next++}`;
        const todo = { id, title: variant === 'fixed-title' ? 'Buy milk' : String(body.title), done: false };
        todos.set(id, todo);
        const location: Record<string, string> = variant === 'no-location' ? {} : { location: `/todos/${id}` };
        if (variant === 'status') return json(200, todo, location);
        if (variant === 'text') return void res.writeHead(201, { 'content-type': 'text/plain' }).end(`created ${id}`);
        if (variant === 'array') return json(201, [todo], location);
        if (variant === 'numeric-id') return json(201, { ...todo, id: next }, location);
        if (variant === 'missing-done') return json(201, { id, title: todo.title }, location);
        if (variant === 'huge') return json(201, { ...todo, notes: 'x'.repeat(2000) }, location);
        json(201, todo, location);
      });
      return true;
    }
    if (req.method === 'GET' && match[2]) {
      const todo = variant === 'lost' ? undefined : todos.get(decodeURIComponent(match[2]));
      if (!todo) json(404, { error: 'no such to-do' });
      else json(200, todo);
      return true;
    }
    return false;
  });
});
afterAll(() => api.close());

const check: HttpCheck = httpCheckSchema.parse({
  kind: 'http',
  steps: [
    {
      method: 'POST',
      path: '/todos',
      body: { title: 'Buy {{random}}' },
      expect: {
        status: 201,
        json: { type: 'object', fields: { id: 'string', done: 'boolean' } },
        equals: { title: 'Buy {{random}}' },
        headers: { Location: '/todos/' },
      },
      save: { id: 'id' },
    },
    {
      method: 'GET',
      path: '/todos/{{id}}',
      expect: { status: [200, 203], json: { type: 'object' }, equals: { id: '{{id}}', title: 'Buy {{random}}' } },
    },
  ],
});

const guard = createGuard({ allow: ['127.0.0.1'], timeoutMs: 1000 });
afterAll(() => guard.close());
let tokens = 0;
/** Tokens are predictable here only so the evidence can be compared; production uses randomToken. */
const run = (variant: Variant, checker: HttpChecker = httpChecker(guard.fetch, () => `tok${++tokens}`)) =>
  checker(`${api.origin}/${variant}/`, check, new AbortController().signal);

const expectedPost = (token: string) =>
  `201 with an object whose id is a string, done is a boolean and title is "Buy ${token}", with a location header containing "/todos/"`;

describe('http checks', () => {
  it('a correct API passes every step, and the JSON body is sent as application/json', async () => {
    const before = received.length;
    expect(await run('good')).toEqual({ status: 'passed', message: null, evidence: null });
    expect(received.slice(before)).toEqual([{ title: `Buy tok${tokens}`, contentType: 'application/json' }]);
  });

  it('{{random}} is a fresh value on every run, from crypto', async () => {
    const checker = httpChecker(guard.fetch);
    const before = received.length;
    expect((await run('good', checker)).status).toBe('passed');
    expect((await run('good', checker)).status).toBe('passed');
    const [first, second] = received.slice(before).map((r) => String(r.title));
    expect(first).toMatch(/^Buy [0-9a-f]{12}$/);
    expect(second).toMatch(/^Buy [0-9a-f]{12}$/);
    expect(first).not.toBe(second);
  });

  it.each<[Variant, (token: string) => { message: string; target?: string; found: string | RegExp }]>([
    ['status', () => ({ message: 'POST /todos answered 200, not 201.', found: /^200 \{"id":"t\d+","title":"Buy tok\d+","done":false\}$/ })],
    ['text', () => ({ message: 'POST /todos did not answer JSON.', found: /^201 created t\d+$/ })],
    ['array', () => ({ message: 'POST /todos answered an array, not an object.', found: /^201 \[\{"id":"t\d+"/ })],
    ['numeric-id', () => ({ message: 'In the answer to POST /todos, id is a number, not a string.', found: /^201 \{"id":\d+,/ })],
    ['missing-done', () => ({ message: 'The answer to POST /todos has no done.', found: /^201 \{"id":"t\d+","title":"Buy tok\d+"\}$/ })],
    ['fixed-title', (token) => ({ message: `In the answer to POST /todos, title is "Buy milk", not "Buy ${token}".`, found: /"title":"Buy milk"/ })],
    ['no-location', () => ({ message: 'The answer to POST /todos has no location header.', found: /^201, headers: .*content-type/ })],
  ])('the %s variant fails the POST step with its evidence', async (variant, expectation) => {
    const outcome = await run(variant);
    const token = `tok${tokens}`;
    const { message, found } = expectation(token);
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe(message);
    expect(outcome.evidence).toMatchObject({ target: 'POST /todos', expected: expectedPost(token), screenshot: null, url: null });
    expect(outcome.evidence?.found).toMatch(found);
  });

  it('a later step fails with the saved value in its request', async () => {
    const outcome = await run('lost');
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(/^GET \/todos\/t\d+ answered 404, not 200 or 203\.$/);
    expect(outcome.evidence?.target).toMatch(/^GET \/todos\/t\d+$/);
    expect(outcome.evidence?.expected).toMatch(/^200 or 203 with an object whose id is "t\d+" and title is "Buy tok\d+"$/);
    expect(outcome.evidence?.found).toBe('404 {"error":"no such to-do"}');
  });

  it(`what came back is trimmed to ${FOUND_MAX_CHARS} characters`, async () => {
    const huge = httpCheckSchema.parse({ kind: 'http', steps: [{ method: 'POST', path: '/todos', body: { title: 'x' }, expect: { status: 200 } }] });
    const outcome = await httpChecker(guard.fetch)(`${api.origin}/huge`, huge, new AbortController().signal);
    expect(outcome.message).toBe('POST /todos answered 201, not 200.');
    expect(outcome.evidence?.found).toHaveLength(FOUND_MAX_CHARS);
    expect(outcome.evidence?.found?.endsWith('…')).toBe(true);
  });

  it("couldn't check: a refused address or a timeout is an error with the guard's sentence, never a failure", async () => {
    const refused = await httpChecker(guard.fetch)('http://10.0.0.1/', check, new AbortController().signal);
    expect(refused).toMatchObject({ status: 'error', message: guardMessages.privateAddress('10.0.0.1'), evidence: { target: 'POST /todos' } });
    const silent = httpCheckSchema.parse({ kind: 'http', steps: [{ method: 'GET', path: '/silent', expect: { status: 200 } }] });
    const timedOut = await httpChecker(guard.fetch)(api.origin, silent, new AbortController().signal);
    expect(timedOut).toMatchObject({ status: 'error', message: 'The page did not answer in 1 s.', evidence: { target: 'GET /silent' } });
  });
});

describe('describeExpectation', () => {
  it('reads as a sentence', () => {
    expect(describeExpectation({ status: 201, json: { type: 'object', fields: { id: 'string' } } }, {})).toBe('201 with an object whose id is a string');
    expect(describeExpectation({ status: [200, 204] }, {})).toBe('200 or 204');
    expect(describeExpectation({ status: 200, json: { type: 'array', fields: { '0.id': 'any' } }, headers: { 'Cache-Control': '' } }, {})).toBe(
      '200 with an array whose 0.id is present, with a cache-control header',
    );
    expect(describeExpectation({ status: 200 }, { name: 'Ada' })).toBe('200 with JSON whose name is "Ada"');
  });
});
