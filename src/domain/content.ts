/**
 * The curriculum as content (`content/` in the repository): the shape of its files and the rules
 * that hold across them. One source for both sides: the server validates and seeds with it, the
 * stories derive their curriculum fixtures from the same files through it.
 *
 * Every path, section, project, task and badge has an id that never changes and is never reused (a
 * removed one is listed in `content/retired.yaml`), and paths and projects a slug that may change
 * (old slugs stay in `formerSlugs` and redirect). Pure: no I/O (the loader is
 * server/content/load.ts), imported by Node directly, so relative imports carry `.ts`.
 */
import './zodInBrowser.ts';
import { z } from 'zod';
import { requirementSchema } from './verification.ts';

export const LEVEL_VALUES = ['beginner', 'intermediate', 'advanced'] as const;
export const CATEGORY_VALUES = ['web', 'data', 'mobile'] as const;
export const ID_KINDS = { path: 'path', section: 'sec', project: 'prj', task: 'task', badge: 'badge' } as const;

/** Spec §9: a project pays 500 to 1500 XP; projects last 1 to 4 weeks. */
export const PROJECT_XP = { min: 500, max: 1500 } as const;
export const PROJECT_WEEKS = { min: 1, max: 4 } as const;

const idOf = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[0-9a-f]{8}$`), `must be "${prefix}_" and 8 lower-case hex characters`);
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by "-"');
const formerSlug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by "-"');
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const list = (max: number, min = 1) => z.array(text(200)).min(min, `needs at least ${min}`).max(max, `at most ${max}`);

export const taskFileSchema = z.strictObject({ id: idOf(ID_KINDS.task), title: text(90) });

export const resourceSchema = z.strictObject({
  title: text(120),
  type: z.enum(['doc', 'github']),
  url: z.url({ protocol: /^https$/, error: 'must be an https URL' }),
});

/** `content/projects/<slug>/project.yaml`; its Markdown brief is `brief.md` beside it. */
export const projectFileSchema = z.strictObject({
  id: idOf(ID_KINDS.project),
  slug,
  formerSlugs: z.array(formerSlug).default([]),
  title: text(80),
  summary: text(200),
  difficulty: z.enum(LEVEL_VALUES),
  durationWeeks: z.int().min(PROJECT_WEEKS.min).max(PROJECT_WEEKS.max),
  hours: z.int().min(1).max(400),
  xp: z.int().min(PROJECT_XP.min).max(PROJECT_XP.max),
  prerequisites: z.array(idOf(ID_KINDS.project)).default([]),
  objectives: list(8),
  skills: list(8),
  /** What the project must do, each with how it is checked (src/domain/verification.ts). */
  requirements: z.array(requirementSchema).min(1, 'needs at least 1').max(12, 'at most 12'),
  resources: z.array(resourceSchema).min(1).max(10),
  tasks: z.array(taskFileSchema).min(1).max(30),
});

export const sectionFileSchema = z.strictObject({
  id: idOf(ID_KINDS.section),
  title: text(80),
  summary: text(200),
  projects: z.array(idOf(ID_KINDS.project)).min(1),
});

/** `content/paths/<slug>.yaml`. */
export const pathFileSchema = z.strictObject({
  id: idOf(ID_KINDS.path),
  slug,
  formerSlugs: z.array(formerSlug).default([]),
  title: text(80),
  summary: text(200),
  level: z.enum(LEVEL_VALUES),
  category: z.enum(CATEGORY_VALUES),
  durationWeeks: z.int().min(1).max(104),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour such as #4F46E5'),
  image: z.string().regex(/^\/images\/[a-z0-9/_-]+\.(svg|png|webp)$/, 'must be a path under /images/').optional(),
  sections: z.array(sectionFileSchema).min(1),
});

/** `content/retired.yaml`: ids that were removed. They stay out of use for ever. */
export const retiredFileSchema = z.strictObject({
  retired: z
    .array(z.strictObject({ id: z.string().regex(/^(path|sec|prj|task|badge)_[0-9a-f]{8}$/), was: text(120), since: z.iso.date() }))
    .default([]),
});

/**
 * Badges (`content/badges.yaml`): what a badge looks like and which rule earns it. The rules
 * themselves are code (src/domain/badges.ts); the file picks a rule and its target.
 * - projects-in-a-week: projects completed within any 7 consecutive local days;
 * - daily-streak: the longest run of active days;
 * - total-xp: XP earned in all;
 * - projects-completed: projects completed in all;
 * - distinct-skills: different skills (technologies) across completed projects;
 * - lines-of-code: lines in the learner's submitted repositories (not measured yet).
 */
export const BADGE_RULES = ['projects-in-a-week', 'daily-streak', 'total-xp', 'projects-completed', 'distinct-skills', 'lines-of-code'] as const;
/** lucide icon names a badge may show (the app maps each to its component). */
export const BADGE_ICONS = ['zap', 'code', 'flame', 'star', 'trophy', 'layers'] as const;
/** Palettes the app has (src/theme/palette.ts, and `brand`). */
export const BADGE_COLORS = ['brand', 'gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export type BadgeRule = (typeof BADGE_RULES)[number];
export type BadgeIcon = (typeof BADGE_ICONS)[number];
export type BadgeColor = (typeof BADGE_COLORS)[number];

export const badgeSchema = z.strictObject({
  id: idOf(ID_KINDS.badge),
  title: text(40),
  description: text(120),
  icon: z.enum(BADGE_ICONS),
  color: z.enum(BADGE_COLORS),
  rule: z.enum(BADGE_RULES),
  target: z.int().min(1).max(10_000_000),
});

/** `content/badges.yaml`: the badges learners can earn, in the order they see them. */
export const badgeFileSchema = z.strictObject({ badges: z.array(badgeSchema) });

export type PathFile = z.infer<typeof pathFileSchema>;
export type ProjectFile = z.infer<typeof projectFileSchema>;
export type RetiredFile = z.infer<typeof retiredFileSchema>;
export type BadgeDefinition = z.infer<typeof badgeSchema>;

/** The content as read from disk, before the cross-file rules. */
export type ContentFiles = {
  paths: { file: string; data: PathFile }[];
  projects: { file: string; data: ProjectFile; brief: string }[];
  retired: RetiredFile;
  badges: { file: string; data: BadgeDefinition[] };
};

// ---------------------------------------------------------------------------------------------
// The curriculum: content after the rules, as the server seeds it and the fixtures show it
// ---------------------------------------------------------------------------------------------

export type CurriculumTask = { id: string; title: string; position: number };

export type CurriculumProject = Omit<ProjectFile, 'tasks'> & {
  pathId: string;
  sectionId: string;
  /** Position in its path, from 0. */
  position: number;
  /** The learner-facing brief, Markdown. */
  brief: string;
  tasks: CurriculumTask[];
};

export type CurriculumSection = { id: string; title: string; summary: string; position: number; projectIds: string[] };

export type CurriculumPath = Omit<PathFile, 'sections'> & {
  position: number;
  sections: CurriculumSection[];
  /** Sum of its projects' hours. */
  totalHours: number;
};

export type Curriculum = {
  paths: CurriculumPath[];
  projects: CurriculumProject[];
  retiredIds: string[];
  /** The badges learners can earn, in the file's order. */
  badges: BadgeDefinition[];
};

/**
 * The rules across files. Returns the curriculum, or every problem found (a sentence each, naming
 * the file), so `npm run content:check` reports them all at once.
 */
export function buildCurriculum(files: ContentFiles): { ok: true; curriculum: Curriculum } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const seenIds = new Map<string, string>();
  const claim = (id: string, where: string) => {
    const earlier = seenIds.get(id);
    if (earlier) problems.push(`${where}: id ${id} is already used by ${earlier}.`);
    else seenIds.set(id, where);
  };
  const retired = new Map(files.retired.retired.map((r) => [r.id, r]));

  const projectsById = new Map(files.projects.map((p) => [p.data.id, p]));
  const slugOwners = { path: new Map<string, string>(), project: new Map<string, string>() };
  const claimSlug = (kind: 'path' | 'project', value: string, id: string, where: string) => {
    const owner = slugOwners[kind].get(value);
    if (owner && owner !== id) problems.push(`${where}: the ${kind} slug "${value}" also belongs to ${owner}.`);
    else slugOwners[kind].set(value, id);
  };

  for (const { file, data } of files.paths) {
    if (!file.endsWith(`/${data.slug}.yaml`)) problems.push(`${file}: the file name must be its slug, ${data.slug}.yaml.`);
    claim(data.id, file);
    claimSlug('path', data.slug, data.id, file);
    for (const former of data.formerSlugs) claimSlug('path', former, data.id, file);
    for (const section of data.sections) claim(section.id, `${file} (section "${section.title}")`);
  }
  for (const { file, data, brief } of files.projects) {
    if (!file.endsWith(`/${data.slug}/project.yaml`)) problems.push(`${file}: the folder name must be its slug, ${data.slug}.`);
    if (brief.trim() === '') problems.push(`${file}: brief.md beside it is missing or empty.`);
    claim(data.id, file);
    claimSlug('project', data.slug, data.id, file);
    for (const former of data.formerSlugs) claimSlug('project', former, data.id, file);
    for (const task of data.tasks) claim(task.id, `${file} (task "${task.title}")`);
  }
  for (const badge of files.badges.data) claim(badge.id, `${files.badges.file} (badge "${badge.title}")`);
  for (const [id, where] of seenIds) {
    const gone = retired.get(id);
    if (gone) problems.push(`${where}: id ${id} is retired (it was ${gone.was}); an id is never reused: mint a new one.`);
  }

  // Every project in exactly one path section; every listed project exists.
  const placement = new Map<string, { pathId: string; sectionId: string; position: number; where: string }>();
  for (const { file, data } of files.paths) {
    let position = 0;
    for (const section of data.sections) {
      for (const projectId of section.projects) {
        if (!projectsById.has(projectId)) {
          problems.push(`${file}: section "${section.title}" lists ${projectId}, which no project has.`);
          continue;
        }
        const earlier = placement.get(projectId);
        if (earlier) problems.push(`${file}: ${projectId} is already in ${earlier.where}; a project belongs to one path.`);
        else placement.set(projectId, { pathId: data.id, sectionId: section.id, position: position++, where: file });
      }
    }
  }
  for (const { file, data } of files.projects) {
    if (!placement.has(data.id)) problems.push(`${file}: no path lists this project; every project belongs to a path.`);
    for (const required of data.prerequisites) {
      if (required === data.id) problems.push(`${file}: a project cannot be its own prerequisite.`);
      else if (!projectsById.has(required)) problems.push(`${file}: prerequisite ${required} is not a project.`);
    }
  }
  for (const cycle of prerequisiteCycles(files.projects.map((p) => p.data))) {
    problems.push(`Prerequisites form a cycle: ${cycle.map((id) => projectsById.get(id)?.data.title ?? id).join(' → ')}.`);
  }
  if (problems.length > 0) return { ok: false, problems };

  const projects: CurriculumProject[] = [];
  for (const { data, brief } of files.projects) {
    const place = placement.get(data.id) as { pathId: string; sectionId: string; position: number };
    const { tasks, ...rest } = data;
    projects.push({
      ...rest,
      pathId: place.pathId,
      sectionId: place.sectionId,
      position: place.position,
      brief: brief.trim(),
      tasks: tasks.map((task, position) => ({ ...task, position })),
    });
  }
  const pathOrder = new Map(files.paths.map(({ data }, index) => [data.id, index]));
  projects.sort((a, b) => (pathOrder.get(a.pathId) ?? 0) - (pathOrder.get(b.pathId) ?? 0) || a.position - b.position);
  const hours = new Map<string, number>();
  for (const p of projects) hours.set(p.pathId, (hours.get(p.pathId) ?? 0) + p.hours);
  const paths: CurriculumPath[] = files.paths.map(({ data }, position) => {
    const { sections, ...rest } = data;
    return {
      ...rest,
      position,
      totalHours: hours.get(data.id) ?? 0,
      sections: sections.map((section, index) => ({
        id: section.id,
        title: section.title,
        summary: section.summary,
        position: index,
        projectIds: section.projects,
      })),
    };
  });
  return { ok: true, curriculum: { paths, projects, retiredIds: [...retired.keys()], badges: files.badges.data } };
}

/** Every cycle in the prerequisite graph (as a list of project ids, the first repeated last). */
export function prerequisiteCycles(projects: { id: string; prerequisites: string[] }[]): string[][] {
  const edges = new Map(projects.map((p) => [p.id, p.prerequisites]));
  const state = new Map<string, 'visiting' | 'done'>();
  const cycles: string[][] = [];
  const stack: string[] = [];
  const visit = (id: string) => {
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(id, 'done');
  };
  for (const id of edges.keys()) if (!state.has(id)) visit(id);
  return cycles;
}

/** A zod error as sentences naming the file and the field: `content/…yaml: tasks.2.title must not be empty`. */
export function describeIssues(file: string, error: z.ZodError): string[] {
  return error.issues.flatMap((issue) =>
    explainIssue(issue).map(({ path, message }) => `${file}: ${path.length > 0 ? `${path.join('.')}: ` : ''}${message}`),
  );
}

const CHECK_VOCABULARY =
  'kind page (rule dom, no-horizontal-scroll, axe or valid-html), http (steps), repo (rule file, absent, contains or readme-links-live), ci or review';

/**
 * A check or a page step is a union: zod answers "Invalid input" for it. Say instead what is wrong:
 * the check is missing, it is not in the vocabulary, or (when one kind and rule match) which of its
 * fields is wrong.
 */
function explainIssue(issue: z.core.$ZodIssue, at: PropertyKey[] = []): { path: PropertyKey[]; message: string }[] {
  const path = [...at, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ path, message: issue.message }];
  const last = path.at(-1);
  const isCheck = last === 'check';
  const isStep = path.at(-2) === 'steps';
  if (!isCheck && !isStep) return [{ path, message: issue.message }];
  const missing = issue.errors.every((branch) => branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0);
  if (isCheck && missing) return [{ path, message: `missing: every requirement says how it is checked (${CHECK_VOCABULARY})` }];
  // The branch whose kind and rule matched: its own problems are the ones to fix.
  const matched = issue.errors.filter((branch) =>
    branch.every((i) => !['kind', 'rule'].includes(String(i.path[0])) && i.code !== 'unrecognized_keys'),
  );
  const [only] = matched;
  if (only && matched.length === 1) return only.flatMap((i) => explainIssue(i, path));
  return [
    {
      path,
      message: isCheck
        ? `not a check of the vocabulary: use ${CHECK_VOCABULARY}, with their fields (src/domain/verification.ts)`
        : 'not a page step: use { click }, { type, text }, { expect, min?, text? } or { expectNone }',
    },
  ];
}
