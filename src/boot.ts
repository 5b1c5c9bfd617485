/**
 * The only script a prerendered page (scripts/vite/prerender.ts) loads at first: it is small, and
 * it starts the app (main.tsx) later, so the first paint and the first seconds cost no long task.
 * Its <script> element names the app's entry and the chunks to fetch beside it (`data-app`, space
 * separated, entry first). It imports nothing: the build keeps it a file of its own.
 *
 * Until the app has taken the page over (src/routes/hydration.ts):
 *  - every click on a button (FAQ, menu, password eye, Continue with Google, a submit button, also
 *    Enter in a field, which clicks the form's submit button) is kept, and its default action
 *    cancelled; the app clicks them again, in order, once it runs. Links need no app: they work;
 *  - a form is never submitted natively: it would put what was typed (a password too) in the URL;
 *  - the first such click or key press starts the app at once; otherwise it starts when the
 *    browser is idle after the load.
 */

export type EarlyClicks = {
  /** The buttons clicked before the app took the page over, in order. */
  clicks: HTMLElement[];
  /** Set by the app when it takes the page over: from then on nothing is kept. */
  started: boolean;
};

declare global {
  interface Window {
    pathforgeEarly?: EarlyClicks;
  }
}

const early: EarlyClicks = { clicks: [], started: false };
window.pathforgeEarly = early;

const script = document.querySelector<HTMLScriptElement>('script[data-app]');
const [entry, ...chunks] = (script?.dataset.app ?? '').split(' ').filter(Boolean);

let requested = false;
function start() {
  if (requested || !entry) return;
  requested = true;
  for (const href of chunks) {
    const link = document.createElement('link');
    Object.assign(link, { rel: 'modulepreload', crossOrigin: '', href });
    document.head.append(link);
  }
  const app = document.createElement('script');
  Object.assign(app, { type: 'module', crossOrigin: '', src: entry });
  document.head.append(app);
}

document.addEventListener(
  'click',
  (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (early.started || !button) return;
    // Kept for the app, which must be the only one to act on it (React's own listener is below).
    event.preventDefault();
    event.stopPropagation();
    early.clicks.push(button);
    start();
  },
  true,
);
document.addEventListener('submit', (event) => event.preventDefault(), true);
for (const type of ['pointerdown', 'keydown'] as const) document.addEventListener(type, start, { capture: true, once: true });

// Idle after the load: the visitor is reading; starting now costs nothing they notice.
const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start) : setTimeout(start));
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
