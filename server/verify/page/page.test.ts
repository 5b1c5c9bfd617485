/**
 * The page checker against fixture sites served on loopback by this file (fixtures.ts). Chromium
 * always goes through the stand-in forward proxy of fixtures.ts (not the address guard, which is
 * tested on its own): it lets through only the fixture site's host and port, refuses everything
 * else, and records every request and tunnel it was asked for, so the tests see where the browser
 * tried to go. Nothing here reaches the internet.
 *
 * No database is involved, so the file runs once, in the `server` project (SQLite); the
 * PostgreSQL projects skip it rather than drive Chromium through every case a second time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verificationMessages, type PageCheck } from '../../../src/domain/verification.ts';
import type { CheckOutcome } from '../contract.ts';
import { head, hostilePages, serveSite, standInProxy, todoPage, todoSteps, type Site, type StandInProxy } from './fixtures.ts';
import { startGuardedProxy, type GuardedProxy } from '../proxy.ts';
import { createPageChecker, type PageCheckerOptions, type PageRunReport } from './index.ts';
import { isAlive } from './processTree.ts';

const once = process.env.TEST_DATABASE === undefined;

let site: Site;
let privateSite: Site;
let proxy: StandInProxy;

beforeAll(async () => {
  if (!once) return;
  privateSite = await serveSite('127.0.0.2', { '/': `${head('Private')}<body><p>private</p></body></html>` });
  site = await serveSite('127.0.0.1', {
    '/': todoPage(),
    '/site/index.html': todoPage(),
    '/clipped': todoPage(undefined, '<div style="overflow-x: hidden"><div class="poster" style="width: 1200px">A wide poster</div></div>'),
    '/clipped-body': `${head('Clipped')}<body style="overflow-x: hidden; margin: 0"><main><h1>Clipped</h1><p class="banner" style="position: absolute; left: 200px; width: 600px">Cut</p></main></body></html>`,
    '/hidden-on-purpose': todoPage(
      undefined,
      `<span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap">A long label only screen readers read, far wider than the phone</span>
      <p style="overflow: hidden; text-overflow: ellipsis; white-space: nowrap">A long line cut with an ellipsis on purpose, far wider than the phone</p>`,
    ),
    '/articles': `${head('Articles')}<body><main><section id="projects">
      <article><h3>Quiz</h3><p>A timed quiz.</p><a href="/quiz">Code</a></article>
      <article><h3>Empty</h3></article>
    </section></main></body></html>`,
    '/wrong-text': todoPage("'Buy milk'"),
    '/wide': todoPage(undefined, '<div class="banner wide" style="width: 400px">A banner</div>'),
    '/inaccessible': todoPage(undefined, '<img src="/pixel.png"><p style="color: #c8c8c8">Faint text</p>'),
    '/invalid': `${head('Invalid')}<body><main><div><span>unclosed</div></main></body></html>`,
    '/noisy': `${head('Noise')}<body style="margin: 0"><canvas width="1280" height="800"></canvas><script>
      const context = document.querySelector('canvas').getContext('2d');
      const image = context.createImageData(1280, 800);
      for (let i = 0; i < image.data.length; i += 1) image.data[i] = (i % 4 === 3) ? 255 : Math.random() * 256;
      context.putImageData(image, 0, 0);
    </script></body></html>`,
    ...hostilePages,
    '/large': { bytes: 3 * 1024 ** 2 },
    '/redirect-private': { redirect: `${privateSite.url}/` },
    '/websocket': `${head('Socket')}<body><p id="state">waiting</p><script>
      const show = (text) => { document.getElementById('state').textContent = text; };
      for (const address of [\`ws://\${location.host}/socket\`, 'ws://${privateSite.host}/socket']) {
        const socket = new WebSocket(address);
        socket.onopen = () => show('open');
        socket.onclose = () => show('closed');
      }
    </script></body></html>`,
    '/service-worker': `${head('Worker')}<body><p id="state">waiting</p><script>
      const show = (text) => { document.getElementById('state').textContent = text; };
      // Playwright's block replaces register() in each new document: try the page's, and a fresh
      // frame's (whose document may be set up before any script of Playwright's runs in it).
      const attempt = (container) => container ? container.register('/sw.js').then((r) => (r ? 'registered' : 'blocked'), () => 'refused') : 'none';
      (async () => {
        const own = await attempt(navigator.serviceWorker);
        const frame = document.createElement('iframe');
        document.body.append(frame);
        const framed = await attempt(frame.contentWindow.navigator.serviceWorker);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        show('tried: ' + own + ', ' + framed);
      })();
    </script></body></html>`,
    '/many-requests': `${head('Many')}<body><p id="state">waiting</p><script>
      Promise.allSettled(Array.from({ length: 60 }, (_, i) => fetch('/pixel.png?n=' + i))).then((all) => {
        document.getElementById('state').textContent = all.filter((r) => r.status === 'fulfilled').length + ' loaded';
      });
    </script></body></html>`,
  });
  proxy = await standInProxy(site.host);
});

afterAll(async () => {
  await Promise.all([site?.close(), privateSite?.close(), proxy?.close()]);
});

/** A checker through the stand-in proxy, and the report of its last run. */
function checker(options: Partial<PageCheckerOptions> = {}) {
  const runs: PageRunReport[] = [];
  const check = createPageChecker({ proxyUrl: proxy.url, ...options, onRunEnd: (report) => runs.push(report) });
  return { check, runs };
}

