import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromeArgs, chromePath } from './scripts/chromium.ts';

/**
 * End-to-end tests: the built web app (served as in production) against the real API on a
 * temporary database. Ports differ from `npm start`'s, so both can run at once.
 */
export const E2E_WEB = 'http://localhost:4183';
export const E2E_API = 'http://localhost:4010';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pathforge-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one folder

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: E2E_WEB,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromePath, args: chromeArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      name: 'api',
      command: 'node server/main.ts',
      url: `${E2E_API}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: '4010',
        WEB_ORIGIN: E2E_WEB,
        DATABASE_PATH: join(dataDir, 'pathforge.db'),
        JWT_SECRET: 'e2e-only-secret-e2e-only-secret-e2e-only',
        // Short access tokens so the silent refresh is exercised for real.
        ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '900',
      },
    },
    {
      name: 'web',
      command: 'node node_modules/vite/bin/vite.js build --outDir dist-e2e --emptyOutDir --logLevel warn && node scripts/serve.mjs dist-e2e',
      url: E2E_WEB,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { VITE_API_URL: E2E_API, PORT: '4183' },
    },
  ],
});
