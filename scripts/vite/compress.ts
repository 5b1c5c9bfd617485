import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth sending compressed. */
export const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.gz` and `<file>.br` beside a built file, as a CDN would serve them (the static
 * server picks one by Accept-Encoding). Files under 1 KiB are left alone: compression gains nothing.
 */
export function writeCompressedCopies(file: string): void {
  const buffer = readFileSync(file);
  if (buffer.length < 1024) return;
  writeFileSync(`${file}.gz`, gzipSync(buffer, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
