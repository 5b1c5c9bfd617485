import { appendFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { BrowserCommand } from 'vitest/node';

/** Where a run lists the baselines its stories took (read by scripts/baselines.mjs). */
export const TAKEN_FILE = 'test-results/baselines-taken.txt';

/** A screenshot name as Vitest writes it into a file name (its `sanitize`, each path segment on its own). */
const sanitize = (name: string) =>
  name
    .split('/')
    .map((part) =>
      part
        .replace(/\s+/g, '-')
        .replace(/[^\w-]+/g, '')
        .replace(/-{2,}/g, '-'),
    )
    .join('/');

/**
 * A browser command (Node side): the story that just compared `name` took the baseline Vitest keeps
 * for it, `__screenshots__/<story file>/<name>-chromium-<platform>.png` beside the story file.
 */
export const recordBaseline: BrowserCommand<[name: string]> = ({ testPath, project }, name) => {
  if (!testPath) return;
  const file = join(dirname(testPath), '__screenshots__', basename(testPath), `${sanitize(name)}-${project.config.browser.name}-${process.platform}.png`);
  const list = join(project.config.root, TAKEN_FILE);
  mkdirSync(dirname(list), { recursive: true });
  appendFileSync(list, `${file}\n`);
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    recordBaseline: (name: string) => Promise<void>;
  }
}