const dom = (path: string, steps: Extract<PageCheck, { rule: 'dom' }>['steps']): PageCheck => ({ kind: 'page', rule: 'dom', path, steps });
const rule = (r: 'no-horizontal-scroll' | 'axe' | 'valid-html', path = '/'): PageCheck => ({ kind: 'page', rule: r, path });

/** The width and height a JPEG declares (its start-of-frame segment). */
function jpegSize(bytes: Buffer): [number, number] {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return [0, 0];
}

/** A JPEG screenshot of at most 60 KB (before base64), of the size given. */
function expectScreenshot(outcome: CheckOutcome, size: [number, number] = [1280, 800]) {
  const shot = outcome.evidence?.screenshot ?? '';
  expect(shot).toMatch(/^data:image\/jpeg;base64,/);
  const bytes = Buffer.from(shot.slice('data:image/jpeg;base64,'.length), 'base64');
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  expect(bytes.length).toBeLessThanOrEqual(60 * 1024);
  expect(jpegSize(bytes)).toEqual(size);
}

/** Every process of the run (the child, the browser's) has ended, within a moment of the answer (a killed process frees its memory first). */
async function expectAllGone(report: PageRunReport, processes = 3) {
  expect(report.pids.length).toBeGreaterThanOrEqual(processes);
  await expect.poll(() => report.pids.filter(isAlive), { timeout: 3000, interval: 100 }).toEqual([]);
}

it('is never built without a proxy in production', () => {
  vi.stubEnv('NODE_ENV', 'production');
  try {
    expect(() => createPageChecker({ proxyUrl: null })).toThrow('The page checker needs the guarded proxy in production');
  } finally {
    vi.unstubAllEnvs();
  }
});

describe.skipIf(!once)('a passing page', () => {
  it('passes every rule, each with a screenshot, every request through the proxy', { timeout: 120_000 }, async () => {
    const { check, runs } = checker();
    const asked = proxy.asked.length;
    const outcomes = await check(site.url, [dom('/', todoSteps), rule('no-horizontal-scroll'), rule('axe'), rule('valid-html')], AbortSignal.timeout(110_000));
    expect(outcomes.map((o) => [o.status, o.message])).toEqual([
      ['passed', null],
      ['passed', null],
      ['passed', null],
      ['passed', null],
    ]);
    // The scroll check shows the phone width.
    for (const [i, outcome] of outcomes.entries()) expectScreenshot(outcome, i === 1 ? [320, 800] : [1280, 800]);
    expect(outcomes[0]!.evidence?.url).toBe(`${site.url}/`);
    expect(proxy.asked.slice(asked)).toContain(`GET ${new URL(site.url).host}/`);
    expect(runs[0]!.ended).toBe('finished');
    await expectAllGone(runs[0]!);
  });
});

