import { afterEach, expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import { afterEach as a11yAfterEach } from '@storybook/addon-a11y/preview';
import { pauseToasts } from '../src/components/ui/toaster';
import { applyColorMode } from '../src/theme/colorMode';
import { assertAllTextIsInter } from './fontCheck';
import { captureHeight, storyModes, type StoryLike } from './modes';

/**
 * Every story is a visual test in several modes (like Chromatic's "modes"): after a story (and its
 * play function) passes, the page is compared with committed baselines in __screenshots__/ beside
 * the story file, once per mode: light, dark, and for a story that shows a screen's phone layout
 * also a 375 px phone (`./modes.ts`). The page is grown to its content, up to a fixed height.
 * Storybook's a11y addon already ran axe in light mode; here it runs again in dark mode, so a
 * dark-mode contrast failure fails the story too.
 *
 * A story opts out of screenshots with `parameters: { screenshot: { disable: true } }` (say why
 * beside it); axe still runs in both modes.
 */
/** Two frames: styles recomputed and painted after a class or size change. */
const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

afterEach(async (context) => {
  const { task } = context;
  if (task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0) return;
  const story = (context as unknown as { story?: StoryLike }).story;
  if (!story) return;
  const screenshots = story.parameters?.screenshot?.disable !== true;

  // A toast on screen now stays on screen for every mode (they close after 5 s otherwise).
  pauseToasts();
  (document.activeElement as HTMLElement | null)?.blur?.();
  await document.fonts.ready;
  assertAllTextIsInter(document.body);

  // Every mode is compared even when an earlier one differs, so a failure lists all of them.
  const differences: string[] = [];
  for (const mode of storyModes(story, { width: window.innerWidth, height: window.innerHeight })) {
    applyColorMode(mode.colorMode);
    if (window.innerWidth !== mode.width || window.innerHeight !== mode.height) await page.viewport(mode.width, mode.height);
    await settle();
    if (mode.axe) {
      try {
        await a11yAfterEach({
          id: story.id,
          parameters: story.parameters,
          globals: story.globals,
          reporting: { addReport: () => {} },
          viewMode: 'story',
        } as never);
      } catch (error) {
        if (error instanceof Error) error.message = `Accessibility in ${mode.colorMode} mode: ${error.message}`;
        throw error;
      }
    }
    if (!screenshots) continue;
    // Grow the viewport to the content, up to the fixed height a long page is compared at.
    const height = captureHeight(story, mode, document.documentElement.scrollHeight);
    if (height !== window.innerHeight) await page.viewport(mode.width, height);
    // A page longer than that is compared from its top, wherever the play function left it.
    if (window.scrollY !== 0) {
      window.scrollTo(0, 0);
      await settle();
    }
    const name = `${task.name}-${mode.name}`;
    await commands.recordBaseline(name);
    try {
      await expect(page).toMatchScreenshot(name);
    } catch (error) {
      differences.push(`● ${story.id} (${mode.name}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (differences.length > 0) {
    throw new Error(`Screenshot differs from its baseline in ${differences.length} mode(s):\n${differences.join('\n')}`);
  }
});
