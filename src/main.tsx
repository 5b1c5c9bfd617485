import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { resolveLazyRoutes, TakeOver } from './routes/hydration';
import { routes } from './routes/router';
import { usePreferences } from './stores/preferences';
import { applyColorMode } from './theme/colorMode';

// The learner's colour mode applies before the first paint and follows every change.
applyColorMode(usePreferences.getState().colorMode);
usePreferences.subscribe((state) => applyColorMode(state.colorMode));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page prerendered at build time (src/prerender.tsx) is already on screen: hydrate it. Its
// route modules load first, so the router's first render is that page, not the loading fallback.
// If they cannot load, the app renders afresh and the router shows its own error page.
const path = location.pathname.replace(/\/+$/, '') || '/';
const prerendered = root.dataset.prerendered === path;

function start(container: HTMLElement, hydrate: boolean) {
  const router = createBrowserRouter(routes);
  const app = (
    <App>
      <RouterProvider router={router} />
      {hydrate && <TakeOver container={container} />}
    </App>
  );
  // A transition lets React render in slices and yield to the browser between them, so a tap or
  // a scroll during start-up is answered at once instead of after the whole first render.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

// (No top-level await: it would make the bundler split the entry into many small chunks.)
if (prerendered) {
  void resolveLazyRoutes(routes, path).then(
    () => start(root, true),
    () => start(root, false),
  );
} else start(root, false);
