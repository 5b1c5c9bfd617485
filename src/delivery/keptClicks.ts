import { DEFERRED, EARLY } from './constants';

/**
 * The clicks the boot script of a prerendered page (./boot.ts) keeps for the app: on any button
 * before the app has taken the page over (./hydration.ts), and on a button of a part that
 * has not hydrated yet (`DEFERRED`, ./deferred.tsx) after that.
 */

/** True if `button` is in a part still waiting to hydrate. */
export const inDeferredPart = (button: Element) => button.closest(`[${DEFERRED}]`) !== null;

/**
 * Clicks again, in order and after the current commit (once the state has any typed text), the kept
 * buttons `which` picks; the others stay kept. A button no longer on the page is dropped.
 */
export function replayKeptClicks(which: (button: HTMLElement) => boolean, win: Window = window): void {
  const early = win[EARLY];
  if (!early) return;
  const now = early.clicks.filter(which);
  if (now.length === 0) return;
  early.clicks = early.clicks.filter((button) => !which(button));
  win.setTimeout(() => now.forEach((button) => button.isConnected && button.click()), 0);
}
