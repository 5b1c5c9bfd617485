#!/usr/bin/env node
/** `npm run chromatic`: publishes Storybook to Chromatic, only for a team with a project token. */
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('CHROMATIC_PROJECT_TOKEN is not set: nothing was published to Chromatic.');
  console.log('Set it to your Chromatic project token to publish (our own visual tests run in `npm test`).');
  process.exit(0);
}
const result = spawnSync('chromatic', ['--exit-zero-on-changes', '--build-script-name', 'build-storybook', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
