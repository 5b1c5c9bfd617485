/**
 * The one place that says which Chromium runs and how: the page checker's (server/verify/page),
 * and the same build for the stories, the journeys and the scripts (vitest.config.ts,
 * playwright.config.ts, scripts/), so a check and a screenshot see the same browser.
 *
 * Nothing happens on import: the first call of `chromium()` locates (and if needed unpacks) the
 * browser, so a unit-test run or an API that never checks a page never unpacks it.
 *
 * By default: the headless Chromium shipped inside the npm package `@sparticuz/chromium` (pinned in
 * package.json and package-lock.json), so `npm install` brings it and every machine renders the
 * baselines with the same build. Playwright cannot download its own browsers on our machines.
 * The package ships its binary brotli-compressed; the first use unpacks it (once per version)
 * into `node_modules/.cache/pathforge-chromium-<version>/`, with a fontconfig file that
 * names only the fonts inside the package, so no system font can ever reach a screenshot (our own
 * text is Inter, served by the app).
 *
 * CHROME_PATH points at another build (Debian's `chromium`, Playwright's own); its screenshots may
 * differ from the committed baselines, which belong to the pinned build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(import.meta.url);

/** Where the pinned build is unpacked: one folder per package version (its major is Chromium's). */
function pinnedCacheDir(): string {
  const { version } = JSON.parse(readFileSync(join(dirname(require.resolve('@sparticuz/chromium')), '..', 'package.json'), 'utf8')) as { version: string };
  return join(root, 'node_modules', '.cache', `pathforge-chromium-${version}`);
}

/** Unpacks the pinned build once (into a temporary folder renamed into place, so parallel first runs cannot see half a browser). */
function unpackPinnedChromium(cacheDir: string): string {
  const binary = join(cacheDir, 'chromium');
  if (existsSync(binary)) return binary;
  const staging = `${cacheDir}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // The package unpacks into os.tmpdir(); point that at our staging folder.
  const unpack = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const { default: c } = await import('@sparticuz/chromium'); await c.executablePath();"],
    { cwd: root, env: { ...process.env, TMPDIR: staging }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (unpack.status !== 0 || !existsSync(join(staging, 'chromium'))) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error('Could not unpack the pinned Chromium from @sparticuz/chromium (run `npm install`, or set CHROME_PATH).');
  }
  writeFileSync(
    join(staging, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(cacheDir, 'fonts', 'fonts')}</dir>\n  <cachedir>${join(cacheDir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
  );
  try {
    renameSync(staging, cacheDir);
  } catch (error) {
    // Another process got there first: use its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return binary;
}

export type ChromiumLaunch = {
  /** The executable: CHROME_PATH, or the pinned build. */
  executablePath: string;
  /** Environment for the browser process: the pinned build sees only its own fonts. */
  env: Record<string, string>;
};

/**
 * Where the browser is, without unpacking it: for a test config that is loaded (and cloned) by
 * every run, while only the runs that start a browser call `chromium()` first (the stories'
 * global set-up, .storybook/chromium.setup.ts).
 */
export function chromiumLocation(): ChromiumLaunch {
  const override = process.env.CHROME_PATH;
  if (override) return { executablePath: override, env: {} };
  const cacheDir = pinnedCacheDir();
  return { executablePath: join(cacheDir, 'chromium'), env: { FONTCONFIG_FILE: join(cacheDir, 'fonts.conf') } };
}

let unpacked = false;

/** The browser to launch, unpacked the first time on this machine (on the first call, never on import). */
export function chromium(): ChromiumLaunch {
  const location = chromiumLocation();
  if (!unpacked && !process.env.CHROME_PATH) unpackPinnedChromium(pinnedCacheDir());
  unpacked = true;
  return location;
}

/** Playwright's launch options for the pinned browser, plus `args`. */
export function launchOptions({ args = [] as string[], unpack = true } = {}) {
  const { executablePath, env } = unpack ? chromium() : chromiumLocation();
  return { executablePath, args: [...chromeArgs, ...args], env: { ...process.env, ...env } };
}

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
