import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes, type RouteObject } from 'react-router-dom';
import { PAGE_META, SITE_NAME, type PageMeta } from './pageMeta';
import { APP_AREA, pages, type PageName } from './pages';
import { routes, type RouteHandle } from './router';

/** Every route of the table that shows a component of its own (a lazy module, no children), with its whole path pattern. */
function leaves(list: RouteObject[], parent = ''): { pattern: string; route: RouteObject; handle: RouteHandle }[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.lazy && !route.children ? [{ pattern: path, route, handle: route.handle as RouteHandle }] : [];
    return [...own, ...leaves(route.children ?? [], path)];
  });
}

const table = leaves(routes);
const names = Object.keys(pages) as PageName[];
/** The page the router shows at an address (the deepest match that is a page). */
const pageAt = (href: string) =>
  (matchRoutes(routes, href.split('?')[0] ?? href) ?? []).map(({ route }) => (route.handle as RouteHandle | undefined)?.page).findLast(Boolean);
/** A link built with every parameter of its path (and its query, if it takes one) filled in: 'x1', 'x2'… */
function sampleHref(name: PageName): string {
  const { path, href } = pages[name];
  const count = Math.max(href.length, path.match(/:\w+/g)?.length ?? 0);
  return (href as (...args: string[]) => string)(...Array.from({ length: count }, (_, i) => `x${i + 1}`));
}

describe('the page registry and the route table', () => {
  it('finds the pages of the route table', () => {
    expect(table.length).toBeGreaterThanOrEqual(19);
  });

  it.each(table)('$pattern is a page of the registry, at its path', ({ pattern, handle }) => {
    expect(handle.page, `${pattern} has no entry in src/app/pages.ts`).toBeDefined();
    const { path } = pages[handle.page as PageName];
    // The not-found page (`*`) also answers any other address under a prefix (/app/*, inside the app's shell).
    expect(pattern === path || (path === '*' && pattern.endsWith('/*'))).toBe(true);
  });

  it.each(table)('$pattern names the module it loads (the build prerenders and preloads by it)', ({ handle }) => {
    expect(existsSync(resolve(import.meta.dirname, '../..', `.${handle.module}`)), handle.module).toBe(true);
  });

  it('every page of the registry has a route', () => {
    const routed = new Set(table.map(({ handle }) => handle.page));
    expect(names.filter((name) => !routed.has(name))).toEqual([]);
  });

  it('the router shows each page at the address its link builder gives', () => {
    for (const name of names) {
      const href = sampleHref(name);
      expect(/:|undefined/.test(href), `${name}: ${href} still has a parameter`).toBe(false);
      if (name !== 'notFound') expect(matchPath(pages[name].path, href.split('?')[0] ?? href), `${name}: ${href}`).not.toBeNull();
      expect(pageAt(name === 'notFound' ? '/no-such-page' : href), href).toBe(name);
    }
    expect(pages.project.href('frontend-development', 'personal-portfolio')).toBe('/app/paths/frontend-development/projects/personal-portfolio');
    expect(pages.pathDetail.href('frontend-development')).toBe('/app/paths/frontend-development');
    expect(pages.leaderboard.href('week')).toBe('/app/leaderboard?period=week');
    expect(pages.leaderboard.href()).toBe('/app/leaderboard');
    expect(pages.unsubscribe.href('a1b2')).toBe('/unsubscribe/a1b2');
    expect(pages.settings.href()).toBe('/app/settings');
  });

  it('the prerendered pages are the public pages marked in the registry', () => {
    const marked = table.filter(({ handle }) => handle.prerender).map(({ handle }) => handle.page);
    expect(marked).toEqual(['landing', 'login', 'register', 'forgotPassword']);
    for (const name of marked) expect(pages[name as PageName].path.startsWith(APP_AREA)).toBe(false);
  });
});

describe('each page its own title and description', () => {
  it.each(table)('$pattern carries its entry of PAGE_META once its module has loaded', async ({ route, handle }) => {
    await (route.lazy as () => Promise<unknown>)();
    expect(handle.meta).toBe(PAGE_META[handle.page as PageName]);
  });

  it('titles are distinct, name PathForge and end with it (but the landing page’s); descriptions are distinct', () => {
    const metas = Object.entries(PAGE_META);
    for (const [name, meta] of metas) {
      if (name === 'landing') expect(meta.title.startsWith(`${SITE_NAME}: `)).toBe(true);
      else expect(meta.title).toMatch(new RegExp(`^\\S.* · ${SITE_NAME}$`));
      expect(meta.description.length).toBeGreaterThan(20);
    }
    expect(new Set(metas.map(([, meta]) => meta.title)).size).toBe(metas.length);
    expect(new Set(metas.map(([, meta]) => meta.description)).size).toBe(metas.length);
  });
});

describe('the sidebar entries of the registry', () => {
  const entries = (Object.entries(PAGE_META) as [PageName, PageMeta][]).flatMap(([name, { sidebar }]) => (sidebar ? [{ name, ...sidebar }] : []));

  it('are Dashboard, Paths, XP & Badges and Settings, in that order', () => {
    expect(entries.toSorted((a, b) => a.order - b.order).map(({ label }) => label)).toEqual(['Dashboard', 'Paths', 'XP & Badges', 'Settings']);
    expect(new Set(entries.map(({ order }) => order)).size).toBe(entries.length);
  });

  it('each leads to a page of the route table in the signed-in area, by a link without parameters', () => {
    for (const { name, alsoOn = [] } of entries) {
      const href = (pages[name].href as () => string)();
      expect(href, name).toBe(pages[name].path);
      expect(pageAt(href), `${name}: ${href} is not a page of the route table`).toBe(name);
      expect(href.startsWith(`${APP_AREA}/`), href).toBe(true);
      // The pages it is also the current entry on are pages too, without an entry of their own.
      for (const other of alsoOn) {
        expect(pageAt(sampleHref(other)), `${name} is also current on ${other}, which is not routed`).toBe(other);
        expect(entries.some((entry) => entry.name === other)).toBe(false);
      }
    }
  });
});
