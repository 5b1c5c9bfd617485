import { defineConfig, mergeConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { launchOptions } from './server/verify/page/chromium.ts';
import { recordBaseline } from './.storybook/recordBaseline.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test/setup.ts'],
          },
        },
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            exclude: ['server/outage.test.ts'],
            testTimeout: 30_000,
            // Starting an app (migrations, seeding, its background loops) takes seconds on a busy 2-core machine.
            hookTimeout: 30_000,
          },
        },
        {
          // The same API tests as several instances would run them: on PostgreSQL, in-process
          // (PGlite) unless TEST_DATABASE=postgres names a real server (CI:
          // scripts/postgres-cluster.sh), with the rate limits in Redis, ioredis-mock unless
          // TEST_REDIS_URL names a real one (CI: scripts/redis-server.sh). See server/test/helpers.ts.
          test: {
            name: 'server-postgres',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            exclude: ['server/outage.test.ts'],
            env: {
              TEST_DATABASE: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite',
              TEST_REDIS: process.env.TEST_REDIS_URL ? 'redis' : 'mock',
            },
            testTimeout: 30_000,
            hookTimeout: 30_000,
          },
        },
        {
          // Stops the shared PostgreSQL and Redis test servers mid-run, so it runs alone (CI,
          // after the server suites): see server/outage.test.ts.
          test: {
            name: 'outage',
            environment: 'node',
            include: ['server/outage.test.ts'],
            env: { TEST_DATABASE: 'postgres', TEST_REDIS: 'redis' },
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          plugins: [storybookTest({ configDir: '.storybook' })],
          test: {
            name: 'storybook',
            setupFiles: ['.storybook/vitest.setup.ts'],
            globalSetup: ['.storybook/chromium.setup.ts'],
            // Two story files at a time, each in its own page: both cores busy (Vitest's default
            // on 2 cores is one).
            maxWorkers: 2,
            testTimeout: 30_000,
            // VITEST_BROWSER_PORT moves the browser runner's port, for two checkouts testing side by side.
            ...(process.env.VITEST_BROWSER_PORT ? { api: { port: Number(process.env.VITEST_BROWSER_PORT) + 1 } } : {}),
            browser: {
              ...(process.env.VITEST_BROWSER_PORT ? { api: { port: Number(process.env.VITEST_BROWSER_PORT) } } : {}),
              enabled: true,
              headless: true,
              // Lists the baselines the stories take, so leftovers can be found (scripts/baselines.mjs).
              commands: { recordBaseline },
              viewport: { width: 1280, height: 800 },
              provider: playwright({
                // Named, not unpacked: every run loads this config; the stories' global set-up unpacks it.
                launchOptions: launchOptions({ unpack: false }),
                contextOptions: { reducedMotion: 'reduce', deviceScaleFactor: 1, colorScheme: 'light' },
              }),
              instances: [{ browser: 'chromium' }],
              expect: {
                toMatchScreenshot: {
                  comparatorName: 'pixelmatch',
                  // Strict: one pinned browser on one machine kind renders the same pixels, so no
                  // pixel may differ by more than about two levels of brightness (pixelmatch's
                  // threshold 0.01), anti-aliased pixels included. That tolerance is for the
                  // rasteriser alone: it draws an anti-aliased edge one level off now and then
                  // (seen on rounded corners next to a focus ring, and beside a fading toast). A
                  // one-shade change of any colour token moves pixels by 8 levels and more.
                  // A baseline changes only on purpose (npm run screenshots:update);
                  // `npm run test:visual-gate` proves this catches a one-shade colour change in
                  // light and in dark, a 1 px spacing or border change, a font weight, a border
                  // radius and a hidden element.
                  comparatorOptions: { threshold: 0.01, allowedMismatchedPixelRatio: 0, includeAA: true },
                },
              },
            },
          },
        },
      ],
    },
  }),
);
