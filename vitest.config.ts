import { defineConfig, mergeConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { chromeArgs, chromePath } from './scripts/chromium.ts';

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
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          plugins: [storybookTest({ configDir: '.storybook' })],
          test: {
            name: 'storybook',
            setupFiles: ['.storybook/vitest.setup.ts'],
            testTimeout: 30_000,
            browser: {
              enabled: true,
              headless: true,
              viewport: { width: 1280, height: 800 },
              provider: playwright({
                launchOptions: { executablePath: chromePath, args: chromeArgs },
                contextOptions: { reducedMotion: 'reduce', deviceScaleFactor: 1, colorScheme: 'light' },
              }),
              instances: [{ browser: 'chromium' }],
              expect: {
                toMatchScreenshot: {
                  comparatorName: 'pixelmatch',
                  // Any changed pixel fails: a baseline changes only on purpose (npm run screenshots:update).
                  comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0 },
                },
              },
            },
          },
        },
      ],
    },
  }),
);
