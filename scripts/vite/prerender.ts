import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import { APP_CHUNKS, PRERENDERED, ROOT_ID } from '../../src/delivery/constants.ts';
import type * as ServerEntry from '../../src/delivery/prerender.tsx';
import { writeCompressedCopies } from './compress.ts';

/** Where a prerendered path's HTML goes: '/' → index.html, '/login' → login/index.html. */
const htmlFileOf = (path: string) => (path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`);

/** index.html's empty #root, which a prerendered page fills. */
const EMPTY_ROOT = `<div id="${ROOT_ID}"></div>`;

/**
 * After the browser build, writes the public entry pages as HTML: builds `entry` (src/delivery/prerender.tsx)
 * for Node beside the project (so it imports the project's node_modules), renders each page it lists
 * into the built index.html and writes it as `<path>/index.html`. The untouched index.html stays as
 * shell.html, which scripts/serve.mjs answers every other URL with. A page that fails to render fails
 * the build. A prerendered page differs from the shell in three ways:
 *  - its #root holds the page (`data-prerendered` tells src/main.tsx to hydrate it) and its <head> the
 *    page's styles, so the first paint needs nothing but the HTML and the font;
 *  - the entry's small stylesheet (the @font-face rules) is inlined: no request before the paint;
 *  - its only script is `boot` (src/delivery/boot.ts, built as an entry of its own that imports no
 *    other chunk), which requests the app's entry, with the page's route chunks beside it, later
 *    (`data-app` lists them). Otherwise the browser runs the whole start-up (long on a
 *    slow phone) as it shows the page it has.
 * The names they share (`data-prerendered`, `data-app`, #root) come from src/delivery/constants.ts.
 */
export function prerender({ entry, boot }: { entry: string; boot: string }): Plugin {
  let root = '';
  return {
    name: 'pathforge:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: (user) => ({ build: { rollupOptions: { input: { index: resolve(user.root ?? '.', 'index.html'), boot: resolve(user.root ?? '.', boot) } } } }),
    configResolved: (config) => void (root = config.root),
    writeBundle: {
      // After precompress has written its copies (this hook rewrites index.html).
      sequential: true,
      order: 'post',
      async handler({ dir = resolve(root, 'dist') }, bundle) {
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const chunkOf = (module: string) => chunks.find((chunk) => chunk.facadeModuleId === resolve(root, `.${module}`));
        const shell = readFileSync(join(dir, 'index.html'), 'utf8');
        writeFileSync(join(dir, 'shell.html'), shell);
        writeCompressedCopies(join(dir, 'shell.html'));
        const { html, loaded } = withoutScripts(shell, dir);
        const bootChunk = chunkOf(`/${boot}`) ?? fail(`prerender: no chunk for ${boot}`);
        // Loaded before the app and meant to be small: importing a chunk would load the app's entry at once.
        if (bootChunk.imports.length > 0 || bootChunk.dynamicImports.length > 0)
          fail(`prerender: ${boot} imports other chunks (${[...bootChunk.imports, ...bootChunk.dynamicImports].join(', ')})`);
        const bootFile = bootChunk.fileName;
        const server = await buildServerEntry(root, entry);
        try {
          for (const { path, modules } of server.module.pages()) {
            // The page's route chunks, with what they import, that the entry does not load already.
            const app = new Set(loaded);
            const add = (chunk: Rollup.OutputChunk | undefined) => {
              if (!chunk || app.has(chunk.fileName)) return;
              app.add(chunk.fileName);
              chunk.imports.forEach((file) => add(chunks.find((c) => c.fileName === file)));
            };
            for (const module of modules) add(chunkOf(module) ?? fail(`prerender: no chunk for ${module}`));
            const page = await server.module.render(path);
            const file = join(dir, htmlFileOf(path));
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(
              file,
              html
                .replace('</head>', () => `${page.styles}</head>`)
                .replace(EMPTY_ROOT, () => {
                  const urls = [...app].map((name) => `/${name}`).join(' ');
                  return `<div id="${ROOT_ID}" ${PRERENDERED}="${path}">${page.html}</div><script type="module" crossorigin src="/${bootFile}" ${APP_CHUNKS}="${urls}"></script>`;
                }),
            );
            writeCompressedCopies(file);
          }
        } finally {
          server.remove();
        }
      },
    },
  };
}

const fail = (message: string): never => {
  throw new Error(message);
};

/** The shell without its scripts and preloads (their files, entry first, in `loaded`), its stylesheet inlined. */
function withoutScripts(shell: string, dir: string) {
  const loaded: string[] = [];
  let html = shell.replace(
    /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="\/([^"]+)">(?:<\/script>)?/g,
    (_tag, file: string) => {
      loaded.push(file);
      return '';
    },
  );
  if (!loaded[0]?.endsWith('.js') || !html.includes(EMPTY_ROOT)) fail('prerender: index.html should load one module script and have an empty #root');
  html = html.replace(/\s*<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_tag, sheet: string) => {
    const css = readFileSync(join(dir, sheet), 'utf8');
    return css.includes('</') ? fail(`prerender: ${sheet} cannot be inlined`) : `<style>${css}</style>`;
  });
  return { html, loaded };
}

/**
 * Builds the server entry for Node inside node_modules/.cache (its imports resolve to the project's
 * packages), in a folder of this build's own: builds run side by side (npm test's, the journeys').
 */
async function buildServerEntry(root: string, entry: string) {
  const dir = join(root, `node_modules/.cache/pathforge-prerender-${process.pid}`);
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: entry,
      outDir: dir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const module = (await import(pathToFileURL(join(dir, 'prerender.mjs')).href)) as typeof ServerEntry;
  return { module, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
