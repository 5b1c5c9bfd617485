import { startTransition, useEffect, useState } from 'react';
import type * as RegionModule from './toastRegion';
import { toastRegionReady, type ToastType } from './toastMount';

export { TOAST_DURATION_MS, type ToastType } from './toastMount';

type Region = typeof RegionModule;

/*
 * The toast region is its own chunk: a page needs it only once something is announced. This
 * module is the light front: `notify` loads the region (if needed), waits until it is on screen,
 * then shows the toast, so no toast is ever lost to the loading.
 */
let region: Region | null = null;
let loading: Promise<Region> | null = null;
const listeners = new Set<() => void>();

function loadRegion(): Promise<Region> {
  loading ??= import('./toastRegion').then((module) => {
    region = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** The one way the product shows a toast. */
export function notify(type: ToastType, title: string, description?: string): void {
  void loadRegion()
    .then(async (module) => {
      await toastRegionReady;
      module.toaster.create({ type, title, description });
    })
    .catch(() => {
      // The chunk could not load (offline after a deploy): say it the only way left.
      window.alert(description ? `${title}\n${description}` : title);
    });
}

/**
 * Fetches the region when the browser has nothing better to do, so the first toast is instant. The
 * pages that can show one (below the data layer, src/routes/data.layout.tsx) call it; the landing
 * page, which never does, is spared the region's code and its first render during start-up.
 */
export function preloadToastRegion(): void {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
  idle(() => void loadRegion());
}

/** Removes every toast at once (stories start each with a clean slate). */
export function clearToasts() {
  region?.toaster.remove();
}

/** Stops every toast's timer (story screenshots: a toast on screen stays for every mode compared). */
export function pauseToasts() {
  region?.toaster.pause();
}

/** Where toasts appear. Mount once, at the root (UiProvider does). */
export function Toaster() {
  // Nothing until the region's chunk is here (also during hydration: the prerendered page has none).
  const [loaded, setLoaded] = useState<Region | null>(null);
  useEffect(() => {
    // The region's first render (Zag's toast machine, Chakra's recipe) is a transition: React
    // renders it in slices, not as one long task right after the page has started.
    const show = () => startTransition(() => setLoaded(region));
    listeners.add(show);
    if (region) show();
    return () => {
      listeners.delete(show);
    };
  }, []);
  return loaded ? <loaded.ToastRegion /> : null;
}
