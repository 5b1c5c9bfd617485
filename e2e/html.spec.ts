import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { RouteObject } from 'react-router-dom';
import { routes } from '../src/app/router';
import { RequireSession } from '../src/app/guards';
import { E2E_API, E2E_HTML_DIR, E2E_WEB } from '../playwright.config';
import { createSession, seedSession } from './support';

/**
 * Every page is valid HTML. These are the documents the Nu Html Checker reads (scripts/check-html.mjs,
 * run by `npm test` after this spec). This spec only writes them, one file each, into test-results/html/
 * (a second run's into its own folder, playwright.config.ts: E2E_RUN):
 *  - served/: the HTML the web server answers for every page rendered at build time (the pages
 *    whose answer carries `data-prerendered`), byte for byte;
 *  - rendered/: the DOM (`document.documentElement.outerHTML`) of every screen of the route table,
 *    once the screen has loaded its data, signed in behind RequireSession and signed out elsewhere;
 *    and the route table's error screen.
 * The routes come from src/app/router.tsx itself: a new route is checked without editing this file.
 */
export const HTML_DIR = E2E_HTML_DIR;

type Leaf = { path: string; signedIn: boolean };

/** Every route that shows a screen of its own: its full path, and whether it needs a session. Redirects (`index` with `<Navigate>`) are left out. */
function leaves(list: RouteObject[], parent = '', signedIn = false): Leaf[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const guarded = signedIn || (route.element as { type?: unknown } | undefined)?.type === RequireSession;
    if (route.children) return leaves(route.children, path, guarded);
    if (route.index || route.path === undefined) return [];
    return [{ path, signedIn: guarded }];
  });
}

/** '/' → public-root.html, '/app/paths/:pathId' → app-paths-pathId.html, '/*' → public-not-found.html. */
const fileName = (leaf: Leaf) =>
  `${leaf.signedIn ? 'signed-in' : 'public'}-${leaf.path.replace('*', 'not-found').replace(/[/:]+/g, '-').replace(/^-|-$/g, '') || 'root'}.html`;

async function write(folder: 'served' | 'rendered', name: string, html: string) {
  mkdirSync(join(HTML_DIR, folder), { recursive: true });
  writeFileSync(join(HTML_DIR, folder, name), html);
}

/** The page once its screen has drawn its data: no request in flight, its h1 shown, no skeleton left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.chakra-skeleton, [aria-busy="true"]')).toHaveCount(0);
}

const dom = (page: Page) => page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);

const all = leaves(routes);

test.describe('the documents the HTML checker reads', () => {
  test.beforeAll(() => rmSync(HTML_DIR, { recursive: true, force: true }));

  test('the route table yields the public and the signed-in screens', () => {
    // A walk that found nothing would check nothing and pass.
    expect(all.filter((l) => !l.signedIn).length).toBeGreaterThan(2);
    expect(all.filter((l) => l.signedIn).length).toBeGreaterThan(2);
  });

  test('every prerendered page as served, and every public screen as rendered', async ({ page, request }) => {
    let prerendered = 0;
    for (const leaf of all.filter((l) => !l.signedIn)) {
      const url = leaf.path.replace('*', 'no-such-page');
      const served = await request.get(url);
      expect(served.status(), url).toBeLessThan(500);
      const html = await served.text();
      if (html.includes('data-prerendered=')) {
        prerendered += 1;
        await write('served', fileName(leaf), html);
      }
      await page.goto(url);
      await settled(page);
      await write('rendered', fileName(leaf), await dom(page));
    }
    expect(prerendered, 'pages answered with their prerendered HTML').toBeGreaterThan(0);
  });

  test('every signed-in screen as rendered, for a learner with a project under way', async ({ page, request }) => {
    const session = await createSession(request, 'html');
    const headers = { Authorization: `Bearer ${session.token}`, Origin: E2E_WEB };
    // A project started and a task ticked: the screens show progress, XP and a streak, not only empty states.
    const { paths } = (await (await request.get(`${E2E_API}/learning/paths`, { headers })).json()) as { paths: { slug: string }[] };
    const pathSlug = paths[0]?.slug ?? '';
    const { path } = (await (await request.get(`${E2E_API}/learning/paths/${pathSlug}`, { headers })).json()) as {
      path: { sections: { projects: { id: string; slug: string }[] }[] };
    };
    const project = path.sections[0]?.projects[0];
    if (!project) throw new Error(`the path ${pathSlug} has no project`);
    expect((await request.post(`${E2E_API}/learning/projects/${project.id}/start`, { headers, data: {} })).status()).toBe(200);
    const { project: started } = (await (await request.get(`${E2E_API}/learning/projects/${project.slug}`, { headers })).json()) as {
      project: { tasks: { id: string }[] };
    };
    expect((await request.put(`${E2E_API}/learning/tasks/${started.tasks[0]?.id}`, { headers })).status()).toBeLessThan(300);

    const params: Record<string, string> = { ':pathId': pathSlug, ':projectId': project.slug, '*': 'no-such-page' };
    await seedSession(page, session);
    for (const leaf of all.filter((l) => l.signedIn)) {
      const url = leaf.path.replace(/:\w+|\*/g, (param) => {
        const value = params[param];
        if (value === undefined) throw new Error(`no value for ${param} in ${leaf.path}: add one to this spec`);
        return value;
      });
      await page.goto(url);
      await expect(page).toHaveURL(url);
      await settled(page);
      await write('rendered', fileName(leaf), await dom(page));
    }
  });

  test('the error screen, when a screen cannot load', async ({ page, request }) => {
    await seedSession(page, await createSession(request, 'html-error'));
    // The dashboard's code cannot be fetched: the route table's error element shows instead.
    await page.route(/\/assets\/dashboard\.route-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/app/dashboard');
    await settled(page);
    await expect(
      page
        .getByRole('button', { name: /try again|reload/i })
        .or(page.getByRole('link', { name: 'Return Home' }))
        .first(),
    ).toBeVisible();
    await write('rendered', 'error-screen.html', await dom(page));
  });
});
