import { useLayoutEffect, useSyncExternalStore } from 'react';
import { EARLY } from './constants';
import { inDeferredPart, replayKeptClicks } from './keptClicks';

/*
 * What a page prerendered at build time (./prerender.tsx) needs so that the app can take it
 * over in the browser (src/main.tsx) without rendering it again or losing what the visitor did
 * before it ran (./boot.ts kept it).
 */

/**
 * Takes a prerendered page over once hydration has committed (a layout effect: React runs it
 * before it handles any event that forced hydration to finish early):
 *  1. Text typed (or filled in by a password manager) before the app ran stays on screen through
 *     hydration, but the form state does not know it: it is handed over (adoptTypedText).
 *  2. The buttons clicked before the app ran (kept by ./boot.ts) are clicked again, in order,
 *     once the state has the text: the password shows, the form is sent. A button of a part that
 *     hydrates later (the landing page's FAQ) is clicked again when that part has.
 */
export function takeOverPrerenderedPage(root: HTMLElement, win: Window = window): void {
  adoptTypedText(root);
  const early = win[EARLY];
  if (!early || early.started) return;
  early.started = true;
  // A click on a part that has not hydrated yet waits for it (./deferred.tsx).
  replayKeptClicks((button) => !inDeferredPart(button), win);
}

/** Renders nothing; place it beside the router in the hydrated tree (see takeOverPrerenderedPage). */
export function TakeOver({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => takeOverPrerenderedPage(container), [container]);
  return null;
}

const noSubscription = () => () => {};

/**
 * A value the prerendered page cannot know (it is the same page for every query string, say):
 * null while hydrating, as it was prerendered, and the value once hydration is over. An empty value
 * stays null, so a page with nothing to read is rendered once: a value that differs after
 * hydration renders the whole page again straight away, in one task the browser cannot
 * interrupt (blocking time a visitor feels as a page slow to answer).
 */
export function useValueAfterHydration(value: string): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => value || null,
    () => null,
  );
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (element: Element): element is TextField =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'hidden'].includes(element.type));

/**
 * Gives every field whose text differs from what was prerendered a real `input` event, so its
 * onChange takes the text in. (Handlers must read `event.target.value` at once: during a commit
 * React puts a controlled field back to its state right after the event, before the update runs.)
 * Returns how many fields it handed over.
 */
export function adoptTypedText(root: HTMLElement): number {
  // Note every edited field first: handing one over re-renders its form, and React then puts the
  // others back to what their state says (empty) before they would be reached.
  const edited = Array.from(root.querySelectorAll('input, textarea'))
    .filter(isTextField)
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, typed: field.value }));
  for (const { field, typed } of edited) {
    // React notes every value set through the element's own `value` property: note the
    // prerendered text, then put the typed text back past that note (the prototype's setter),
    // so the input event reads as a change from the one to the other.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  return edited.length;
}
