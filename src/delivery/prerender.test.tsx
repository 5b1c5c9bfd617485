import { describe, expect, it } from 'vitest';
import { pages } from './prerender';
import { routes } from '../app/router';

describe('the prerendered pages, from the route table', () => {
  it('are the routes marked prerender, each with the modules of the routes it goes through', () => {
    expect(pages()).toEqual([
      { path: '/', modules: ['/src/routes/landing.route.tsx'] },
      { path: '/login', modules: ['/src/routes/data.layout.tsx', '/src/routes/login.route.tsx'] },
      { path: '/register', modules: ['/src/routes/data.layout.tsx', '/src/routes/register.route.tsx'] },
      { path: '/forgotPassword', modules: ['/src/routes/data.layout.tsx', '/src/routes/forgotPassword.route.tsx'] },
    ]);
  });

  it('every lazy route of the table loads its component', async () => {
    const lazy: (() => Promise<{ Component?: unknown }>)[] = [];
    const walk = (list: typeof routes) =>
      list.forEach((route) => {
        if (typeof route.lazy === 'function') lazy.push(route.lazy as () => Promise<{ Component?: unknown }>);
        walk(route.children ?? []);
      });
    walk(routes);
    expect(lazy.length).toBeGreaterThan(15);
    for (const load of lazy) expect(typeof (await load()).Component).toBe('function');
  });
});
