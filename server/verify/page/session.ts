/**
 * One browser session on a learner's live site: the pinned Chromium, behind the guarded proxy, in a
 * context that may not keep service workers, download, use WebSockets, ask for permissions or accept
 * a bad certificate, and may only make a capped number of http(s) requests per page. Each check
 * loads its page afresh. Runs inside the page checker's child process (worker.ts), never in the API.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { chromeArgs, chromium as locateChromium } from './chromium.ts';
import { verificationMessages, type EachExpectation, type PageCheck, type PageStep } from '../../../src/domain/verification.ts';
import type { Evidence } from '../../../src/api/learning/contract.ts';
import type { CheckOutcome } from '../contract.ts';
import { REFUSALS_HOST, REFUSED_HEADER, type Refusal } from '../proxy.ts';
import { checkHtml, type NuResult } from './nuChecker.ts';

export type SessionOptions = {
  /** The forward proxy every request goes through (null: none, for tests on loopback only). */
  proxyUrl: string | null;
  loadTimeoutMs: number;
  stepTimeoutMs: number;
  /** Requests one page load may make (the document included); the rest are refused. */
  maxRequestsPerPage: number;
  javaPath: string;
};

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Screenshots are JPEG data: URLs of at most this many bytes (before base64). */
export const SCREENSHOT_MAX_BYTES = 60 * 1024;
/** The Nu checker reads documents up to this size. */
const HTML_MAX_BYTES = 2 * 1024 ** 2;
const DESKTOP = { width: 1280, height: 800 };
/**
 * The JavaScript heap of one renderer, in MB: a page that allocates objects without end runs out of
 * it and its renderer stops, long before the process tree reaches the 1 GB cap (two renderers at
 * most). Memory outside the heap (ArrayBuffers, images) is left to the process-tree watch.
 */
export const RENDERER_HEAP_MB = 384;
const WIDTHS = [320, 1440] as const;

/**
 * What a check answers: its outcome, or (the Nu checker's, which needs no browser once it has the
 * HTML) an outcome still coming, so the next check's page loads while Java works.
 */
export type Answer = CheckOutcome | { later: Promise<CheckOutcome> };

export type Session = { run(liveUrl: string, check: PageCheck): Promise<Answer>; close(): Promise<void> };

