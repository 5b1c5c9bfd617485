/**
 * The address guard refuses every trick that would make the server visit this machine or its
 * network, before dialling; it caps answers in size and time; and the test-only allowlist lets
 * exactly the loopback fixture through. Everything here runs on 127.0.0.1.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CheckUnavailable } from './contract.ts';
import { createGuard, guardMessages, isForbiddenAddress, MAX_BODY_BYTES, type Resolver } from './guard.ts';
import { FIFTY_MB, startTestSite, TEST_CA, type TestSite } from './testSites.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());
afterEach(() => vi.restoreAllMocks());

const signal = () => new AbortController().signal;
/** The guard tests use: loopback 127.0.0.1 (the fixture) allowed, nothing else. */
const testGuard = (options: Parameters<typeof createGuard>[0] = {}) => createGuard({ allow: ['127.0.0.1'], ...options });

/** The sentence a refused fetch gives (and that it is a CheckUnavailable). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CheckUnavailable);
  return (error as Error).message;
}

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '240.0.0.1',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    'localhost',
    '2130706433',
    '',
  ])('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '[2606:4700:4700::1111]'])(
    'lets the public address %s through',
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(false);
    },
  );
});

describe('literal IP hosts, as WHATWG URL parsing normalises them', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://169.254.43518/', '169.254.169.254'],
  ])('%s is host %s, refused before dialling', async (url, host) => {
    expect(new URL(url).hostname).toBe(host);
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const guard = createGuard(); // no allowlist: production's rules
    expect(await refusal(guard.fetch(url, { signal: signal() }))).toBe(guardMessages.privateAddress(host));
    expect(connect).not.toHaveBeenCalled();
  });

  it('the loopback allowlist lets exactly 127.0.0.1 through, not its neighbours nor its other spellings', async () => {
    const guard = testGuard();
    const ok = await guard.fetch(`${site.origin}/ok`, { signal: signal() });
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('hello from the fixture');
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    for (const host of ['127.0.0.2', '2130706434', '0177.0.0.2', '0x7f000002', '[::ffff:127.0.0.1]', '[::1]', '0.0.0.0']) {
      const message = await refusal(guard.fetch(`http://${host}:${site.port}/ok`, { signal: signal() }));
      expect(message).toMatch(/is a private network address, which we do not visit\.$/);
    }
    expect(connect).not.toHaveBeenCalled();
    expect(site.requests.filter((r) => r === 'GET /ok')).toHaveLength(1);
  });

  it.each(['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'https://10.0.0.1:8443/'])('refuses %s without ever connecting', async (url) => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const message = await refusal(testGuard().fetch(url, { signal: signal() }));
    expect(message).toBe(guardMessages.privateAddress(new URL(url).hostname));
    expect(connect).not.toHaveBeenCalled();
  });

  it('refuses other schemes and credentials in the address', async () => {
    const guard = testGuard();
    expect(await refusal(guard.fetch('file:///etc/passwd', { signal: signal() }))).toBe(guardMessages.scheme('file:///etc/passwd'));
    expect(await refusal(guard.fetch(`http://me:secret@127.0.0.1:${site.port}/ok`, { signal: signal() }))).toBe(guardMessages.credentials);
    expect(await refusal(guard.fetch('not a url', { signal: signal() }))).toBe(guardMessages.invalidUrl('not a url'));
  });
});

describe('host names are checked at connect time, every address', () => {
  /** A resolver stub: each call takes the next answer. */
  function stub(answers: Record<string, string[][]>): { resolve: Resolver; calls: string[] } {
    const calls: string[] = [];
    const resolve: Resolver = async (hostname) => {
      calls.push(hostname);
      const queue = answers[hostname];
      const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!next) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return next.map((address) => ({ address, family: net.isIP(address) }));
    };
    return { resolve, calls };
  }

  it('refuses a name that resolves to a private address, with a sentence a learner understands', async () => {
    const { resolve } = stub({ 'intranet.example': [['10.0.0.1']] });
    const message = await refusal(testGuard({ resolve }).fetch('http://intranet.example/', { signal: signal() }));
    expect(message).toBe('intranet.example resolves to a private network address, which we do not visit.');
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const { resolve } = stub({ 'mixed.example': [['127.0.0.1', '169.254.169.254']], 'dual.example': [['127.0.0.1', '::1']] });
    const before = site.requests.length;
    const message = await refusal(testGuard({ resolve }).fetch(`http://mixed.example:${site.port}/ok`, { signal: signal() }));
    expect(message).toBe(guardMessages.privateResolves('mixed.example'));
    const dual = await refusal(testGuard({ resolve }).fetch(`http://dual.example:${site.port}/ok`, { signal: signal() }));
    expect(dual).toBe(guardMessages.privateResolves('dual.example'));
    expect(site.requests.length).toBe(before); // not even the allowed address was visited
  });

  it('DNS rebinding: a name that answered an allowed address, then a private one, is refused on the next connection', async () => {
    // 127.0.0.1 (allowed here) stands for a public address: the first hop connects, the site
    // redirects back to the same name, and the second lookup's private answer is refused.
    const { resolve, calls } = stub({ 'rebind.example': [['127.0.0.1'], ['10.0.0.1']] });
    const before = site.requests.length;
    const to = `http://rebind.example:${site.port}/ok`;
    const message = await refusal(testGuard({ resolve }).fetch(`http://rebind.example:${site.port}/redirect?to=${encodeURIComponent(to)}`, { signal: signal() }));
    expect(message).toBe(guardMessages.privateResolves('rebind.example'));
    expect(calls).toEqual(['rebind.example', 'rebind.example']);
    expect(site.requests.slice(before)).toEqual(['GET /redirect']);
  });

  it('says when a name does not exist', async () => {
    const { resolve } = stub({});
    expect(await refusal(testGuard({ resolve }).fetch('https://nowhere.example/', { signal: signal() }))).toBe(guardMessages.notFound('nowhere.example'));
  });
});

