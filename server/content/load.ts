/**
 * Reads `content/` from disk: every file parsed (YAML), checked against its schema and then the
 * rules across files (src/domain/content.ts), and hashed, so the seeder can tell whether it changed.
 * Used by the API at start, by `npm run content:check`, and by the Vite plugin that gives stories
 * their curriculum fixtures.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import {
  badgeFileSchema,
  buildCurriculum,
  describeIssues,
  pathFileSchema,
  projectFileSchema,
  retiredFileSchema,
  skillsFileSchema,
  type ContentFiles,
  type Curriculum,
} from '../../src/domain/content.ts';

/** The repository's `content/` folder. */
export const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

export class ContentError extends Error {
  override name = 'ContentError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The curriculum in content/ has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n- ${problems.join('\n- ')}`);
    this.problems = problems;
  }
}

/** A curriculum with the version the seeder compares. */
export type LoadedCurriculum = Curriculum & {
  /** sha256 of the whole curriculum: unchanged content, nothing to seed. */
  version: string;
};

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

function readYaml(dir: string, file: string, problems: string[]): unknown {
  const name = relative(join(dir, '..'), file);
  try {
    return parse(readFileSync(file, 'utf8'), { prettyErrors: true });
  } catch (error) {
    problems.push(`${name}: not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return undefined;
  }
}

/** Loads and checks the content. Throws ContentError listing every problem. */
export function loadCurriculum(dir: string = CONTENT_DIR): LoadedCurriculum {
  const problems: string[] = [];
  const name = (file: string) => relative(join(dir, '..'), file);
  const files: ContentFiles = {
    paths: [],
    projects: [],
    retired: { retired: [] },
    badges: { file: name(join(dir, 'badges.yaml')), data: [] },
    skills: { file: name(join(dir, 'skills.yaml')), data: [] },
  };

  const pathDir = join(dir, 'paths');
  for (const entry of existsSync(pathDir) ? readdirSync(pathDir).sort() : []) {
    if (!entry.endsWith('.yaml')) continue;
    const file = join(pathDir, entry);
    const raw = readYaml(dir, file, problems);
    if (raw === undefined) continue;
    const parsed = pathFileSchema.safeParse(raw);
    if (parsed.success) files.paths.push({ file: name(file), data: parsed.data });
    else problems.push(...describeIssues(name(file), parsed.error));
  }
  const projectDir = join(dir, 'projects');
  for (const entry of existsSync(projectDir) ? readdirSync(projectDir).sort() : []) {
    const file = join(projectDir, entry, 'project.yaml');
    if (!existsSync(file)) {
      problems.push(`${name(join(projectDir, entry))}: no project.yaml in it.`);
      continue;
    }
    const raw = readYaml(dir, file, problems);
    if (raw === undefined) continue;
    const parsed = projectFileSchema.safeParse(raw);
    const briefFile = join(projectDir, entry, 'brief.md');
    const brief = existsSync(briefFile) ? readFileSync(briefFile, 'utf8') : '';
    if (parsed.success) files.projects.push({ file: name(file), data: parsed.data, brief });
    else problems.push(...describeIssues(name(file), parsed.error));
  }
  const retiredFile = join(dir, 'retired.yaml');
  if (existsSync(retiredFile)) {
    const parsed = retiredFileSchema.safeParse(readYaml(dir, retiredFile, problems) ?? {});
    if (parsed.success) files.retired = parsed.data;
    else problems.push(...describeIssues(name(retiredFile), parsed.error));
  }
  // The badges learners can earn: `content/badges.yaml` (their rules are code, src/domain/badges.ts).
  const badgeFile = join(dir, 'badges.yaml');
  if (!existsSync(badgeFile)) problems.push(`${name(badgeFile)}: missing; it lists the badges learners can earn.`);
  else {
    const raw = readYaml(dir, badgeFile, problems);
    if (raw !== undefined) {
      const parsed = badgeFileSchema.safeParse(raw);
      if (parsed.success) files.badges.data = parsed.data.badges;
      else problems.push(...describeIssues(name(badgeFile), parsed.error));
    }
  }
  // The one vocabulary of skills: `content/skills.yaml`.
  const skillsFile = join(dir, 'skills.yaml');
  if (!existsSync(skillsFile)) problems.push(`${name(skillsFile)}: missing; it lists every skill a project may name, with its category.`);
  else {
    const raw = readYaml(dir, skillsFile, problems);
    if (raw !== undefined) {
      const parsed = skillsFileSchema.safeParse(raw);
      if (parsed.success) files.skills.data = parsed.data.skills;
      else problems.push(...describeIssues(name(skillsFile), parsed.error));
    }
  }
  if (files.paths.length === 0) problems.push(`${name(pathDir)}: no learning path found.`);
  // The order learners see the paths in: `content/order.yaml` lists their slugs.
  const orderFile = join(dir, 'order.yaml');
  if (existsSync(orderFile)) {
    const order = readYaml(dir, orderFile, problems) as { paths?: unknown } | undefined;
    const slugs = Array.isArray(order?.paths) ? order.paths.map(String) : [];
    const rank = (slug: string) => (slugs.indexOf(slug) === -1 ? Number.MAX_SAFE_INTEGER : slugs.indexOf(slug));
    files.paths.sort((a, b) => rank(a.data.slug) - rank(b.data.slug));
    for (const { data, file } of files.paths) {
      if (!slugs.includes(data.slug)) problems.push(`${name(orderFile)}: does not list ${data.slug} (${file}).`);
    }
    for (const slug of slugs) {
      if (!files.paths.some(({ data }) => data.slug === slug)) problems.push(`${name(orderFile)}: lists ${slug}, which no path has.`);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);

  const built = buildCurriculum(files);
  if (!built.ok) throw new ContentError(built.problems);
  const { curriculum } = built;
  return { ...curriculum, version: sha256(curriculum) };
}

const loaded = new Map<string, LoadedCurriculum>();
/** loadCurriculum, once per folder per process (the API and the test suite start many apps). */
export function loadCurriculumOnce(dir: string = CONTENT_DIR): LoadedCurriculum {
  let curriculum = loaded.get(dir);
  if (!curriculum) {
    curriculum = loadCurriculum(dir);
    loaded.set(dir, curriculum);
  }
  return curriculum;
}
