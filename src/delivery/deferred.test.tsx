import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred, loadDeferredParts } from './deferred';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

/** A part that needs its code to answer: a button that counts its presses. */
function Counter({ label, onPress }: { label: string; onPress(): void }) {
  return (
    <section>
      <h2>{label}</h2>
      <button type="button" onClick={onPress}>
        Press
      </button>
    </section>
  );
}
const parts = { Counter };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.pathforgeEarly = undefined;
  vi.useRealTimers();
});

/** Lets React and the pending promises run. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/** The part as the build writes it (./prerender.tsx), on screen, and the boot script's state (./boot.ts). */
async function prerendered() {
  const Server = deferred(async () => parts)('Counter');
  await loadDeferredParts();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Server label="Questions" onPress={() => {}} />);
  document.body.append(container);
  let interact = () => {};
  const interaction = new Promise<void>((resolve) => (interact = resolve));
  // As on the page: the app (this part's module included) loads before it takes the page over.
  window.pathforgeEarly = { clicks: [], started: false, interaction };
  return { container, interact, button: container.querySelector('button') as HTMLButtonElement, heading: container.querySelector('h2') };
}

/** The app's own copy of the part (a module of its own, not loaded yet), hydrating `container`. */
async function hydrate(container: HTMLElement, load: () => Promise<typeof parts>, onPress: () => void) {
  const Client = deferred(load)('Counter');
  await act(async () => {
    root = hydrateRoot(container, <Client label="Questions" onPress={onPress} />);
  });
}

describe('a deferred part of a prerendered page', () => {
  it('stays the prerendered HTML, marked, with no code loaded, until the first interaction; then hydrates in place', async () => {
    const { container, interact, button, heading } = await prerendered();
    const load = vi.fn(async () => parts);
    const onPress = vi.fn();
    await hydrate(container, load, onPress);
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('[data-deferred]')).not.toBeNull();
    expect(container.querySelector('h2')?.textContent).toBe('Questions');

    interact();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-deferred]')).toBeNull();
    // The same elements, now answering.
    expect(container.querySelector('button')).toBe(button);
    expect(container.querySelector('h2')).toBe(heading);
    act(() => button.click());
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('clicks again, once, a button the boot script kept while the part waited', async () => {
    const { container, interact, button } = await prerendered();
    const onPress = vi.fn();
    await hydrate(container, async () => parts, onPress);
    window.pathforgeEarly?.clicks.push(button); // what ./boot.ts does with a click on a [data-deferred] button
    interact();
    await settle();
    await settle();
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(window.pathforgeEarly?.clicks).toEqual([]);
  });

  it('tries its module again on the next press when it could not load, and keeps the HTML meanwhile', async () => {
    const { container, interact, button } = await prerendered();
    const load = vi.fn<() => Promise<typeof parts>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(parts);
    const onPress = vi.fn();
    await hydrate(container, load, onPress);
    interact();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-deferred]')).not.toBeNull();
    expect(container.querySelector('button')).toBe(button);

    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(container.querySelector('[data-deferred]')).toBeNull();
    act(() => button.click());
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('rendered by the browser itself (a page the app navigated to), loads as soon as it is imported, unmarked', async () => {
    window.pathforgeEarly = { clicks: [], started: true, interaction: Promise.resolve() }; // the app runs
    const load = vi.fn(async () => parts);
    const Client = deferred(load)('Counter');
    expect(load).toHaveBeenCalledTimes(1); // before any render
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Client label="Questions" onPress={() => {}} />);
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('h2')?.textContent).toBe('Questions');
    expect(container.querySelector('[data-deferred]')).toBeNull();
  });
});
