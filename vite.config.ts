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

/** The first screen of each public entry URL: its chunks are fetched alongside the entry chunk. */
const FIRST_SCREENS: Record<string, string[]> = {
  '/': ['src/routes/landing.route.tsx'],
  '/login': ['src/routes/data.layout.tsx', 'src/routes/login.route.tsx'],
  '/register': ['src/routes/data.layout.tsx', 'src/routes/register.route.tsx'],
};

/**
 * Routes are lazy chunks, so a browser would only discover the landing page's chunk after the entry
 * chunk has run (one more round trip before anything paints). This adds to index.html:
 *  - a tiny inline script that modulepreloads the chunks of the URL being opened (see FIRST_SCREENS);
 *  - a preload of the Latin Inter font, so text does not reflow when the font arrives late.
 */
function firstScreenPreload(): Plugin {
  return {
    name: 'pathforge:first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || already.has(fileName)) return;
          into.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) closure(imported, into);
        };
        const byPath: Record<string, string[]> = {};
        for (const [path, modules] of Object.entries(FIRST_SCREENS)) {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
            if (chunk) closure(chunk.fileName, files);
          }
          byPath[path] = [...files].map((file) => `/${file}`);
        }
        const font = Object.keys(bundle).find((name) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(name));
        const script =
          `(function(m){var f=m[location.pathname.replace(/\\/$/,'')||'/'];if(f)f.forEach(function(h){` +
          `var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})` +
          `(${JSON.stringify(byPath)})`;
        return [
          ...(font
            ? [{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' }, injectTo: 'head' as const }]
            : []),
          { tag: 'script', children: script, injectTo: 'head' as const },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), firstScreenPreload()],
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
