import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import type { pages, PrerenderedPage, render } from '../../src/prerender.tsx';
import { writeCompressedCopies } from './compress.ts';

/** What the server entry exports. */
type PrerenderModule = { render: typeof render; pages: typeof pages };

/** The file every other URL is answered with (scripts/serve.mjs): the app with an empty #root. */
const SHELL_FILE = 'shell.html';

/** Where a prerendered path's HTML goes: '/' → index.html, '/login' → login/index.html. */
const htmlFileOf = (path: string) => (path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`);

export type PrerenderOptions = {
  /** The module that renders a path to HTML and lists the pages, built for Node. */
  entry: string;
  /** The script a prerendered page loads first (built as an entry of its own): it starts the app. */
  boot: string;
};

/**
 * After the browser build, writes the public entry pages as HTML (see src/prerender.tsx): builds
 * `entry` for Node beside the project (so it imports the project's node_modules), renders each
 * page it lists into the built index.html and writes it as `<path>/index.html`. The untouched
 * index.html stays as shell.html for every other URL. A page that fails to render fails the build.
 *
 * A prerendered page differs from the shell in three ways:
 *  - its #root holds the page (`data-prerendered` tells main.tsx to hydrate it) and its <head>
 *    the page's styles, so the first paint needs nothing but the HTML and the font;
 *  - the entry's small stylesheet (the @font-face rules) is inlined: no request before the paint;
 *  - the app's scripts are not in <head>: only `boot` (src/boot.ts), which requests them, with the
 *    page's route chunks beside the entry, on the first click or key press or once the browser is
 *    idle after the load. Otherwise the browser runs the whole start-up (about a second on a slow
 *    phone) before or right after it shows the page it already has.
 */
export function prerender({ entry, boot }: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pathforge:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: (user) => ({
      build: { rollupOptions: { input: { index: resolve(user.root ?? '.', 'index.html'), boot: resolve(user.root ?? '.', boot) } } },
    }),
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      // After precompress has written its copies (this hook rewrites index.html).
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        const outDir = resolve(config.root, config.build.outDir);
        const server = await buildServerEntry(config, entry);
        try {
          const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
          writeFileSync(join(outDir, SHELL_FILE), shell);
          writeCompressedCopies(join(outDir, SHELL_FILE));
          const bootChunk = chunksOf(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId === resolve(config.root, boot));
          if (!bootChunk) throw new Error(`prerender: no chunk for ${boot}`);
          for (const { path, modules } of server.module.pages()) {
            const page = await server.module.render(path);
            const html = pageHtml({ shell, path, page, outDir, boot: `/${bootChunk.fileName}`, chunksOf: (entryFile) => routeChunksOf(bundle, entryFile, modules.map((m) => join(config.root, m))) });
            const file = join(outDir, htmlFileOf(path));
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, html);
            writeCompressedCopies(file);
          }
        } finally {
          server.remove();
        }
      },
    },
  };
}

/** Builds the server entry for Node inside node_modules/.cache (its imports resolve to the project's packages). */
async function buildServerEntry(config: ResolvedConfig, entry: string) {
  const dir = join(config.root, 'node_modules/.cache/pathforge-prerender');
  await build({
    configFile: config.configFile,
    mode: config.mode,
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
  const module = (await import(pathToFileURL(join(dir, 'prerender.mjs')).href)) as PrerenderModule;
  return { module, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const chunksOf = (bundle: Rollup.OutputBundle) => Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');

/** The chunks a page's route modules need that the entry does not already load, as URLs. */
function routeChunksOf(bundle: Rollup.OutputBundle, entryFile: string, modules: string[]): string[] {
  // `modules`: absolute paths of the page's route modules.
  const chunks = chunksOf(bundle);
  const entry = chunks.find((chunk) => chunk.fileName === entryFile);
  const loadedByEntry = new Set([entryFile, ...(entry?.imports ?? [])]);
  const files = new Set<string>();
  const add = (fileName: string) => {
    if (files.has(fileName) || loadedByEntry.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) add(imported);
  };
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId === module);
    if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
    add(chunk.fileName);
  }
  return [...files].map((file) => `/${file}`);
}

type PageArgs = { shell: string; path: string; page: PrerenderedPage; outDir: string; boot: string; chunksOf(entryFile: string): string[] };

function pageHtml({ shell, path, page, outDir, boot, chunksOf: routeChunks }: PageArgs) {
  let html = shell;
  const take = (pattern: RegExp): string[] => {
    const found: string[] = [];
    html = html.replace(pattern, (_tag, url: string) => {
      found.push(url);
      return '';
    });
    return found;
  };
  const [entryScript, ...extraEntries] = take(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g);
  if (!entryScript || extraEntries.length > 0) throw new Error('prerender: index.html should load exactly one module script');
  const preloads = take(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g);
  for (const sheet of take(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g)) {
    const css = readFileSync(join(outDir, sheet), 'utf8');
    if (css.includes('</')) throw new Error(`prerender: ${sheet} cannot be inlined`);
    html = html.replace('</head>', () => `<style>${css}</style></head>`);
  }
  if (!html.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  const app = [entryScript, ...preloads, ...routeChunks(entryScript.slice(1))].join(' ');
  return html
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" data-prerendered="${path}">${page.html}</div><script type="module" crossorigin src="${boot}" data-app="${app}"></script>`,
    );
}