describe.skipIf(!once)('the page loaded is the one submitted, and an error page is never judged as the learner’s', () => {
  it('loads a live URL naming a file exactly as given (not …/index.html/), and every check passes', { timeout: 60_000 }, async () => {
    const { check } = checker();
    const live = `${site.url}/site/index.html`;
    const outcomes = await check(live, [dom('/', todoSteps), rule('no-horizontal-scroll')], AbortSignal.timeout(50_000));
    expect(outcomes.map((o) => [o.status, o.message])).toEqual([
      ['passed', null],
      ['passed', null],
    ]);
    expect(outcomes[0]!.evidence?.url).toBe(live);
    expect(site.hits).not.toContain('/site/index.html/');
  });

  it('says a live URL answering 404 in one line, at once, and passes no check on the error page', { timeout: 60_000 }, async () => {
    const { check } = checker();
    const started = Date.now();
    const outcomes = await check(`${site.url}/missing`, [dom('/', [{ expect: 'body' }]), rule('no-horizontal-scroll'), rule('axe')], AbortSignal.timeout(50_000));
    expect(outcomes.map((o) => [o.status, o.message])).toEqual([
      ['failed', 'Your live URL answers 404.'],
      ['failed', 'Your live URL answers 404.'],
      ['failed', 'Your live URL answers 404.'],
    ]);
    expect(outcomes[0]!.evidence).toMatchObject({ expected: 'a status below 400', found: '404', url: `${site.url}/missing` });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe.skipIf(!once)('no horizontal scrolling', () => {
  it('fails content cut off by overflow hidden, measured on every element, and passes what is hidden on purpose', { timeout: 60_000 }, async () => {
    const { check } = checker();
    const [clipped, clippedBody, hidden] = await check(
      site.url,
      [rule('no-horizontal-scroll', '/clipped'), rule('no-horizontal-scroll', '/clipped-body'), rule('no-horizontal-scroll', '/hidden-on-purpose')],
      AbortSignal.timeout(50_000),
    );
    expect(clipped).toMatchObject({
      status: 'failed',
      message: "At 320 px wide div.poster reaches 1208 px, past the window's right edge: what lies beyond it is cut off.",
      evidence: { target: 'div.poster', expected: 'no wider than 320 px', found: 'reaches 1208 px at 320 px' },
    });
    expect(clippedBody).toMatchObject({ status: 'failed', evidence: { target: 'p.banner' } });
    expect([hidden!.status, hidden!.message]).toEqual(['passed', null]);
  });
});

describe.skipIf(!once)('each', () => {
  it('fails when one of the elements matched lacks what each must hold, naming which and what', { timeout: 60_000 }, async () => {
    const { check } = checker({ stepTimeoutMs: 1000 });
    const each = [{ expect: ':is(h2, h3)' }, { expect: 'p' }, { expect: 'a[href]' }];
    const [oneEmpty, first] = await check(
      site.url,
      [dom('/articles', [{ expect: '#projects article', min: 2, each }]), dom('/articles', [{ expect: '#projects article:first-child', each }])],
      AbortSignal.timeout(50_000),
    );
    expect(oneEmpty).toMatchObject({
      status: 'failed',
      message: 'Step 1: expected each #projects article to hold an element matching p; the second of 2 holds 0 elements.',
      evidence: { target: '#projects article (the second of 2) p', expected: 'an element matching p', found: '0 elements' },
    });
    expect(first!.status).toBe('passed');
  });
});

describe.skipIf(!once)('behind the guarded proxy', () => {
  let guarded: GuardedProxy;
  beforeAll(async () => {
    if (once) guarded = await startGuardedProxy({ allow: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it('a redirect to a private address is the site’s doing: failed, in one line, never "could not be loaded"', { timeout: 60_000 }, async () => {
    const { check } = checker({ proxyUrl: guarded.url });
    const [outcome] = await check(`${site.url}/redirect-private`, [rule('no-horizontal-scroll')], AbortSignal.timeout(50_000));
    expect(outcome).toMatchObject({ status: 'failed', message: 'Your live URL redirects to a private address, which PathForge never visits.' });
    expect(privateSite.hits).toEqual([]);
  });

  it('a page over the proxy’s size limit is said as such, not as a time-out', { timeout: 60_000 }, async () => {
    const { check } = checker({ proxyUrl: guarded.url });
    const started = Date.now();
    const [outcome] = await check(`${site.url}/big`, [dom('/', [{ expect: 'p' }])], AbortSignal.timeout(50_000));
    expect(outcome).toMatchObject({ status: 'failed', message: "Your page is larger than 5 MB, PathForge's limit." });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe.skipIf(!once)('broken pages', () => {
  it('fail the rule they break, with the selector, what was expected and what was found', { timeout: 120_000 }, async () => {
    // Steps wait 2 s instead of 5 here: every failing step waits its whole time.
    const { check } = checker({ stepTimeoutMs: 2000 });
    const [missing, wrongText, wide, inaccessible, invalid, noisy, tooFew, stillThere, noButton] = await check(
      `${site.url}/`,
      [
        dom('/', [{ expect: 'h1' }, { expect: '#search', text: 'Search' }]),
        dom('/wrong-text', todoSteps),
        rule('no-horizontal-scroll', '/wide'),
        rule('axe', '/inaccessible'),
        rule('valid-html', '/invalid'),
        dom('/noisy', [{ expect: 'canvas' }]),
        dom('/', [{ type: '#new', text: 'One' }, { click: '#add' }, { expect: '#list li', min: 2 }]),
        dom('/', [{ expectNone: '#empty' }]),
        dom('/', [{ click: '#save' }]),
      ],
      AbortSignal.timeout(110_000),
    );

    expect(missing!.status).toBe('failed');
    expect(missing!.message).toBe('Step 2: expected an element matching #search, found 0 elements.');
    expect(missing!.evidence).toMatchObject({ target: '#search', expected: 'an element', found: '0 elements' });

    expect(tooFew!.message).toBe('Step 3: expected at least 2 elements matching #list li, found 1 element.');
    expect(tooFew!.evidence).toMatchObject({ target: '#list li', expected: 'at least 2 elements', found: '1 element' });
    expect(stillThere!.message).toBe('Step 1: expected no element matching #empty, found 1 element.');
    expect(noButton!.message).toBe('Step 1: expected an element to click matching #save, found 0 elements.');
    expect([tooFew, stillThere, noButton].map((o) => o!.status)).toEqual(['failed', 'failed', 'failed']);

    expect(wrongText!.status).toBe('failed');
    expect(wrongText!.message).toMatch(/^Step 4: expected #list li to show text containing “write pf[0-9a-f]{8}”, found “Buy milk”\.$/);
    expect(wrongText!.evidence).toMatchObject({ target: '#list li', found: '“Buy milk”' });

    expect(wide!.status).toBe('failed');
    expect(wide!.message).toBe('At 320 px wide the page scrolls sideways: it is 408 px wide (div.banner.wide reaches furthest).');
    expect(wide!.evidence).toMatchObject({ target: 'div.banner.wide', expected: 'no wider than 320 px', found: '408 px wide at 320 px' });

    expect(inaccessible!.status).toBe('failed');
    expect(inaccessible!.evidence?.found).toBe('image-alt (1), color-contrast (1)');
    expect(inaccessible!.evidence?.target).toBe('img');
    expect(inaccessible!.message).toBe('axe found 2 serious accessibility problems: image-alt (1), color-contrast (1). The first is at img.');

    expect(invalid!.status).toBe('failed');
    expect(invalid!.message).toBe('The HTML has 2 errors; the first on line 1: End tag “div” seen, but there were open elements.');
    expect(invalid!.evidence).toMatchObject({ target: 'line 1', expected: 'no error from the Nu Html Checker' });
    expect(invalid!.evidence?.found).toBe('End tag “div” seen, but there were open elements. Near “n>unclosed</div></main”.');

    for (const outcome of [missing, wrongText, inaccessible, invalid]) expectScreenshot(outcome!);
    expectScreenshot(wide!, [320, 800]);
    // Random pixels do not fit in 60 KB at full size: the picture is scaled down until it does.
    expect(noisy!.status).toBe('passed');
    expectScreenshot(noisy!, [640, 400]);
  });

  it("answers couldn't check, not failed, when there is no Java for the HTML checker", { timeout: 60_000 }, async () => {
    const { check } = checker({ javaPath: '/nonexistent/java' });
    const [outcome] = await check(site.url, [rule('valid-html', '/invalid')], AbortSignal.timeout(50_000));
    expect(outcome!.status).toBe('error');
    expect(outcome!.message).toBe('The HTML could not be checked: Java is not installed on this server.');
    expectScreenshot(outcome!);
  });
});

describe.skipIf(!once)('hostile pages', () => {
  it('an endless loop ends at the run’s deadline: every check is answered error and the browser is gone', { timeout: 60_000 }, async () => {
    const { check, runs } = checker({ runTimeoutMs: 6000 });
    const started = Date.now();
    const outcomes = await check(site.url, [dom('/loop', [{ expect: 'p' }]), rule('axe', '/loop')], AbortSignal.timeout(50_000));
    const took = Date.now() - started;
    expect(outcomes.map((o) => [o.status, o.message])).toEqual([
      ['error', verificationMessages.timedOut(6)],
      ['error', verificationMessages.timedOut(6)],
    ]);
    expect(took).toBeGreaterThanOrEqual(6000);
    expect(took).toBeLessThan(9000);
    expect(runs[0]!.ended).toBe('deadline');
    await expectAllGone(runs[0]!);
  });

  it('a page that does not load within the load limit is answered "did not answer", and the caller’s signal stops a run', { timeout: 60_000 }, async () => {
    const { check, runs } = checker({ loadTimeoutMs: 3000 });
    const outcomes = await check(site.url, [dom('/loop', [{ expect: 'p' }]), rule('axe', '/loop')], AbortSignal.timeout(50_000));
    expect(outcomes.map((o) => [o.status, o.message])).toEqual([
      ['error', verificationMessages.timedOut(3)],
      ['error', verificationMessages.timedOut(3)],
    ]);

    // Stopped once the browser is loading the page.
    const controller = new AbortController();
    const loads = site.hits.filter((h) => h === '/loop').length;
    const stopped = check(site.url, [dom('/loop', [{ expect: 'p' }])], controller.signal);
    await expect.poll(() => site.hits.filter((h) => h === '/loop').length, { timeout: 30_000, interval: 50 }).toBe(loads + 1);
    const started = Date.now();
    controller.abort();
    expect((await stopped).map((o) => [o.status, o.message])).toEqual([['error', 'The check was stopped before it finished.']]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(runs[1]!.ended).toBe('aborted');
    await expectAllGone(runs[1]!);
  });

  it('a page that allocates past the memory cap is killed, with the browser', { timeout: 60_000 }, async () => {
    const { check, runs } = checker();
    const [outcome] = await check(site.url, [dom('/hog', [{ expect: '#never' }])], AbortSignal.timeout(50_000));
    expect(outcome).toMatchObject({ status: 'error', message: 'The page used more than 1 GB of memory.' });
    expect(runs[0]!.ended).toBe('memory');
    // Sampled every 200 ms: killed soon after crossing the cap, long before the machine's memory is gone.
    expect(runs[0]!.peakMemoryBytes).toBeGreaterThan(1024 ** 3);
    expect(runs[0]!.peakMemoryBytes).toBeLessThan(3 * 1024 ** 3);
    await expectAllGone(runs[0]!);
  });

  it('a redirect to 127.0.0.2, WebSockets, a service worker and a flood of requests reach nothing; HTML over 2 MB is not checked', { timeout: 90_000 }, async () => {
    const { check } = checker({ maxRequestsPerPage: 20 });
    const privateHost = new URL(privateSite.url).host;
    const hits = site.hits.length;
    const [redirect, sockets, worker, flood, big] = await check(
      site.url,
      [
        dom('/redirect-private', [{ expect: 'p', text: 'private' }]),
        dom('/websocket', [{ expect: '#state', text: 'closed' }]),
        dom('/service-worker', [{ expect: '#state', text: 'tried' }]),
        dom('/many-requests', [{ expect: '#state', text: 'loaded' }]),
        rule('valid-html', '/large'),
      ],
      AbortSignal.timeout(80_000),
    );
    // The redirect was followed only as far as the proxy, which refused it.
    expect(redirect!.status).toBe('failed');
    expect(proxy.refused).toContain(privateHost);
    expect(privateSite.hits).toEqual([]);
    // Both sockets were closed by the browser before any connection: neither server nor proxy saw them.
    expect(sockets!.status).toBe('passed');
    expect(site.upgrades).toEqual([]);
    expect(privateSite.upgrades).toEqual([]);
    expect(proxy.asked.filter((a) => a.includes('/socket'))).toEqual([]);
    // The worker's script was never even fetched.
    expect(worker!.status).toBe('passed');
    expect(site.hits.slice(hits)).not.toContain('/sw.js');
    // 20 requests per page load: the document and 19 of the 60 fetches.
    expect(flood!.status).toBe('passed');
    expect(flood!.evidence?.screenshot).toBeTruthy();
    expect(site.hits.slice(hits).filter((h) => h.startsWith('/pixel.png?n=')).length).toBe(19);
    // 3 MB of HTML is not handed to the Nu checker.
    expect(big).toMatchObject({ status: 'error', message: 'The HTML is larger than 2 MB: too large to check.' });
  });
});