describe('redirects', () => {
  it.each([
    ['a private address', 'http://127.0.0.2:1/', guardMessages.privateAddress('127.0.0.2')],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', guardMessages.privateAddress('169.254.169.254')],
    ['a decimal loopback', 'http://2130706434/', guardMessages.privateAddress('127.0.0.2')],
    ['a mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/', guardMessages.privateAddress('[::ffff:7f00:1]')],
  ])('a redirect from the allowed fixture to %s is refused', async (_name, to, expected) => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const message = await refusal(testGuard().fetch(`${site.origin}/redirect?to=${encodeURIComponent(to)}`, { signal: signal() }));
    expect(message).toBe(expected);
    expect(connect).toHaveBeenCalledTimes(1); // the fixture only
  });

  it('answers the redirect itself when asked not to follow it (an API check reads its own 302), even one to a forbidden address', async () => {
    const answer = await testGuard().fetch(`${site.origin}/redirect?to=${encodeURIComponent('http://127.0.0.2:1/')}`, { signal: signal(), redirect: 'manual' });
    expect(answer.status).toBeGreaterThanOrEqual(301);
    expect(answer.status).toBeLessThanOrEqual(308);
    expect(answer.headers.location).toBe('http://127.0.0.2:1/');
  });

  it('follows up to 5 redirects and refuses the 6th', async () => {
    const guard = testGuard();
    const chain = (n: number) => {
      let url = `${site.origin}/ok`;
      for (let i = 0; i < n; i++) url = `${site.origin}/redirect?to=${encodeURIComponent(url)}`;
      return url;
    };
    const answer = await guard.fetch(chain(5), { signal: signal() });
    expect(answer).toMatchObject({ status: 200, body: 'hello from the fixture', url: `${site.origin}/ok` });
    expect(await refusal(guard.fetch(chain(6), { signal: signal() }))).toBe(guardMessages.tooManyRedirects);
  });

  it('a POST answered with 303 becomes a GET without the body; a 307 keeps both', async () => {
    const guard = testGuard();
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}', signal: signal() };
    const seeOther = JSON.parse((await guard.fetch(`${site.origin}/see-other`, post)).body) as { method: string; body: string };
    expect(seeOther).toMatchObject({ method: 'GET', body: '' });
    const kept = await guard.fetch(`${site.origin}/redirect?status=307&to=/echo`, post);
    expect(JSON.parse(kept.body)).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
  });
});

