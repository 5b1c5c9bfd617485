import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunks } from './scripts/vite/chunks.ts';
import { COMPRESSIBLE, writeCompressedCopies } from './scripts/vite/compress.ts';
import { csp } from './scripts/vite/csp.ts';
import { curriculumModule } from './scripts/vite/curriculum.ts';
import { pageHead } from './scripts/vite/head.ts';
import { prerender } from './scripts/vite/prerender.ts';
import { reactRouterProduction } from './scripts/vite/reactRouter.ts';
import { COLOR_MODE_SCRIPT } from './src/delivery/colorModeScript.ts';

/**
 * Writes a .gz and a .br copy of every text asset at build time, so the static server
 * (scripts/serve.mjs) sends compressed files without compressing on each request, as a CDN does.
 * It compresses the files as written (`writeBundle`): in `generateBundle` Vite has not yet
 * finalised the chunks (e.g. its `__VITE_PRELOAD__` placeholders), and the copies would differ.
 */
function precompress(): Plugin {
  return {
    name: 'pathforge:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (COMPRESSIBLE.test(fileName)) writeCompressedCopies(join(dir, fileName));
      }
    },
  };
}

/**
 * hoist-non-react-statics (with react-is) serves only emotion's `withTheme`, which nothing uses; but
 * as CommonJS without a `sideEffects` field it counts as having side effects, and a bare call to
 * it stayed in the landing page's entry chunk. Both are pure libraries: say so.
 */
function pureCommonJs(): Plugin {
  const pure = /\/node_modules\/(hoist-non-react-statics|react-is)\//;
  return {
    name: 'pathforge:pure-commonjs',
    transform: (_code, id) => (pure.test(id) ? { moduleSideEffects: false } : undefined),
  };
}

/** The learner's stored colour mode, applied by an inline script in <head> before the first paint (src/delivery/colorModeScript.ts). */
function colorModeBeforePaint(): Plugin {
  return {
    name: 'pathforge:color-mode-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: COLOR_MODE_SCRIPT, injectTo: 'head' as const }],
  };
}

/** A preload of the Latin Inter font: text is drawn in it from the first paint, without a reflow when it arrives. */
function fontPreload(): Plugin {
  return {
    name: 'pathforge:font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((name) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(name));
        if (!font) return [];
        const attrs = { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' };
        return [{ tag: 'link', attrs, injectTo: 'head' as const }];
      },
    },
  };
}

export default defineConfig({
  // Order matters: prerender rewrites index.html after precompress has run (its hook is sequential, post).
  plugins: [
    react(),
    reactRouterProduction(),
    curriculumModule(),
    pureCommonJs(),
    colorModeBeforePaint(),
    precompress(),
    fontPreload(),
    prerender({ entry: 'src/delivery/prerender.tsx', boot: 'src/delivery/boot.ts' }),
    // After every page is written (closeBundle, in this order): each page's head tags, then the
    // Content-Security-Policy with the hashes of the inline scripts as served (scripts/vite/csp.ts).
    pageHead(),
    csp(),
    // One entry chunk, and the landing page's small parts in one chunk (scripts/vite/chunks.ts).
    chunks({
      configFile: fileURLToPath(import.meta.url),
      page: '/src/routes/landing.route.tsx',
      later: ['/src/screens/Landing/parts/sections.ts'],
      ownEntries: ['/src/delivery/boot.ts'],
    }),
  ],
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
    // Every browser we support has <link rel="modulepreload"> (Safari since 17); the polyfill
    // would only add its code to the landing page's entry chunk.
    modulePreload: { polyfill: false },
    // scripts/size.mjs reads it to know what each page loads.
    manifest: true,
  },
});
