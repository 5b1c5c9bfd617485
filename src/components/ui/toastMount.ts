/**
 * What the light front (./toaster.tsx) and the toast region it loads (./toastRegion.tsx) share: how a
 * toast looks and lasts, and the moment the region is on screen. Its own module, so the region's chunk
 * does not import the front that imports it (lint forbids the cycle).
 */

/** Toasts sit top-right, close after 5000 ms, and pause while hovered. */
export const TOAST_DURATION_MS = 5000;

export type ToastType = 'success' | 'error' | 'info' | 'warning';

let markMounted: () => void = () => {};
/** Settles once the region is mounted: a toast waits for it, so none is lost to the loading. */
export const toastRegionReady = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the region once it is mounted (see toastRegion.tsx). */
export function toastRegionMounted() {
  markMounted();
}
