// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overviewShots } from './sections.content';

/**
 * The landing page's Platform overview shows PathForge's real screens: each public image must be
 * byte-equal to the story baseline it was copied from (`npm run overview:images` refreshes them).
 */
const root = join(import.meta.dirname, '../../..');
const { images } = JSON.parse(readFileSync(join(root, 'scripts/overview-images.json'), 'utf8')) as {
  images: { source: string; target: string }[];
};

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe('platform overview images', () => {
  it('lists one image per screenshot on the page, served from public/images/overview', () => {
    expect(images.map((i) => i.target)).toEqual(overviewShots.map((shot) => `public${shot.src}`));
  });

  it.each(images)('$target equals its baseline $source', ({ source, target }) => {
    expect(readFileSync(join(root, target)).equals(readFileSync(join(root, source)))).toBe(true);
  });

  it.each(overviewShots)('$src declares the PNG’s real width and height', (shot) => {
    const size = pngSize(readFileSync(join(root, 'public', shot.src)));
    expect(size).toEqual({ width: shot.width, height: shot.height });
  });
});
