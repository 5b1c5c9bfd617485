import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes a .gz and a .br copy of every text asset at build time, so the static server
 * (scripts/serve.mjs) sends compressed files without compressing on each request, as a CDN does.
 * It compresses the files as written (`writeBundle`): in `generateBundle` Vite has not yet
 * finalised the chunks (e.g. its `__VITE_PRELOAD__` placeholders), and the copies would differ.
 */
function precompress(): Plugin {
  return {
    name: 'pathforge:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(fileName)) continue;
        const buffer = readFileSync(join(dir, fileName));
        if (buffer.length < 1024) continue;
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(buffer, { level: 9 }));
        writeFileSync(
          join(dir, `${fileName}.br`),
          brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      // Chakra's theme modules one by one (the package exports only the aggregate './theme', which
      // imports every recipe Chakra has; once two chunks share it, all of them land in the entry).
      {
        find: /^@chakra-theme\/(.+)$/,
        replacement: fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme/$1.js', import.meta.url)),
      },
    ],
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // scripts/size.mjs reads it to know what each page loads.
    manifest: true,
  },
});
