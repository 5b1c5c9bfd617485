/**
 * The one place that says which Chromium the tests drive and how.
 * Playwright cannot download its own browsers on our machines, so we use Debian's
 * (`apt-get install chromium`); CHROME_PATH points elsewhere, e.g. at Playwright's own build.
 */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Identical pixels from run to run and machine to machine.
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
];
