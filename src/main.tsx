import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { PRERENDERED, ROOT_ID } from './delivery/constants';
import { TakeOver } from './delivery/hydration';
import { routes } from './app/router';
import { usePreferences } from './stores/preferences';
import { applyColorMode } from './theme/colorMode';

// The learner's colour mode applies before the first paint and follows every change.
applyColorMode(usePreferences.getState().colorMode);
usePreferences.subscribe((state) => applyColorMode(state.colorMode));

// index.html and every prerendered page have it.
const container = document.getElementById(ROOT_ID) as HTMLElement;
const router = createBrowserRouter(routes);

function start(hydrate: boolean) {
  const app = (
    <App>
      <RouterProvider router={router} />
      {/* Also after a fresh render (when a prerendered page's modules failed to load): the boot script stops keeping clicks. */}
      <TakeOver container={container} />
    </App>
  );
  // A transition lets React render in slices and yield to the browser between them, so a tap or
  // a scroll during start-up is answered at once instead of after the whole first render.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

// A page prerendered at build time (src/delivery/prerender.tsx) is already on screen: hydrate it once the
// router has loaded its route modules, so that its first render is that page, not the loading
// fallback. If they cannot load, the app renders afresh and the router shows its error page.
const path = location.pathname.replace(/\/+$/, '') || '/';
if (container.getAttribute(PRERENDERED) !== path || router.state.initialized) start(false);
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start(!state.errors);
  });
}
