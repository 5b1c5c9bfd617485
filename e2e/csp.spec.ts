import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { RouteObject } from 'react-router-dom';
import { E2E_API } from '../playwright.config';
import { PAGE_META, titled } from '../src/app/pageMeta';
import { routes } from '../src/app/router';
import { createSession, seedSession } from './support';

/*
 * The web server's Content-Security-Policy (built by scripts/vite/csp.ts, sent by scripts/serve.mjs)
 * holds on every page of the app, signed out and signed in, and stops an injected script.
 */

/** Every address of the route table (parameters still in them), from the table itself. */
function routePatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.path !== undefined || route.index ? [path || '/'] : [];
    return [...own, ...routePatterns(route.children ?? [], path)];
  });
}
const patterns = [...new Set(routePatterns(routes))];

type Api = { paths: { slug: string; title: string }[] };
type PathDetail = { path: { slug: string; title: string; sections: { projects: { slug: string; title: string }[] }[] } };

/** Real addresses for the patterns: the first path and its first project, and an unknown page for `*`. */
async function addresses(token: string, request: APIRequestContext) {
  const auth = { Authorization: `Bearer ${token}` };
  const { paths } = (await (await request.get(`${E2E_API}/learning/paths`, { headers: auth })).json()) as Api;
  const { path } = (await (await request.get(`${E2E_API}/learning/paths/${paths[0]!.slug}`, { headers: auth })).json()) as PathDetail;
  const project = path.sections[0]!.projects[0]!;
  const urls = patterns.map((pattern) => pattern.replace(':pathId', path.slug).replace(':projectId', project.slug).replace('*', 'no-such-page'));
  return { urls, path, project };
}

/** Collects CSP violations, reported as events in the page and as console messages. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Opens `url` and waits until the app has rendered a page and gone quiet. */
async function visit(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return response;
}

test('the served pages carry the policy: script hashes, the API origin, no framing', async ({ request }) => {
  for (const url of ['/', '/login', '/app/dashboard', '/assets/no-such-file.js']) {
    const headers = (await request.get(url)).headers();
    const policy = headers['content-security-policy'] ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src'), url).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
    expect(directive('connect-src'), url).toBe(`connect-src ${new URL(E2E_API).origin}`);
    for (const rule of ["frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'"]) expect(policy, url).toContain(rule);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
  }
});

test('every route, signed out and signed in, without a single CSP violation', async ({ page, request }) => {
  test.setTimeout(180_000);
  const session = await createSession(request, 'csp');
  const { urls, path, project } = await addresses(session.token, request);
  const violations = await watchViolations(page);
  let visited = 0;
  const signedOut = new Map<string, string>();
  for (const url of urls) {
    await visit(page, url);
    visited += 1;
    signedOut.set(new URL(page.url()).pathname, await page.title());
  }
  // Signed in: every page has its own title, from the route table or from its data.
  await seedSession(page, session);
  const titles = new Map<string, string>();
  for (const url of urls) {
    await visit(page, url);
    visited += 1;
    titles.set(new URL(page.url()).pathname, await page.title());
  }
  expect(violations).toEqual([]);
  console.log(`CSP: ${visited} visits (${urls.length} routes signed out, ${urls.length} signed in), 0 violations`);

  expect(titles.get('/app/dashboard')).toBe(PAGE_META['/app/dashboard'].title);
  expect(titles.get('/app/settings')).toBe('Settings · PathForge');
  expect(titles.get(`/app/paths/${path.slug}`)).toBe(titled(path.title));
  expect(titles.get(`/app/paths/${path.slug}/projects/${project.slug}`)).toBe(titled(project.title));
  expect(titles.get('/app/no-such-page')).toBe('Page not found · PathForge');
  expect(signedOut.get('/login')).toBe('Sign in · PathForge');
  expect(signedOut.get('/no-such-page')).toBe('Page not found · PathForge');
  // Every page but the two "not found" ones has a title of its own (signed in, /login and
  // /register lead to the dashboard).
  const found = [...titles].filter(([pathname]) => !pathname.endsWith('/no-such-page'));
  expect(new Set(found.map(([, title]) => title)).size).toBe(found.length);
});

test('an injected script does not run: inline, as an attribute handler, or through eval', async ({ page }) => {
  const violations = await watchViolations(page);
  await visit(page, '/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as { injected?: string[] };
    const reported: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => reported.push(event.violatedDirective));
    const script = document.createElement('script');
    script.textContent = "(window.injected ??= []).push('inline')";
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = `<img src="/favicon.svg" onload="(window.injected ??= []).push('handler')">`;
    document.body.append(holder);
    // Later, from a timer: code evaluated by the test driver itself may always use eval.
    const evalRan = await new Promise<boolean>((resolve) =>
      setTimeout(() => {
        try {
          resolve((0, eval)('true') as boolean);
        } catch {
          resolve(false); // EvalError: refused by the policy.
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { ran: w.injected ?? [], evalRan, reported };
  });
  expect(outcome.ran).toEqual([]);
  expect(outcome.evalRan).toBe(false);
  expect(outcome.reported).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr', 'script-src']));
  expect(violations.length).toBeGreaterThanOrEqual(3);
});
