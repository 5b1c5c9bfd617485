import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESSIBLE, writeCompressedCopies } from '../vite/compress.ts';
import { reactRouterProduction } from '../vite/reactRouter.ts';

/** The floor's build (see main.tsx): the app's compression, Chakra alias and React Router production build, nothing else. */
const precompress: Plugin = {
  name: 'floor:precompress',
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle)) if (COMPRESSIBLE.test(fileName)) writeCompressedCopies(join(options.dir ?? '', fileName));
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), reactRouterProduction(), precompress],
  resolve: {
    alias: [{ find: /^@chakra-theme\/(.+)$/, replacement: fileURLToPath(new URL('../../node_modules/@chakra-ui/react/dist/esm/theme/$1.js', import.meta.url)) }],
  },
  build: { target: 'es2022', outDir: fileURLToPath(new URL('../../dist-floor', import.meta.url)), emptyOutDir: true, modulePreload: { polyfill: false } },
});
