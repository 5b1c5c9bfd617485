// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureHeight, PAGE_HEIGHT, PHONE, storyModes, WHOLE_PAGE_HEIGHT } from '../../.storybook/modes';

const root = resolve(import.meta.dirname, '../..');
const desktop = { width: 1200, height: 900 };
const names = (story: Parameters<typeof storyModes>[0], size = desktop) => storyModes(story, size).map((mode) => mode.name);

describe('the modes a story is compared in', () => {
  it('are light and dark at its own size, and a phone too only for a story that shows a phone layout', () => {
    expect(names({ id: 'screens-dashboard--loading' })).toEqual(['light', 'dark']);
    expect(names({ id: 'screens-dashboard--learner-mid-way', parameters: { screenshot: { phone: true } } })).toEqual(['light', 'dark', 'phone-light', 'phone-dark']);
    // A story already at phone width is not compared again at the same width.
    expect(names({ id: 'screens-landing--mobile', parameters: { screenshot: { phone: true } } }, PHONE)).toEqual(['light', 'dark']);
    const phone = storyModes({ id: 'x', parameters: { screenshot: { phone: true } } }, desktop).at(-1);
    expect(phone).toMatchObject({ width: 375, height: 812, colorMode: 'dark' });
  });

  it('capture a page at its content height, at least the viewport and at most the fixed page height', () => {
    const [light] = storyModes({ id: 'x' }, desktop);
    expect(captureHeight({ id: 'x' }, light!, 300)).toBe(900);
    expect(captureHeight({ id: 'x' }, light!, 2500)).toBe(2500);
    expect(captureHeight({ id: 'x' }, light!, 7000)).toBe(PAGE_HEIGHT);
    expect(captureHeight({ id: 'x', parameters: { screenshot: { wholePage: true } } }, light!, 7000)).toBe(7000);
    expect(captureHeight({ id: 'x', parameters: { screenshot: { wholePage: true } } }, light!, 12000)).toBe(WHOLE_PAGE_HEIGHT);
  });
});

/** Every `*.stories.tsx` under src/screens, relative to the root. */
function screenStoryFiles(dir = join(root, 'src/screens')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '__screenshots__') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return screenStoryFiles(path);
    return entry.name.endsWith('Screen.stories.tsx') ? [relative(root, path)] : [];
  });
}

describe("every screen's phone layout", () => {
  it.each(screenStoryFiles())('is compared by a story of %s', (file) => {
    const source = readFileSync(join(root, file), 'utf8');
    // A story compared on a phone, or a story that is itself at phone width.
    expect(/screenshot: \{[^}]*phone: true/.test(source) || /viewport: \{ value: 'mobile' \}/.test(source)).toBe(true);
  });
});
