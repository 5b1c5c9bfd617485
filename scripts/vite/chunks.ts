import { resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** Set while the first pass of `chunks()` runs (the nested build loads this config again). */
const FIRST_PASS = 'PATHFORGE_CHUNKS_FIRST_PASS';
/** The query that marks a module an own entry imports: its copy, in that entry's chunk. */
const COPY_QUERY = 'own-entry';
const COPY_PATTERN = new RegExp(`[?&]${COPY_QUERY}$`);
const isCopy = (id: string) => COPY_PATTERN.test(id);

type Options = {
  /** This config file, for the first pass (`fileURLToPath(import.meta.url)` in vite.config.ts). */
  configFile: string;
  /** A module whose small shared chunks are merged into one (`/src/routes/landing.route.tsx`). */
  page: string;
  /** Modules the page imports later (its deferred parts): each one chunk with the small chunks it alone would add. */
  later: string[];
  /**
   * Modules kept out of the entry chunk (entries of their own: `/src/delivery/boot.ts`). What they import
   * is copied into them, never shared with the entry (5.).
   */
  ownEntries: string[];
};

/**
 * How the browser build cuts its chunks (client build only; Rolldown's `output.codeSplitting`):
 *
 *  1. **The entry is one chunk**: every module `index.html` loads statically. Left alone, Rolldown
 *     cut pieces of it (React, Chakra's styled-system, our theme) into chunks of their own, which the
 *     entry imports at once anyway: more requests, each compressed on its own, and names in the
 *     entry's preload map.
 *  2. **The page's small parts are one chunk.** The modules the page (the landing route) shares
 *     with other lazy routes (Chakra's Flex, Grid, Link, Badge…, lucide's icons, our Logo) got a
 *     chunk each, or one per set of routes sharing it: many tiny chunks (a request each) for the
 *     landing page. Which modules they are is known only once Rolldown has cut its chunks (its
 *     module graph goes through the libraries' index files, which import everything), so a first
 *     pass builds without writing (chunks only, not minified) and reads them; the build proper puts
 *     them in one chunk, `page-parts`. A route that needs one of them loads that chunk as it loaded
 *     the small ones. Only those modules move, not what they import (in the entry already).
 *  3. **What the page loads later comes in two chunks each** (`later`: its deferred parts, loaded on
 *     the visitor's first interaction): the module's own, and one with the small shared chunks it
 *     would pull in (`<name>-parts`).
 *  4. **A shared chunk is named by its hash alone** (a route's chunk keeps its name): the entry's
 *     preload map lists every chunk a lazy route needs by file name, and a shared chunk's name was
 *     only that of its first module: bytes of the entry that said nothing. Grouping the routes'
 *     shared code into fewer chunks (Rolldown's `entriesAware` with small sets merged) would save a
 *     little more of the entry but add far more to /login's JavaScript: not done.
 *  5. **An own entry imports no chunk.** The boot script of a prerendered page shares its names with
 *     the app (src/delivery/constants.ts), but must not load the app's entry when it runs: every module
 *     an own entry imports (and what that imports) is resolved as a copy of its own (`?own-entry`), which
 *     lands in the own entry's chunk and nowhere else. The app keeps the module itself.
 */
export function chunks({ configFile, page, later, ownEntries }: Options): Plugin {
  let root = '';
  /** An own entry, or a module copied for one. */
  const own = (id: string) => ownEntries.some((entry) => id === `${root}${entry}`) || isCopy(id);
  return {
    name: 'pathforge:chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    resolveId: {
      // Before Vite's own resolver, which would answer with the module the app shares.
      order: 'pre',
      async handler(source, importer, options) {
        if (!importer || !own(importer)) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved || resolved.external || isCopy(resolved.id)) return resolved;
        return { ...resolved, id: `${resolved.id}${resolved.id.includes('?') ? '&' : '?'}${COPY_QUERY}` };
      },
    },
    async config(user, env) {
      root = resolve(user.root ?? '.');
      const entry = { name: 'index', tags: ['$initial' as const], test: (id: string) => !own(id) };
      if (process.env[FIRST_PASS]) return { build: { rolldownOptions: { output: { codeSplitting: { groups: [entry] } } } } };

      process.env[FIRST_PASS] = '1';
      let output: Rollup.RollupOutput;
      try {
        const result = await build({ configFile, root, mode: env.mode, logLevel: 'silent', build: { write: false, minify: false, sourcemap: false } });
        output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
      } finally {
        delete process.env[FIRST_PASS];
      }
      const chunkList = output.output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
      const pageChunk = chunkList.find((chunk) => chunk.facadeModuleId === `${root}${page}`);
      const entryChunk = chunkList.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!pageChunk || !entryChunk) throw new Error(`chunks: the first pass has no chunk for ${page} or the entry`);
      // A chunk and every chunk it imports statically, recursively.
      const loaded = (from: Rollup.OutputChunk | undefined, into = new Set<Rollup.OutputChunk>()): Set<Rollup.OutputChunk> => {
        if (!from || into.has(from)) return into;
        into.add(from);
        from.imports.forEach((file) => loaded(byName.get(file), into));
        return into;
      };
      const initial = loaded(entryChunk);
      const partsOf = (from: Rollup.OutputChunk, before: Set<Rollup.OutputChunk>) =>
        new Set([...loaded(from)].filter((chunk) => chunk !== from && !before.has(chunk)).flatMap((chunk) => chunk.moduleIds));
      const parts = partsOf(pageChunk, initial);
      const pageParts = { name: 'page-parts', test: (id: string) => parts.has(id), includeDependenciesRecursively: false };
      const atStart = loaded(pageChunk, new Set(initial));
      const laterGroups = later.map((module) => {
        const chunk = chunkList.find((candidate) => candidate.facadeModuleId === `${root}${module}`);
        if (!chunk) throw new Error(`chunks: the first pass has no chunk for ${module}`);
        const own = partsOf(chunk, atStart);
        return { name: `${chunk.name}-parts`, test: (id: string) => own.has(id), includeDependenciesRecursively: false };
      });
      const chunkFileNames = (chunk: Rollup.PreRenderedChunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/[hash].js');
      return { build: { rolldownOptions: { output: { chunkFileNames, codeSplitting: { groups: [entry, pageParts, ...laterGroups] } } } } };
    },
  };
}