export async function openSession(options: SessionOptions): Promise<Session> {
  const browser: Browser = await chromium.launch({
    executablePath: locateChromium().executablePath,
    // Never a `bypass` list: Playwright's own `<-loopback>` sends even localhost through the proxy.
    args: [
      ...chromeArgs,
      '--disable-extensions',
      '--mute-audio',
      '--disable-features=Translate,MediaRouter,OptimizationHints',
      '--renderer-process-limit=2',
      `--js-flags=--max-old-space-size=${RENDERER_HEAP_MB}`,
    ],
    env: { ...process.env, ...locateChromium().env },
    ...(options.proxyUrl ? { proxy: { server: options.proxyUrl } } : {}),
    timeout: 30_000,
  });
  const context = await browser.newContext({
    viewport: DESKTOP,
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
    acceptDownloads: false,
    permissions: [],
    ignoreHTTPSErrors: false,
    reducedMotion: 'reduce',
  });
  await context.routeWebSocket(/.*/, (ws) => ws.close());
  // Every check starts from an empty site: what an earlier check stored (localStorage) is cleared
  // when a new tab first opens the site, so a list left by one check does not change another's.
  await context.addInitScript(() => {
    try {
      if (sessionStorage.getItem('pathforge-check') === null) {
        localStorage.clear();
        sessionStorage.setItem('pathforge-check', '1');
      }
    } catch {
      // Storage refused (an opaque origin): nothing was kept either.
    }
  });
  const requests = new WeakMap<Page | BrowserContext, number>();
  await context.route('**/*', (route) => {
    const request = route.request();
    const target = new URL(request.url());
    // The proxy's own answers about its refusals are for the checker, never for a page.
    if (!/^https?:$/.test(target.protocol) || target.hostname === REFUSALS_HOST) return route.abort('blockedbyclient');
    // Requests outside a page (a worker's) count against the whole context.
    let page: Page | BrowserContext = context;
    try {
      page = request.frame().page();
    } catch {
      // Not from a frame.
    }
    const count = (requests.get(page) ?? 0) + 1;
    requests.set(page, count);
    return count > options.maxRequestsPerPage ? route.abort('blockedbyclient') : route.continue();
  });
  // Pop-ups are closed as soon as they open: the check looks at its own page only.
  context.on('page', (page) => {
    void page.opener().then((opener) => {
      if (opener) void page.close().catch(() => {});
    });
  });
  context.setDefaultTimeout(options.stepTimeoutMs);

  /** Set once a page of this site did not load in time: later checks would only wait as long again. */
  let hung: string | null = null;

  async function run(liveUrl: string, check: PageCheck): Promise<Answer> {
    const url = pageUrl(liveUrl, check.path);
    if (hung) return outcome('error', hung, evidence({ target: url, url }));
    const page = await context.newPage();
    let crashed = false;
    page.on('crash', () => (crashed = true));
    try {
      if (check.rule === 'no-horizontal-scroll') await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      const loaded = await load(page, url, check.path);
      if ('error' in loaded) {
        // A page that did not load in time is usually busy for good: no screenshot to wait for.
        if (loaded.timedOut) hung = loaded.error;
        return outcome(
          loaded.status,
          loaded.error,
          evidence({
            target: url,
            expected: loaded.expected,
            found: loaded.found,
            url: loaded.finalUrl,
            screenshot: loaded.timedOut ? null : await screenshot(page),
          }),
        );
      }
      // Evidence names the page the browser ended on, after the site's redirects.
      const shown = page.url();
      switch (check.rule) {
        case 'dom':
          return await domCheck(page, shown, check.steps, options.stepTimeoutMs);
        case 'no-horizontal-scroll':
          return await scrollCheck(page, shown);
        case 'axe':
          return await axeCheck(page, shown, options.loadTimeoutMs);
        case 'valid-html':
          return await htmlCheck(page, shown, loaded.response, options.javaPath);
      }
    } catch (error) {
      if (crashed) return outcome('error', verificationMessages.pageCrashed(RENDERER_HEAP_MB), evidence({ target: url, url }));
      return outcome('error', `The page could not be checked (${shortError(error)}).`, evidence({ target: url, url, screenshot: await screenshot(page) }));
    } finally {
      await withTimeout(page.close(), 1000, undefined).catch(() => {});
    }
  }

  /**
   * Loads the page and makes sure it is the learner's page: the main document answered below 400,
   * whole, and not by the proxy refusing it. Otherwise says what it is, in one line: the site's own
   * doing (a status of 400 or more, a redirect to a private address, a page over the size limit) is
   * `failed`, at once; ours or the network's (a time-out, a connection that failed) is `error`.
   */
  async function load(page: Page, url: string, path: string): Promise<Loaded | NotLoaded> {
    const started = Date.now();
    // The last address the main frame was sent to (the end of the site's redirects).
    let last = url;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) last = request.url();
    });
    const refusal = () => askProxy(options.proxyUrl, last, started);
    // The main document cut by the proxy (past its size limit) can leave the page loading what it
    // got for long: the refusal is the answer as soon as the document's request fails.
    const cutShort = new Promise<NotLoaded>((resolve) => {
      page.on('requestfailed', (request) => {
        if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
        void refusal().then((refused) => {
          if (refused) resolve(notThePage(refused, path, last));
        });
      });
    });
    let response: Response | null;
    try {
      const loaded = await Promise.race([page.goto(url, { timeout: options.loadTimeoutMs, waitUntil: 'load' }), cutShort]);
      if (loaded !== null && 'error' in loaded) return loaded;
      response = loaded;
    } catch (error) {
      const refused = await refusal();
      if (refused) return notThePage(refused, path, last);
      if (error instanceof Error && error.name === 'TimeoutError')
        return { status: 'error', error: verificationMessages.timedOut(Math.round(options.loadTimeoutMs / 1000)), timedOut: true, finalUrl: last };
      const code = shortError(error);
      // The proxy refuses a tunnel to an address the guard forbids (or that did not answer).
      if (code === 'net::ERR_TUNNEL_CONNECTION_FAILED')
        return { status: 'error', error: `The page could not be loaded: its address is not allowed or did not answer (${code}).`, timedOut: false, finalUrl: last };
      return { status: 'error', error: `The page could not be loaded (${code}).`, timedOut: false, finalUrl: last };
    }
    if (response === null) return { response };
    const finalUrl = response.url();
    if (response.headers()[REFUSED_HEADER] !== undefined) {
      const refused = await refusal();
      if (refused) return notThePage(refused, path, finalUrl);
      return { status: 'error', error: `The page could not be loaded: ${trimmed(await response.text().catch(() => ''))}`, timedOut: false, finalUrl };
    }
    const status = response.status();
    if (status >= 400) {
      return {
        status: 'failed',
        error: verificationMessages.siteAnswers(status, path),
        expected: 'a status below 400',
        found: `${status}`,
        timedOut: false,
        finalUrl,
      };
    }
    // A document cut short (the proxy stops one past its size limit) is not the learner's page either.
    const cut = await withTimeout(response.finished(), 2000, null);
    if (cut) {
      const refused = await refusal();
      if (refused) return notThePage(refused, path, finalUrl);
      return { status: 'error', error: `The page could not be loaded completely (${shortError(cut)}).`, timedOut: false, finalUrl };
    }
    return { response };
  }

  return {
    run,
    async close() {
      await withTimeout(browser.close(), 5000, undefined);
    },
  };
}