describe('limits', () => {
  it(`a 50 MB answer stops at ${MAX_BODY_BYTES / 1024 / 1024} MB with a clear message`, async () => {
    const started = performance.now();
    const message = await refusal(testGuard().fetch(`${site.origin}/big`, { signal: signal() }));
    expect(message).toBe('The answer was larger than 1 MB, so we stopped reading it.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(site.streamed()).toBeLessThan(FIFTY_MB / 4); // the site stopped writing: nobody reads
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a compressed answer is capped after decompression (a gzip bomb)', async () => {
    expect(await refusal(testGuard().fetch(`${site.origin}/gzip-bomb`, { signal: signal() }))).toBe(guardMessages.tooLarge(MAX_BODY_BYTES));
  });

  it('a server that trickles one byte at a time is stopped by the time limit', async () => {
    const started = performance.now();
    const message = await refusal(testGuard({ timeoutMs: 1000 }).fetch(`${site.origin}/trickle`, { signal: signal() }));
    expect(message).toBe('The page did not answer in 1 s.');
    expect(performance.now() - started).toBeLessThan(4000);
  });

  it('a server that never answers is stopped by the time limit', async () => {
    expect(await refusal(testGuard({ timeoutMs: 1000 }).fetch(`${site.origin}/silent`, { signal: signal() }))).toBe('The page did not answer in 1 s.');
  });

  it("the caller's AbortSignal stops the fetch at once", async () => {
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    expect(await refusal(testGuard().fetch(`${site.origin}/silent`, { signal: controller.signal }))).toBe(guardMessages.stopped);
    expect(performance.now() - started).toBeLessThan(3000);
    const reason = new CheckUnavailable('The run ran out of time.');
    expect(await refusal(testGuard().fetch(`${site.origin}/ok`, { signal: AbortSignal.abort(reason) }))).toBe('The run ran out of time.');
  });
});

describe('production', () => {
  let secure: TestSite;
  beforeAll(async () => {
    secure = await startTestSite(undefined, { tls: true });
  });
  afterAll(() => secure.close());
  const productionGuard = () => createGuard({ production: true, allow: ['127.0.0.1'], ca: TEST_CA });

  it('refuses http:// addresses before connecting', async () => {
    const url = `${site.origin}/ok`;
    const before = site.requests.length;
    expect(await refusal(productionGuard().fetch(url, { signal: signal() }))).toBe(
      `“${url}” is not an https:// address: we only visit https:// addresses, so serve it over https.`,
    );
    expect(site.requests.length).toBe(before);
  });

  it('fetches https:// addresses, and refuses a redirect from one to http:// or to a private address', async () => {
    const guard = productionGuard();
    expect(await guard.fetch(`${secure.origin}/ok`, { signal: signal() })).toMatchObject({ status: 200, body: 'hello from the fixture' });
    const plain = `${site.origin}/ok`;
    const before = site.requests.length;
    expect(await refusal(guard.fetch(`${secure.origin}/redirect?to=${encodeURIComponent(plain)}`, { signal: signal() }))).toBe(guardMessages.httpsOnly(plain));
    expect(site.requests.length).toBe(before);
    const hidden = `https://127.0.0.2:${secure.port}/ok`;
    expect(await refusal(guard.fetch(`${secure.origin}/redirect?to=${encodeURIComponent(hidden)}`, { signal: signal() }))).toBe(
      guardMessages.privateAddress('127.0.0.2'),
    );
  });

  it('refuses an answer behind a certificate it cannot trust', async () => {
    const guard = createGuard({ production: true, allow: ['127.0.0.1'] }); // the system's authorities only
    expect(await refusal(guard.fetch(`${secure.origin}/ok`, { signal: signal() }))).toBe(
      '127.0.0.1 did not present a valid https certificate, so we did not trust its answer.',
    );
  });
});
