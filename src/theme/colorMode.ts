export type ColorMode = 'light' | 'dark';

/** Chakra's `_dark` condition follows a `dark` class on <html>; `color-scheme` fixes native controls. */
export function applyColorMode(mode: ColorMode, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}
