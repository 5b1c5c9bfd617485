import type { ColorMode } from '../src/theme/colorMode';

/** How a story's screenshots are taken: `parameters.screenshot` (say why beside it). */
export type ScreenshotParameters = {
  /** No screenshot (axe still runs in both modes). */
  disable?: boolean;
  /**
   * Also compared on a 375 px phone, in light and dark: for the stories that show a screen's phone
   * layout (each screen has at least one; the other states of a screen differ in content, not in
   * layout, and are compared at the story's own size only).
   */
  phone?: boolean;
  /** Compared whole, up to {@link WHOLE_PAGE_HEIGHT}: for the one story that shows a long page's full length. */
  wholePage?: boolean;
};

/** What the test setup needs to know of a composed story. */
export type StoryLike = {
  /** `<title>--<name>` in kebab case, e.g. `screens-login--wrong-password`. */
  id: string;
  parameters?: { screenshot?: ScreenshotParameters } & Record<string, unknown>;
  globals?: Record<string, unknown>;
};

export type Mode = {
  /** Part of the baseline's file name: `<Story>-<name>-chromium-linux.png`. */
  name: string;
  colorMode: ColorMode;
  width: number;
  height: number;
  /** Run axe in this mode (light is run by Storybook's a11y addon itself). */
  axe: boolean;
};

export const PHONE = { width: 375, height: 812 };

/**
 * A screenshot grows with the page up to this height, and keeps its top part beyond it: the top
 * 4000 px hold every state an app screen's stories are about (a long list's own row, a report, a
 * form's messages), and a fixed height keeps a long page from weighing several megabytes per mode.
 */
export const PAGE_HEIGHT = 4000;
/** The height a `wholePage` story is compared at, at most. */
export const WHOLE_PAGE_HEIGHT = 8000;

/**
 * The modes every story is compared in, set once here rather than as a copy of each story:
 * light and dark at the story's own size, and for a story with `screenshot.phone` also light
 * and dark at 375 px wide (unless the story is a phone story already).
 */
export function storyModes(story: StoryLike, size: { width: number; height: number }): Mode[] {
  const modes: Mode[] = [
    { name: 'light', colorMode: 'light', ...size, axe: false },
    { name: 'dark', colorMode: 'dark', ...size, axe: true },
  ];
  if (story.parameters?.screenshot?.phone === true && size.width > PHONE.width) {
    modes.push({ name: 'phone-light', colorMode: 'light', ...PHONE, axe: false }, { name: 'phone-dark', colorMode: 'dark', ...PHONE, axe: false });
  }
  return modes;
}

/** The height a story is captured at: its content's, between the mode's height and the page limit. */
export function captureHeight(story: StoryLike, mode: Mode, contentHeight: number): number {
  const limit = story.parameters?.screenshot?.wholePage === true ? WHOLE_PAGE_HEIGHT : PAGE_HEIGHT;
  return Math.min(Math.max(contentHeight, mode.height), limit);
}
