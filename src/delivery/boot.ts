/**
 * The only script a prerendered page loads at first (scripts/vite/prerender.ts writes its <script>,
 * whose `data-app` lists the app's entry and the page's chunks). It starts the app on the first click
 * or key press, or once the browser is idle after the load and the first paint, so the first paint and
 * the first seconds cost no long task. Until the app has taken the page over (./hydration.ts), a click on a
 * button (also Enter in a field, which clicks the submit button) is kept for the app to click again,
 * and no form is submitted natively (it would put a password in the URL); after that, a click on a
 * button of a part still waiting to hydrate (./deferred.tsx). Links need no app.
 *
 * It imports nothing but ./constants.ts, of which the build gives it a copy of its own: it must
 * never load the app's entry chunk (scripts/vite/prerender.ts fails the build if it does).
 */
import { APP_CHUNKS, DEFERRED, EARLY, INTERACTION_EVENTS, PRESS_EVENTS, type EarlyClicks } from './constants';

const early: EarlyClicks = {
  clicks: [],
  started: false,
  interaction: new Promise((resolve) => {
    for (const type of INTERACTION_EVENTS) window.addEventListener(type, () => resolve(), { capture: true, passive: true, once: true });
  }),
};
window[EARLY] = early;

const script = document.querySelector<HTMLScriptElement>(`script[${APP_CHUNKS}]`);
const [entry, ...chunks] = (script?.getAttribute(APP_CHUNKS) ?? '').split(' ');

let requested = false;
function start() {
  if (requested) return;
  requested = true;
  const add = (tag: string, props: object) => document.head.append(Object.assign(document.createElement(tag), props));
  for (const href of chunks) add('link', { rel: 'modulepreload', href });
  add('script', { type: 'module', src: entry });
}

document.addEventListener(
  'click',
  (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // After the start, a button of a part still waiting to hydrate (./keptClicks.ts).
    if (!button || (early.started && !button.closest(`[${DEFERRED}]`))) return;
    // Kept for the app, which must be the only one to act on it (React's own listener is below).
    event.preventDefault();
    event.stopPropagation();
    early.clicks.push(button);
    start();
  },
  true,
);
document.addEventListener('submit', (event) => event.preventDefault(), true);
for (const type of PRESS_EVENTS) document.addEventListener(type, start, { capture: true, once: true });

// Idle after the load (a module script runs before it) and after the page's first contentful paint: the visitor
// is reading; starting costs nothing they notice. The load event can come before that paint (seen in headless
// Chromium; the first frames after the load can be blank while the font's short block period hides the text),
// and the app's requests then competed with it (Lighthouse counted the app's download in the page's LCP). Where
// the browser does not report paint timing, a timer set in an animation frame (it runs once that frame is
// painted) stands in for it.
const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(start) : setTimeout(start));
function afterFirstContentfulPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}
window.addEventListener('load', () => afterFirstContentfulPaint(idle), { once: true });
