/**
 * The one place that says which Chromium the tests drive and how.
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

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The pinned build's package version (its major is Chromium's). */
const pinnedChromiumVersion = (JSON.parse(readFileSync(join(dirname(require.resolve('@sparticuz/chromium')), '..', 'package.json'), 'utf8')) as { version: string })
  .version;

const cacheDir = join(root, 'node_modules', '.cache', `pathforge-chromium-${pinnedChromiumVersion}`);

/** Unpacks the pinned build once (into a temporary folder renamed into place, so parallel first runs cannot see half a browser). */
function unpackPinnedChromium(): string {
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

const override = process.env.CHROME_PATH;

/** The Chromium executable: CHROME_PATH, or the pinned build. */
export const chromePath = override ?? unpackPinnedChromium();

/** Environment for the browser process: the pinned build sees only its own fonts. */
export const chromeEnv: Record<string, string> = override ? {} : { FONTCONFIG_FILE: join(cacheDir, 'fonts.conf') };

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
