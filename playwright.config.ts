import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchOptions } from './server/verify/page/chromium.ts';

/**
 * End-to-end tests: the built web app (served as in production) against the real API on a
 * temporary database. Ports differ from `npm start`'s, so both can run at once (E2E_WEB_PORT and
 * E2E_API_PORT move them, for two checkouts testing side by side).
 */
const WEB_PORT = process.env.E2E_WEB_PORT ?? '4183';
const API_PORT = process.env.E2E_API_PORT ?? '4010';
export const E2E_WEB = `http://localhost:${WEB_PORT}`;
export const E2E_API = `http://localhost:${API_PORT}`;
/** The test API's signing key: the expired-token test signs a token with it. Test-only. */
export const E2E_JWT_SECRET = 'e2e-only-secret-e2e-only-secret-e2e-only';
/** The fake Google and GitHub (e2e/fake-providers.ts) and the port the journeys steer them through. */
const GOOGLE_PORT = process.env.E2E_GOOGLE_PORT ?? '4011';
const GITHUB_PORT = process.env.E2E_GITHUB_PORT ?? '4012';
const FAKES_CONTROL_PORT = process.env.E2E_FAKES_CONTROL_PORT ?? '4013';
export const E2E_FAKES_CONTROL = `http://127.0.0.1:${FAKES_CONTROL_PORT}`;
const FAKE_GITHUB = { GITHUB_CLIENT_ID: 'e2e-github-client', GITHUB_CLIENT_SECRET: 'e2e-github-secret' };
/**
 * The verified journeys (e2e/verified.spec.ts) start, stop and restart an API of their own with
 * VERIFICATION on (verifiedApiEnv), on these ports; a second build of the web app talks to it.
 */
const VERIFIED_WEB_PORT = process.env.E2E_VERIFIED_WEB_PORT ?? '4184';
const VERIFIED_API_PORT = process.env.E2E_VERIFIED_API_PORT ?? '4014';
export const E2E_VERIFIED_WEB = `http://localhost:${VERIFIED_WEB_PORT}`;
export const E2E_VERIFIED_API = `http://localhost:${VERIFIED_API_PORT}`;
/** Spec files named on the command line: that app (a build of its own, slow) is built only when they include the verified journeys, or when none is named. */
const namedSpecs = process.argv.filter((arg) => /\.spec\.ts$/.test(arg));
const verifiedJourneys = namedSpecs.length === 0 || namedSpecs.some((arg) => arg.endsWith('verified.spec.ts'));
/**
 * E2E_RUN names a second run beside the first (CI: the journeys on PostgreSQL while they run on
 * SQLite, scripts/test.mjs): its builds and results go to folders of their own (its ports are moved
 * through the variables above).
 */
const RUN = process.env.E2E_RUN ? `-${process.env.E2E_RUN}` : '';
/** Where e2e/html.spec.ts writes the documents scripts/check-html.mjs reads. */
export const E2E_HTML_DIR = `test-results/html${RUN}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pathforge-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one folder

/** What both test APIs share: per-IP limits lifted, the fake providers, little logging. */
const apiEnv = {
  JWT_SECRET: E2E_JWT_SECRET,
  // Every test registers its own learner from 127.0.0.1: lift the per-IP limits. The per-email
  // login limit stays at its production value (5 a minute) so the sixth attempt is tested for real.
  RATE_LIMIT_REGISTER_PER_HOUR: '10000',
  RATE_LIMIT_LOGIN_IP_PER_MINUTE: '10000',
  RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: '10000',
  LOG_LEVEL: 'warn',
  ...FAKE_GITHUB,
  GITHUB_URL: `http://127.0.0.1:${GITHUB_PORT}`,
  GITHUB_API_URL: `http://127.0.0.1:${GITHUB_PORT}`,
};

/**
 * The verified journeys' API: checks on (paid when they pass), run against loopback fixture sites
 * (VERIFY_TEST_ALLOW) and the fake GitHub, with sign-in with GitHub (the owner check needs the
 * learner's linked account). `database`: its own SQLite file, or its own PostgreSQL database.
 */
export function verifiedApiEnv(database: { path: string } | { url: string }): Record<string, string> {
  return {
    PORT: VERIFIED_API_PORT,
    WEB_ORIGIN: E2E_VERIFIED_WEB,
    API_ORIGIN: E2E_VERIFIED_API,
    ...('url' in database ? { DATABASE_URL: database.url } : { DATABASE_PATH: database.path }),
    ...(process.env.E2E_REDIS_URL ? { REDIS_URL: process.env.E2E_REDIS_URL } : {}),
    ...apiEnv,
    VERIFICATION: 'on',
    VERIFY_TEST_ALLOW: '127.0.0.1',
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e${RUN}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Room for the longest journeys on a machine several times slower than CI's.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: `test-results/playwright${RUN}.json` }]],
  use: {
    baseURL: E2E_WEB,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: launchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // Loopback fakes of Google and GitHub: no journey reaches the internet.
      name: 'providers',
      command: 'node e2e/fake-providers.ts',
      url: E2E_FAKES_CONTROL,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_GOOGLE_PORT: GOOGLE_PORT, E2E_GITHUB_PORT: GITHUB_PORT, E2E_FAKES_CONTROL_PORT: FAKES_CONTROL_PORT, ...FAKE_GITHUB },
    },
    {
      name: 'api',
      command: 'node server/main.ts',
      url: `${E2E_API}/ready`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: API_PORT,
        WEB_ORIGIN: E2E_WEB,
        DATABASE_PATH: join(dataDir, 'pathforge.db'),
        // CI runs the journeys once more on a real PostgreSQL server (an empty database), with the
        // rate limits in a real Redis.
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        ...(process.env.E2E_REDIS_URL ? { REDIS_URL: process.env.E2E_REDIS_URL } : {}),
        ...apiEnv,
        // The journeys complete projects and watch the XP arrive at once: verification off (paid as
        // self-reported); the verified journeys run the checks against loopback fixtures.
        VERIFICATION: 'off',
        // Both sign-in providers on, pointed at the fakes above (loopback, so http is allowed).
        API_ORIGIN: E2E_API,
        GOOGLE_CLIENT_ID: 'e2e-google-client',
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        GOOGLE_ISSUER: `http://localhost:${GOOGLE_PORT}`,
      },
    },
    {
      name: 'web',
      command: `node node_modules/vite/bin/vite.js build --outDir dist-e2e${RUN} --emptyOutDir --logLevel warn && node scripts/serve.mjs dist-e2e${RUN}`,
      url: E2E_WEB,
      reuseExistingServer: false,
      timeout: 120_000,
      // WEB_ORIGIN: the public origin the build writes into canonical links and share tags.
      env: { VITE_API_URL: E2E_API, WEB_ORIGIN: E2E_WEB, PORT: WEB_PORT },
    },
    ...(verifiedJourneys
      ? [
          {
            // The same app built against the verified journeys' API (VITE_API_URL and the CSP follow
            // it); that API is started by e2e/verified.spec.ts itself, which stops and restarts it.
            name: 'web-verified',
            command: `node node_modules/vite/bin/vite.js build --outDir dist-e2e-verified${RUN} --emptyOutDir --logLevel warn && node scripts/serve.mjs dist-e2e-verified${RUN}`,
            url: E2E_VERIFIED_WEB,
            reuseExistingServer: false,
            timeout: 120_000,
            env: { VITE_API_URL: E2E_VERIFIED_API, WEB_ORIGIN: E2E_VERIFIED_WEB, PORT: VERIFIED_WEB_PORT },
          },
        ]
      : []),
  ],
});
