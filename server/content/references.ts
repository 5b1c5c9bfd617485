/**
 * Reference solutions (`content/projects/<slug>/reference/`): a small project that passes every
 * check of its project, and a deliberately broken variant that fails the ones it names. They prove
 * the checks written in content/ can pass and can fail. The layout:
 *
 * - `site/`: the static files of a site (served as the live URL), or `api/server.mjs`: an API with
 *   node:http only, listening on `process.env.PORT` (and `process.env.HOST`, 127.0.0.1 by default);
 * - `repo.json`: the repository the repo checks read: `files` maps a path to its text (`{{liveUrl}}`
 *   becomes the live URL checked), `siteAtRoot` adds the files of `site/` at the repository's root,
 *   `ci` is the conclusion of the latest workflow run on the commit;
 * - `broken.json`: the broken variant: find/replace edits of `site/` or `api/` files, repository files
 *   changed (`null` deletes one), the CI conclusion, and `fails`, the indexes of the requirements it
 *   must fail (every other automatic check still passes).
 *
 * A project without a reference says why in content/README.md ("Projects without a reference").
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { CONTENT_DIR } from './load.ts';

const edits = z.record(z.string().min(1), z.array(z.tuple([z.string().min(1), z.string()])).min(1));
const conclusion = z.enum(['success', 'failure']);

export const referenceRepoSchema = z.strictObject({
  siteAtRoot: z.boolean().optional(),
  files: z.record(z.string().min(1), z.string()),
  ci: conclusion.optional(),
});
export type ReferenceRepo = z.infer<typeof referenceRepoSchema>;

export const brokenVariantSchema = z.strictObject({
  summary: z.string().trim().min(1).max(300),
  site: edits.optional(),
  api: edits.optional(),
  files: z.record(z.string().min(1), z.string().nullable()).optional(),
  ci: conclusion.optional(),
  fails: z.array(z.int().min(0)).min(1),
});
export type BrokenVariant = z.infer<typeof brokenVariantSchema>;

export type Reference = {
  slug: string;
  dir: string;
  /** The files of `site/` (path → text), or null. */
  site: Record<string, string> | null;
  /** The text of `api/server.mjs`, or null. */
  api: string | null;
  repo: ReferenceRepo;
  broken: BrokenVariant;
  /** Every file of the folder, relative to it, with its size in bytes. */
  files: { path: string; bytes: number }[];
};

function walk(dir: string, base = dir): { path: string; bytes: number }[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? walk(full, base) : [{ path: relative(base, full), bytes: statSync(full).size }];
  });
}

/** The reference of a project, or null when it has none. Throws when a JSON file is not valid. */
export function readReference(slug: string, contentDir: string = CONTENT_DIR): Reference | null {
  const dir = join(contentDir, 'projects', slug, 'reference');
  if (!existsSync(dir)) return null;
  const json = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown;
  const siteDir = join(dir, 'site');
  const site = existsSync(siteDir)
    ? Object.fromEntries(walk(siteDir).map(({ path }) => [path.split('\\').join('/'), readFileSync(join(siteDir, path), 'utf8')]))
    : null;
  const apiFile = join(dir, 'api', 'server.mjs');
  return {
    slug,
    dir,
    site,
    api: existsSync(apiFile) ? readFileSync(apiFile, 'utf8') : null,
    repo: referenceRepoSchema.parse(json('repo.json')),
    broken: brokenVariantSchema.parse(json('broken.json')),
    files: walk(dir),
  };
}

/** Applies find/replace edits; every `find` must occur exactly once (a stale edit is an error). */
export function applyEdits(files: Record<string, string>, changes: Record<string, [string, string][]> | undefined, where: string): Record<string, string> {
  const out = { ...files };
  for (const [path, pairs] of Object.entries(changes ?? {})) {
    let text = out[path];
    if (text === undefined) throw new Error(`${where}: edits ${path}, which the reference does not have.`);
    for (const [find, replace] of pairs) {
      const count = text.split(find).length - 1;
      if (count !== 1) throw new Error(`${where}: "${find.slice(0, 60)}" occurs ${count} times in ${path}; it must occur once.`);
      text = text.replace(find, () => replace);
    }
    out[path] = text;
  }
  return out;
}

/** The site, API and repository of the reference or of its broken variant. */
export function variantOf(reference: Reference, variant: 'reference' | 'broken', liveUrl: string) {
  const where = `content/projects/${reference.slug}/reference/broken.json`;
  const broken = variant === 'broken' ? reference.broken : null;
  const site = reference.site && applyEdits(reference.site, broken?.site, where);
  const api = reference.api === null ? null : (applyEdits({ 'server.mjs': reference.api }, broken?.api, where)['server.mjs'] ?? null);
  const files: Record<string, string> = { ...(reference.repo.siteAtRoot && site ? site : {}) };
  for (const [path, text] of Object.entries(reference.repo.files)) files[path] = text.replaceAll('{{liveUrl}}', liveUrl);
  for (const [path, text] of Object.entries(broken?.files ?? {})) {
    if (text === null) delete files[path];
    else files[path] = text.replaceAll('{{liveUrl}}', liveUrl);
  }
  return { site, api, repository: { files, ci: broken?.ci ?? reference.repo.ci ?? null } };
}

/**
 * Why a project has no reference: the list under "Projects without a reference" in
 * content/README.md, one `- \`slug\`: reason` a line.
 */
export function referenceReasons(contentDir: string = CONTENT_DIR): Map<string, string> {
  const readme = readFileSync(join(contentDir, 'README.md'), 'utf8');
  const section = readme.split(/^#+ Projects without a reference\s*$/m)[1]?.split(/^#/m)[0] ?? '';
  return new Map([...section.matchAll(/^- `([a-z0-9-]+)`: (.+)$/gm)].map((m) => [m[1] as string, (m[2] as string).trim()]));
}