type Loaded = { response: Response | null };
type NotLoaded = { status: 'failed' | 'error'; error: string; expected?: string; found?: string; timedOut: boolean; finalUrl: string };

/** Asks the guarded proxy why it refused the host of `url` since `since` (ms); null when it did not, or there is no proxy. */
function askProxy(proxyUrl: string | null, url: string, since: number): Promise<Pick<Refusal, 'kind' | 'message' | 'limitBytes'> | null> {
  if (proxyUrl === null) return Promise.resolve(null);
  let authority: string;
  try {
    const target = new URL(url);
    authority = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
  } catch {
    return Promise.resolve(null);
  }
  const proxy = new URL(proxyUrl);
  const path = `http://${REFUSALS_HOST}/?${new URLSearchParams({ authority, since: String(since) })}`;
  return new Promise((resolve) => {
    const request = http.get({ host: proxy.hostname, port: proxy.port, path, timeout: 2000 }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        try {
          resolve(answer.statusCode === 200 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Refusal) : null);
        } catch {
          resolve(null);
        }
      });
      answer.on('error', () => resolve(null));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** A refusal of the proxy, said as what it is: the site's own doing is failed, the rest couldn't check. */
function notThePage(refusal: Pick<Refusal, 'kind' | 'message' | 'limitBytes'>, path: string, finalUrl: string): NotLoaded {
  const at = { timedOut: false, finalUrl };
  switch (refusal.kind) {
    case 'private':
      return { status: 'failed', error: verificationMessages.redirectsToPrivate(path), expected: 'a public address', found: refusal.message, ...at };
    case 'too-large': {
      const limit = `${Math.round((refusal.limitBytes ?? 0) / 1024 ** 2)} MB`;
      return { status: 'failed', error: verificationMessages.tooLarge(limit), expected: `at most ${limit}`, found: `more than ${limit}`, ...at };
    }
    case 'redirects':
    case 'certificate':
    case 'https-only':
      return { status: 'failed', error: refusal.message, ...at };
    case 'timeout':
      return { status: 'error', error: refusal.message, ...at, timedOut: true };
    case 'unavailable':
    case 'websocket':
      return { status: 'error', error: refusal.message, ...at };
  }
}

/**
 * The page a check opens. Its path "/" is the live URL exactly as submitted (`…/site/index.html`
 * stays a file, never `…/index.html/`); a check's query or #route replaces the live URL's. Any
 * other path is joined to the live URL's folder: the live URL itself when it ends in "/" or names
 * no file, else the folder of the file it names (`…/site/index.html` + `/about.html` →
 * `…/site/about.html`).
 */
export function pageUrl(liveUrl: string, path: string): string {
  const url = new URL(liveUrl);
  const relative = new URL(path, 'http://relative.invalid');
  if (relative.pathname === '/') {
    if (relative.search || relative.hash) {
      url.search = relative.search;
      url.hash = relative.hash;
    }
    return url.toString();
  }
  const segments = url.pathname.split('/');
  if (/\.[a-z0-9]+$/i.test(segments.at(-1) ?? '')) segments.pop();
  url.pathname = segments.join('/').replace(/\/+$/, '') + relative.pathname;
  url.search = relative.search;
  url.hash = relative.hash;
  return url.toString();
}

function outcome(status: CheckOutcome['status'], message: string | null, evidence: Evidence): CheckOutcome {
  return { status, message, evidence };
}

function evidence(parts: Partial<Evidence>): Evidence {
  return { target: null, expected: null, found: null, screenshot: null, url: null, ...parts };
}

/** The part of an error a learner can read: Chromium's net::ERR_ code, or the first line, short. */
function shortError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /net::ERR_[A-Z_]+/.exec(text)?.[0] ?? text.split('\n')[0]!.slice(0, 120);
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)))]).finally(() => clearTimeout(timer));
}

