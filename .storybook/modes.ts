import type { ColorMode } from '../src/theme/colorMode';

/** What the test setup needs to know of a composed story. */
export type StoryLike = {
  /** `<title>--<name>` in kebab case, e.g. `screens-login--wrong-password`. */
  id: string;
  parameters?: { screenshot?: { disable?: boolean } } & Record<string, unknown>;
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

const PHONE = { width: 375, height: 812 };

/** Screens (and the Flows stories that render whole screens) are also compared on a phone. */
const isScreen = (story: StoryLike) => story.id.startsWith('screens-') || story.id.startsWith('flows-');

/**
 * The modes every story is compared in, set once here rather than as a copy of each story:
 * light and dark at the story's own size, and for a screen story also light and dark at 375 px
 * wide (unless the story is a phone story already).
 */
export function storyModes(story: StoryLike, size: { width: number; height: number }): Mode[] {
  const modes: Mode[] = [
    { name: 'light', colorMode: 'light', ...size, axe: false },
    { name: 'dark', colorMode: 'dark', ...size, axe: true },
  ];
  if (isScreen(story) && size.width > PHONE.width) {
    modes.push({ name: 'phone-light', colorMode: 'light', ...PHONE, axe: false }, { name: 'phone-dark', colorMode: 'dark', ...PHONE, axe: false });
  }
  return modes;
}
