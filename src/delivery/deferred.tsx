import { memo, Suspense, use, useLayoutEffect, useRef, useSyncExternalStore, type ComponentProps, type ComponentType } from 'react';
import { DEFERRED, EARLY, PRESS_EVENTS } from './constants';
import { replayKeptClicks } from './keptClicks';

/**
 * Parts of a prerendered page whose code need not load with the page. `deferred(load)` names a
 * module of such parts; `part('Name')` is a component that renders its export `Name`, in a Suspense
 * boundary of its own:
 *
 *  - **Hydrating a prerendered page**: the part stays the HTML the build wrote (a Suspense boundary
 *    React has not hydrated yet: its links work as links) until the visitor's first press, touch,
 *    key, wheel, scroll or focus (not a pointer's move: Chromium sends one itself as a page loads).
 *    Then its module loads and React hydrates it in place: the same elements, focus and scroll kept.
 *    Until then it is marked `data-deferred`, and a click on one of its buttons is kept by the boot
 *    script (./boot.ts) and clicked again once the part runs, as the clicks made before the app
 *    started are. If the module cannot load, the next press tries again.
 *  - **Rendering in the browser** (a page the app navigated to): the module loads as soon as the
 *    module naming it is imported; the part shows nothing until it has.
 *  - **Rendering to HTML** (./prerender.tsx) and in stories: `loadDeferredParts()` first.
 *
 * Each part is memoised: a re-render of the page with the same props (the signed-in state changing
 * the top bar) does not reach a part that has not hydrated, which React would otherwise render afresh.
 */

/**
 * Settles on the visitor's first interaction, as the boot script of a prerendered page saw it; at once
 * on a page without it (one the app rendered itself: nothing there waits to hydrate).
 */
const firstInteraction = () => window[EARLY]?.interaction ?? Promise.resolve();

/** Settles on the next press of a pointer or a key. */
const nextPress = () =>
  new Promise<void>((resolve) => {
    for (const type of PRESS_EVENTS) window.addEventListener(type, () => resolve(), { capture: true, once: true });
  });

const noSubscription = () => () => {};
/** True while React hydrates markup rendered elsewhere (and while rendering to HTML); false for a render of the browser's own. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

const loaders = new Set<() => Promise<unknown>>();

/** Loads every deferred module known so far (those of the modules imported): before rendering to HTML or a story. */
export const loadDeferredParts = () => Promise.all([...loaders].map((load) => load()));

/**
 * `promise`, marked once fulfilled as React's `use` reads a promise (`status`, `value`): a loaded
 * module then renders at once, without suspending (also on the server, after loadDeferredParts).
 */
function tracked<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    () => {},
  );
  return promise;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function deferred<M extends Record<string, ComponentType<any>>>(load: () => Promise<M>) {
  let loaded = false;
  let loading: Promise<M> | undefined;
  let hydration: Promise<M> | undefined;
  const start = () => {
    loading ??= tracked(
      load().then(
        (module) => {
          loaded = true;
          return module;
        },
        (error: unknown) => {
          loading = undefined; // a later render tries again
          throw error;
        },
      ),
    );
    return loading;
  };
  const startUntilLoaded = (): Promise<M> => start().catch(() => nextPress().then(startUntilLoaded));
  loaders.add(start);
  // Imported by a running app (a page it navigates to, not one it is about to hydrate): no reason to wait for the render.
  if (typeof window !== 'undefined' && window[EARLY]?.started !== false) void start().catch(() => {});

  return function part<K extends keyof M & string>(name: K) {
    type Props = ComponentProps<M[K]>;
    function Loaded(props: Props) {
      const hydrating = useHydrating();
      const module = use(hydrating && !loaded ? (hydration ??= tracked(firstInteraction().then(startUntilLoaded))) : start());
      const Part = module[name] as ComponentType<Props>;
      const box = useRef<HTMLDivElement>(null);
      // Once hydrated (the render after hydration drops the mark), its kept clicks are clicked again.
      useLayoutEffect(() => {
        const element = box.current;
        if (!hydrating && element) replayKeptClicks((button) => element.contains(button));
      }, [hydrating]);
      return (
        <div ref={box} style={{ display: 'contents' }} {...{ [DEFERRED]: hydrating ? '' : undefined }}>
          <Part {...props} />
        </div>
      );
    }
    const Deferred = memo(function Deferred(props: Props) {
      return (
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      );
    });
    Deferred.displayName = `Deferred(${name})`;
    return Deferred as unknown as ComponentType<Props>;
  };
}