function trimmed(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const elements = (n: number) => (n === 1 ? '1 element' : `${n} elements`);

/** Smaller and smaller pictures of a busy page, until one fits: [scale, JPEG quality]. */
const SMALLER = [
  [0.5, 50],
  [0.5, 30],
  [0.25, 30],
] as const;

/**
 * A JPEG of what the page shows now (its viewport), as a data: URL of at most SCREENSHOT_MAX_BYTES:
 * quality 50 at full size, else scaled down; null when the page cannot be drawn (a hung renderer).
 */
export async function screenshot(page: Page): Promise<string | null> {
  try {
    let jpeg = await page.screenshot({ type: 'jpeg', quality: 50, timeout: 3000 });
    for (const [scale, quality] of SMALLER) {
      if (jpeg.length <= SCREENSHOT_MAX_BYTES) break;
      jpeg = await scaledScreenshot(page, scale, quality);
    }
    return jpeg.length > 0 && jpeg.length <= SCREENSHOT_MAX_BYTES ? `data:image/jpeg;base64,${jpeg.toString('base64')}` : null;
  } catch {
    return null;
  }
}

async function scaledScreenshot(page: Page, scale: number, quality: number): Promise<Buffer> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const view = await page.evaluate(() => ({ x: scrollX, y: scrollY, width: innerWidth, height: innerHeight }));
    const shot = (await withTimeout(cdp.send('Page.captureScreenshot', { format: 'jpeg', quality, clip: { ...view, scale } }), 3000, null)) ?? { data: '' };
    return Buffer.from(shot.data, 'base64');
  } finally {
    await cdp.detach().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// dom: a scripted interaction
// ---------------------------------------------------------------------------------------------

/** `{{random}}` becomes one fresh token per check (the same in every step of it, so typed text can be expected back). */
function templated(text: string, token: string): string {
  return text.replaceAll('{{random}}', token);
}

type StepFailure = { target: string; expected: string; found: string; message: string };

async function domCheck(page: Page, url: string, steps: readonly PageStep[], stepMs: number): Promise<CheckOutcome> {
  const token = `pf${randomBytes(4).toString('hex')}`;
  for (const [index, step] of steps.entries()) {
    const failure = await runStep(page, step, token, stepMs);
    if (failure) {
      return outcome(
        'failed',
        `Step ${index + 1}: ${failure.message}`,
        evidence({ target: failure.target, expected: failure.expected, found: failure.found, screenshot: await screenshot(page), url }),
      );
    }
  }
  return outcome('passed', null, evidence({ target: url, screenshot: await screenshot(page), url }));
}

/** Polls until `done` holds or the step's time is up; answers the last state seen. */
async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function firstText(locator: Locator): Promise<string> {
  return (
    (await locator
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => '')) ?? ''
  );
}

