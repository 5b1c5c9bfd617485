/**
 * The names the delivery of a page agrees on (README.md here): the build that writes a prerendered
 * page (scripts/vite/prerender.ts), its boot script (./boot.ts), the app's start (src/main.tsx), the
 * take-over (./hydration.ts) and the deferred parts (./deferred.tsx). One module, imported by all of
 * them, so that none spells a name of its own.
 *
 * Plain values only, no imports: the boot script gets its own copy of this module (scripts/vite/chunks.ts),
 * so it never imports the app's entry chunk, and the build (Node) reads it too.
 */

/** The element the app renders into: index.html's `<div id="root">`, which a prerendered page fills. */
export const ROOT_ID = 'root';

/** On #root of a prerendered page: the path it was rendered for. src/main.tsx hydrates it when the URL is that path. */
export const PRERENDERED = 'data-prerendered';

/** On the boot script's <script>: the app's entry, then the page's route chunks, separated by spaces. */
export const APP_CHUNKS = 'data-app';

/** The mark of a part still waiting to hydrate (./deferred.tsx); the boot script keeps clicks inside it. */
export const DEFERRED = 'data-deferred';

/** The property of `window` through which the boot script hands what it kept to the app (`EarlyClicks`). */
export const EARLY = 'pathforgeEarly';

/**
 * The visitor's first interaction (any of these, captured on `window`): a deferred part hydrates then. Not a
 * pointer's move: Chromium sends one of its own when a page loads (to update what is hovered).
 */
export const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'] as const;

/** A press of a pointer or a key: the boot script starts the app on the first; a deferred part whose module failed to load tries again on the next. */
export const PRESS_EVENTS = ['pointerdown', 'keydown'] as const;

/** What the boot script hands over (`window[EARLY]`). */
export type EarlyClicks = {
  /** The buttons clicked before the app (or their part) could answer, in order. */
  clicks: HTMLElement[];
  /** Set by the app when it takes the page over: from then on only clicks in parts waiting to hydrate are kept. */
  started: boolean;
  /** Settles on the visitor's first interaction (`INTERACTION_EVENTS`). */
  interaction: Promise<void>;
};

declare global {
  interface Window {
    [EARLY]?: EarlyClicks;
  }
}
