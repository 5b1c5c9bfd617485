import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { PAGE_META, SITE_NAME } from './pageMeta';
import { routes, type RouteHandle } from './router';

/** Every route of the table that shows a page (a lazy component), with its whole path pattern. */
function pages(list: RouteObject[], parent = ''): { pattern: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.path !== undefined && route.lazy && !route.children ? [{ pattern: path, route }] : [];
    return [...own, ...pages(route.children ?? [], path)];
  });
}

describe('each page its own title and description', () => {
  const table = pages(routes);

  it('finds the pages of the route table', () => {
    expect(table.length).toBeGreaterThanOrEqual(15);
  });

  it.each(table)('$pattern carries its own entry of PAGE_META', async ({ pattern, route }) => {
    await (route.lazy as () => Promise<unknown>)();
    // A "not found" page under any prefix is the one `*` entry.
    const key = pattern.endsWith('*') ? '*' : pattern;
    expect((route.handle as RouteHandle).meta).toBe(PAGE_META[key as keyof typeof PAGE_META]);
  });

  it('every entry of PAGE_META is a page of the route table', () => {
    const patterns = new Set(table.map(({ pattern }) => (pattern.endsWith('*') ? '*' : pattern)));
    expect(Object.keys(PAGE_META).filter((key) => !patterns.has(key))).toEqual([]);
  });

  it('titles are distinct, name PathForge and end with it (but the landing page’s); descriptions are distinct', () => {
    const metas = Object.entries(PAGE_META);
    for (const [path, meta] of metas) {
      if (path === '/') expect(meta.title.startsWith(`${SITE_NAME}: `)).toBe(true);
      else expect(meta.title).toMatch(new RegExp(`^\\S.* · ${SITE_NAME}$`));
      expect(meta.description.length).toBeGreaterThan(20);
    }
    expect(new Set(metas.map(([, meta]) => meta.title)).size).toBe(metas.length);
    expect(new Set(metas.map(([, meta]) => meta.description)).size).toBe(metas.length);
  });
});