async function runStep(page: Page, step: PageStep, token: string, ms: number): Promise<StepFailure | null> {
  if ('click' in step || 'type' in step) {
    const selector = 'click' in step ? step.click : step.type;
    const locator = page.locator(selector);
    try {
      if ('click' in step) await locator.first().click({ timeout: ms });
      else await locator.first().fill(templated(step.text, token), { timeout: ms });
      return null;
    } catch {
      const count = await locator.count();
      const expected = 'click' in step ? 'an element to click' : 'a field to type in';
      const found = count === 0 ? elements(0) : `${elements(count)}, but the first could not be ${'click' in step ? 'clicked' : 'typed in'} in ${ms / 1000} s`;
      return { target: selector, expected, found, message: `expected ${expected} matching ${selector}, found ${found}.` };
    }
  }
  if ('expect' in step) {
    const locator = page.locator(step.expect);
    const min = step.min ?? 1;
    const text = step.text === undefined ? null : templated(step.text, token);
    const each = (step.each ?? []).map((e) => ('expect' in e && e.text !== undefined ? { ...e, text: templated(e.text, token) } : e));
    const seen = await poll(
      async () => {
        const count = await locator.count();
        return {
          count,
          text: count > 0 && text !== null ? await firstText(locator) : '',
          lacking:
            count > 0 && each.length > 0
              ? await locator.evaluateAll(firstLacking, each).catch((): Lacking => ({ index: 0, expectation: 0, count: 0, text: '' }))
              : null,
        };
      },
      (s) => s.count >= min && (text === null || trimmed(s.text, 100_000).toLowerCase().includes(trimmed(text, 100_000).toLowerCase())) && s.lacking === null,
      ms,
    );
    if (seen.count < min) {
      const expected = min === 1 ? 'an element' : `at least ${min} elements`;
      return { target: step.expect, expected, found: elements(seen.count), message: `expected ${expected} matching ${step.expect}, found ${elements(seen.count)}.` };
    }
    if (text !== null && !trimmed(seen.text, 100_000).toLowerCase().includes(trimmed(text, 100_000).toLowerCase())) {
      const expected = `text containing “${text}”`;
      const found = seen.text.trim() ? `“${trimmed(seen.text)}”` : 'no text';
      return { target: step.expect, expected, found, message: `expected ${step.expect} to show ${expected}, found ${found}.` };
    }
    if (seen.lacking !== null) {
      const { index, expectation, count, text: shown } = seen.lacking;
      const inner = each[expectation]!;
      const which = `the ${ordinal(index + 1)} of ${seen.count}`;
      const target = `${step.expect} (${which}) ${'expect' in inner ? inner.expect : inner.expectNone}`;
      if ('expectNone' in inner) {
        const expected = `no element matching ${inner.expectNone}`;
        return { target, expected, found: elements(count), message: `expected each ${step.expect} to hold ${expected}; ${which} holds ${elements(count)}.` };
      }
      const innerMin = inner.min ?? 1;
      if (count < innerMin) {
        const expected = `${innerMin === 1 ? 'an element' : `at least ${innerMin} elements`} matching ${inner.expect}`;
        return { target, expected, found: elements(count), message: `expected each ${step.expect} to hold ${expected}; ${which} holds ${elements(count)}.` };
      }
      const expected = `${inner.expect} with text containing “${inner.text ?? ''}”`;
      const found = shown.trim() ? `“${trimmed(shown)}”` : 'no text';
      return { target, expected, found, message: `expected each ${step.expect} to hold ${expected}; ${which} shows ${found}.` };
    }
    return null;
  }
  const locator = page.locator(step.expectNone);
  const count = await poll(
    () => locator.count(),
    (n) => n === 0,
    ms,
  );
  return count === 0
    ? null
    : {
        target: step.expectNone,
        expected: 'no element',
        found: elements(count),
        message: `expected no element matching ${step.expectNone}, found ${elements(count)}.`,
      };
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;

type Lacking = { index: number; expectation: number; count: number; text: string };

/**
 * Runs in the page: the first matched element (of at most 100) that does not hold one of the
 * expectations, each selector read inside it, with what it holds instead; null when all hold.
 */
function firstLacking(matched: Element[], each: EachExpectation[]): Lacking | null {
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  for (const [index, element] of matched.slice(0, 100).entries()) {
    for (const [expectation, inner] of each.entries()) {
      if ('expectNone' in inner) {
        const count = element.querySelectorAll(inner.expectNone).length;
        if (count > 0) return { index, expectation, count, text: '' };
        continue;
      }
      const found = element.querySelectorAll(inner.expect);
      const first = found[0] as HTMLElement | undefined;
      const text = first ? (first.innerText ?? first.textContent ?? '') : '';
      if (found.length < (inner.min ?? 1) || (inner.text !== undefined && !flat(text).includes(flat(inner.text)))) {
        return { index, expectation, count: found.length, text };
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// no-horizontal-scroll
// ---------------------------------------------------------------------------------------------

type Width = {
  scrollWidth: number;
  innerWidth: number;
  /** The element reaching furthest past the window's right edge, clipped or not, and how far (px). */
  widest: string | null;
  right: number;
  /** The first element whose overflow is hidden or clipped while its content is wider than its box. */
  clipped: { selector: string; scrollWidth: number; clientWidth: number } | null;
};

/**
 * Every element's box at this width (up to 5000 elements), clipped content included: how wide the
 * document is, the element reaching furthest past the window's right edge (even when an ancestor's
 * `overflow: hidden` keeps the document from scrolling), and the first element with `overflow-x:
 * hidden` or `clip` whose content is wider than its box (content cut off). Not counted: what is not
 * drawn (no box, or visibility hidden), what is visually hidden on purpose (a 1 px box, `clip:
 * rect(0 0 0 0)`, as screen-reader-only text is) and text cut with an ellipsis on purpose.
 */
function measureWidth(): Width {
  const root = document.documentElement;
  const name = (element: Element) => {
    const id = element.id ? `#${CSS.escape(element.id)}` : '';
    const classes = [...element.classList]
      .slice(0, 2)
      .map((c) => `.${CSS.escape(c)}`)
      .join('');
    return `${element.tagName.toLowerCase()}${id}${id ? '' : classes}`;
  };
  const result: Width = { scrollWidth: root.scrollWidth, innerWidth, widest: null, right: innerWidth, clipped: null };
  const hiddenOnPurpose = (box: DOMRect, style: CSSStyleDeclaration) =>
    box.width <= 1 || box.height <= 1 || style.visibility !== 'visible' || /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(style.clip);
  const clips = (element: Element, style: CSSStyleDeclaration) =>
    (style.overflowX === 'hidden' || style.overflowX === 'clip') && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1;
  const all = [root, ...(document.body ? [document.body, ...document.body.querySelectorAll('*')] : [])];
  let widest: Element | null = null;
  for (const element of all.slice(0, 5000)) {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if (hiddenOnPurpose(box, style)) continue;
    if (element !== root && element !== document.body && box.right > result.right + 0.5) {
      result.right = box.right;
      widest = element;
    }
    // The root and the body clip for the window: their content wider than it is cut off too.
    if (result.clipped === null && clips(element, style)) {
      result.clipped = { selector: name(element), scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
    }
  }
  if (widest) result.widest = name(widest);
  result.right = Math.round(result.right);
  return result;
}

async function scrollCheck(page: Page, url: string): Promise<CheckOutcome> {
  await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => {});
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
    }
    const measured = await page.evaluate(measureWidth);
    const expected = `no wider than ${width} px`;
    const failed = async (message: string, target: string, found: string) =>
      outcome('failed', message, evidence({ target, expected, found, screenshot: await screenshot(page), url }));
    if (measured.scrollWidth > measured.innerWidth) {
      return failed(
        `At ${width} px wide the page scrolls sideways: it is ${measured.scrollWidth} px wide${measured.widest ? ` (${measured.widest} reaches furthest)` : ''}.`,
        measured.widest ?? 'html',
        `${measured.scrollWidth} px wide at ${width} px`,
      );
    }
    if (measured.widest) {
      return failed(
        `At ${width} px wide ${measured.widest} reaches ${measured.right} px, past the window's right edge: what lies beyond it is cut off.`,
        measured.widest,
        `reaches ${measured.right} px at ${width} px`,
      );
    }
    if (measured.clipped) {
      const { selector, scrollWidth, clientWidth } = measured.clipped;
      return failed(
        `At ${width} px wide the content of ${selector} is cut off: it is ${scrollWidth} px wide in a box of ${clientWidth} px.`,
        selector,
        `${scrollWidth} px of content in ${clientWidth} px at ${width} px`,
      );
    }
  }
  // The learner sees the phone width, where sideways scrolling usually shows first.
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  return outcome('passed', null, evidence({ target: url, expected: `no wider than ${WIDTHS.join(' and ')} px`, screenshot: await screenshot(page), url }));
}

// ---------------------------------------------------------------------------------------------
// axe
// ---------------------------------------------------------------------------------------------

type Violation = { id: string; impact: string; count: number; target: string };

async function axeCheck(page: Page, url: string, timeoutMs: number): Promise<CheckOutcome> {
  await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => {});
  // Evaluated through the debugging protocol, so the page's Content-Security-Policy does not stop it.
  await page.evaluate(axeSource);
  const run = page.evaluate(async () => {
    type AxeNode = { target: unknown[] };
    type AxeResult = { violations: { id: string; impact?: string | null; nodes: AxeNode[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', count: v.nodes.length, target: v.nodes[0] ? v.nodes[0].target.map(String).join(' ') : '' }));
  });
  // Critical problems first: the evidence names the worst one.
  const violations =
    (await withTimeout<Violation[] | null>(run, timeoutMs, null))?.sort((a, b) => Number(b.impact === 'critical') - Number(a.impact === 'critical')) ?? null;
  if (violations === null) {
    return outcome('error', 'The accessibility check did not finish in time.', evidence({ target: url, screenshot: await screenshot(page), url }));
  }
  if (violations.length === 0)
    return outcome('passed', null, evidence({ target: url, expected: 'no serious or critical accessibility problem', screenshot: await screenshot(page), url }));
  const found = violations.map((v) => `${v.id} (${v.count})`).join(', ');
  const total = violations.reduce((sum, v) => sum + v.count, 0);
  return outcome(
    'failed',
    `axe found ${total} serious accessibility problem${total === 1 ? '' : 's'}: ${found}. The first is at ${violations[0]!.target}.`,
    evidence({ target: violations[0]!.target, expected: 'no serious or critical accessibility problem', found, screenshot: await screenshot(page), url }),
  );
}

// ---------------------------------------------------------------------------------------------
// valid-html
// ---------------------------------------------------------------------------------------------

async function htmlCheck(page: Page, url: string, response: Response | null, javaPath: string): Promise<Answer> {
  const shot = await screenshot(page);
  const body = response ? await response.body().catch(() => null) : null;
  if (body === null) return outcome('error', 'The HTML the server sent could not be read.', evidence({ target: url, screenshot: shot, url }));
  if (body.length > HTML_MAX_BYTES) {
    return outcome(
      'error',
      `The HTML is larger than ${HTML_MAX_BYTES / 1024 ** 2} MB: too large to check.`,
      evidence({ target: url, found: `${body.length} bytes`, screenshot: shot, url }),
    );
  }
  const later = checkHtml(body.toString('utf8'), { javaPath, timeoutMs: 30_000 })
    .catch((error: unknown) => ({ ok: false as const, reason: shortError(error) }))
    .then((result) => htmlOutcome(result, url, shot));
  return { later };
}

function htmlOutcome(result: NuResult, url: string, shot: string | null): CheckOutcome {
  if (!result.ok) return outcome('error', `The HTML could not be checked: ${result.reason}.`, evidence({ target: url, screenshot: shot, url }));
  const expected = 'no error from the Nu Html Checker';
  if (result.errors.length === 0) return outcome('passed', null, evidence({ target: url, expected, screenshot: shot, url }));
  const first = result.errors[0]!;
  const where = first.line === null ? '' : ` on line ${first.line}`;
  const count = result.errors.length === 1 ? '1 error' : `${result.errors.length} errors`;
  return outcome(
    'failed',
    `The HTML has ${count}; the first${where}: ${first.message}`,
    evidence({
      target: first.line === null ? url : `line ${first.line}`,
      expected,
      found: first.extract ? `${first.message} Near “${first.extract}”.` : first.message,
      screenshot: shot,
      url,
    }),
  );
}
