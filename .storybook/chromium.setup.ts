/**
 * The stories' global set-up: unpack the pinned Chromium (once per machine) before Vitest starts
 * it. vitest.config.ts only names the executable, so runs without a browser unpack nothing.
 */
import { chromium } from '../server/verify/page/chromium.ts';

export default function setup(): void {
  chromium();
}
