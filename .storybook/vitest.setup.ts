import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

/**
 * Every story is a visual test: after a story (and its play function) passes, the page is
 * compared with the committed baseline in __screenshots__/ beside the story file.
 * A story opts out with `parameters: { screenshot: { disable: true } }` (say why beside it).
 *
 * The viewport is first grown to the height of the content, so a long page is compared whole.
 */
const MAX_HEIGHT = 8000;

type StoryContext = { story?: { parameters?: { screenshot?: { disable?: boolean } } } };

afterEach(async (context) => {
  const { task } = context;
  if (task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0) return;
  if ((context as unknown as StoryContext).story?.parameters?.screenshot?.disable) return;

  (document.activeElement as HTMLElement | null)?.blur?.();
  await document.fonts.ready;
  const content = document.documentElement.scrollHeight;
  const height = Math.min(Math.max(content, window.innerHeight), MAX_HEIGHT);
  if (height !== window.innerHeight) await page.viewport(window.innerWidth, height);
  await expect(page).toMatchScreenshot();
});
