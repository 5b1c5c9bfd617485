import { expect, test, type Page } from '@playwright/test';
import { E2E_WEB } from '../playwright.config';
import { SHARE_IMAGE } from '../scripts/vite/head';
import { PAGE_META } from '../src/app/pageMeta';
import { createSession, seedSession } from './support';

/*
 * Each page's head (src/app/pageMeta.ts): in the HTML as served for the prerendered pages
 * (scripts/vite/head.ts), kept by the app on every route (src/app/RouteMeta.tsx), and each
 * route change announced to screen readers.
 */

const attribute = (html: string, pattern: string) => new RegExp(`<${pattern} content="([^"]*)"`).exec(html)?.[1];

test('the prerendered pages are served with their own title, description, canonical link and share tags', async ({ request }) => {
  const prerendered: string[] = [];
  for (const [path, meta] of Object.entries(PAGE_META)) {
    if (/[:*]/.test(path)) continue;
    const html = await (await request.get(path)).text();
    if (!html.includes('data-prerendered=')) continue;
    prerendered.push(path);
    const url = new URL(path, E2E_WEB).href;
    expect(html, path).toContain(`<title>${meta.title.replace('&', '&amp;')}</title>`);
    expect(attribute(html, 'meta name="description"'), path).toBe(meta.description);
    expect(html, path).toContain(`<link rel="canonical" href="${url}" />`);
    expect(attribute(html, 'meta property="og:title"'), path).toBe(meta.title);
    expect(attribute(html, 'meta property="og:url"'), path).toBe(url);
    expect(attribute(html, 'meta name="twitter:card"'), path).toBe('summary_large_image');
    expect(attribute(html, 'meta property="og:image"'), path).toBe(new URL(`/${SHARE_IMAGE.target}`, E2E_WEB).href);
    expect(html.match(/<title>/g), path).toHaveLength(1);
  }
  expect(prerendered).toEqual(expect.arrayContaining(['/', '/login', '/register', '/forgotPassword']));

  // The share image is a PNG of the size the tags announce.
  const image = await request.get(`/${SHARE_IMAGE.target}`);
  expect(image.headers()['content-type']).toBe('image/png');
  const png = await image.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height]);
});

/** RouteMeta's live region: the status region beside the page in #root. */
const announcer = (page: Page) => page.locator('#root > [role="status"]');

/** Marks the document, so a test can tell a client-side navigation (mark kept) from a page load. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test('a route change is announced in a polite live region, and the title follows', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · PathForge');
  // role=status is a polite, atomic live region.
  await expect(announcer(page)).toHaveCount(1);
  // The page the browser loaded is not announced: its title is read anyway.
  await expect(announcer(page)).toHaveText('');
  await mark(page);
  await page.getByRole('main').getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL('/');
  await expect(announcer(page)).toHaveText(PAGE_META['/'].title);
  await expect(page).toHaveTitle(PAGE_META['/'].title);
  expect(await sameDocument(page)).toBe(true);

  const session = await createSession(request, 'announce');
  await seedSession(page, session);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(announcer(page)).toHaveText('');
  await mark(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(announcer(page)).toHaveText('Settings · PathForge');
  await expect(page).toHaveTitle('Settings · PathForge');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL('/app/settings', E2E_WEB).href);
  expect(await sameDocument(page)).toBe(true);
});
