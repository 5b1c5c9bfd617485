#!/usr/bin/env node
/**
 * The landing page's platform-overview images are screenshots of PathForge's own screens: the committed
 * story baselines listed in overview-images.json, copied to public/images/overview/.
 *
 *   node scripts/overview-images.mjs          copy every source over its target
 *   node scripts/overview-images.mjs --check  exit 1, listing each target that is missing or differs
 *
 * Paths in the list are relative to the repository root. No dependencies.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {{ source: string; target: string }[]} */
export const overviewImages = JSON.parse(readFileSync(join(root, 'scripts/overview-images.json'), 'utf8')).images;

/** Targets that are missing or not byte-equal to their source (relative paths). */
export function staleOverviewImages() {
  return overviewImages.filter(({ source, target }) => {
    const to = join(root, target);
    return !existsSync(to) || !readFileSync(join(root, source)).equals(readFileSync(to));
  });
}

function main() {
  const missing = overviewImages.filter(({ source }) => !existsSync(join(root, source)));
  if (missing.length > 0) {
    console.error(`overview-images: source baseline not found:\n${missing.map((m) => `  ${m.source}`).join('\n')}`);
    process.exit(1);
  }
  const stale = staleOverviewImages();
  if (process.argv.includes('--check')) {
    if (stale.length > 0) {
      console.error(
        `overview-images: ${stale.length} image(s) differ from their baseline (run npm run overview:images):\n` +
          stale.map((s) => `  ${s.target}  <-  ${s.source}`).join('\n'),
      );
      process.exit(1);
    }
    console.log(`overview-images: ${overviewImages.length} image(s) match their baselines`);
    return;
  }
  for (const { source, target } of stale) {
    mkdirSync(dirname(join(root, target)), { recursive: true });
    copyFileSync(join(root, source), join(root, target));
    console.log(`overview-images: ${target}  <-  ${source}`);
  }
  console.log(`overview-images: ${stale.length} copied, ${overviewImages.length - stale.length} already up to date`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
