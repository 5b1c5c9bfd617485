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
import { badgeReach } from './badges.ts';
import { BROWSE_CATEGORIES, LEVELS } from './learning.ts';
import { PROJECT_XP, projectXp, type Difficulty } from './xp.ts';

export const LEVEL_VALUES = LEVELS;
/** What a path is about; each skill of the vocabulary belongs to one, and a path to the one most of its skills do. */
export const CATEGORY_VALUES = BROWSE_CATEGORIES;
export type Category = (typeof CATEGORY_VALUES)[number];
export const ID_KINDS = { path: 'path', section: 'sec', project: 'prj', task: 'task', badge: 'badge' } as const;

/**
 * Durations are computed, never typed: a learner is assumed to give a project LEARNER_HOURS_PER_WEEK
 * (evenings and a weekend morning beside work or study), so a project's weeks follow from its
 * hours, and a path's weeks are its projects' weeks one after another. A project lasts 1 to 4
 * weeks (the landing page says so), so at most 40 hours.
 */
export const LEARNER_HOURS_PER_WEEK = 10;
export const PROJECT_WEEKS = { min: 1, max: 4 } as const;

/** The weeks a project of these hours takes at LEARNER_HOURS_PER_WEEK. */
export const projectWeeks = (hours: number): number => Math.ceil(hours / LEARNER_HOURS_PER_WEEK);

const DIFFICULTY_RANK: Record<Difficulty, number> = { beginner: 0, intermediate: 1, advanced: 2 };

const idOf = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[0-9a-f]{8}$`), `must be "${prefix}_" and 8 lower-case hex characters`);
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
  /** A beginner's honest estimate (content/README.md says how it is made); weeks and XP follow from it. */
  hours: z.int().min(1).max(400),
  /** The projects whose skills this one assumes, by id, in any path. */
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
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour such as #4F46E5'),
  image: z
    .string()
    .regex(/^\/images\/[a-z0-9/_-]+\.(svg|png|webp)$/, 'must be a path under /images/')
    .optional(),
  sections: z.array(sectionFileSchema).min(1),
});

/** `content/retired.yaml`: ids that were removed. They stay out of use for ever. */
export const retiredFileSchema = z.strictObject({
  retired: z.array(z.strictObject({ id: z.string().regex(/^(path|sec|prj|task|badge)_[0-9a-f]{8}$/), was: text(120), since: z.iso.date() })).default([]),
});

/** `content/skills.yaml`: the one vocabulary of skills projects teach, each in the category it belongs to. */
export const skillsFileSchema = z.strictObject({
  skills: z.array(z.strictObject({ name: text(40), category: z.enum(CATEGORY_VALUES) })).min(1),
});

/**
 * Badges (`content/badges.yaml`): what a badge looks like and which rule earns it. The rules
 * themselves are code (src/domain/badges.ts); the file picks a rule and its target.
 * - verified-projects: projects whose automatic checks passed;
 * - daily-streak: the longest run of active days;
 * - total-xp: XP earned in all;
 * - projects-completed: projects completed in all;
 * - distinct-skills: different skills of the vocabulary across completed projects.
 * Badges reward learning: no rule counts speed. A badge whose rule no longer fits is retired
 * (`retiredOn`): nobody earns it any more, and those who did keep it.
 */
export const BADGE_RULES = ['verified-projects', 'daily-streak', 'total-xp', 'projects-completed', 'distinct-skills'] as const;
/** Rules of retired badges only: counting projects in a week rewarded rushing. */
export const RETIRED_BADGE_RULES = ['projects-in-a-week'] as const;
/** lucide icon names a badge may show (the app maps each to its component). */
export const BADGE_ICONS = ['zap', 'code', 'flame', 'star', 'trophy', 'layers'] as const;
/** Palettes the app has (src/theme/palette.ts, and `brand`). */
export const BADGE_COLORS = ['brand', 'gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export type BadgeRule = (typeof BADGE_RULES)[number] | (typeof RETIRED_BADGE_RULES)[number];
export type BadgeIcon = (typeof BADGE_ICONS)[number];
export type BadgeColor = (typeof BADGE_COLORS)[number];

export const badgeSchema = z.strictObject({
  id: idOf(ID_KINDS.badge),
  title: text(40),
  description: text(120),
  icon: z.enum(BADGE_ICONS),
  color: z.enum(BADGE_COLORS),
  rule: z.enum([...BADGE_RULES, ...RETIRED_BADGE_RULES]),
  target: z.int().min(1).max(10_000_000),
  /** The day it stopped being awarded; those who earned it keep it. */
  retiredOn: z.iso.date().optional(),
});

/** `content/badges.yaml`: the badges learners can earn, in the order they see them. */
export const badgeFileSchema = z.strictObject({ badges: z.array(badgeSchema) });

export type PathFile = z.infer<typeof pathFileSchema>;
export type ProjectFile = z.infer<typeof projectFileSchema>;
export type RetiredFile = z.infer<typeof retiredFileSchema>;
export type BadgeDefinition = z.infer<typeof badgeSchema>;
export type SkillsFile = z.infer<typeof skillsFileSchema>;

/** The content as read from disk, before the cross-file rules. */
export type ContentFiles = {
  paths: { file: string; data: PathFile }[];
  projects: { file: string; data: ProjectFile; brief: string }[];
  retired: RetiredFile;
  badges: { file: string; data: BadgeDefinition[] };
  skills: { file: string; data: SkillsFile['skills'] };
};

// ---------------------------------------------------------------------------------------------
// The curriculum: content after the rules, as the server seeds it and the fixtures show it
// ---------------------------------------------------------------------------------------------

export type CurriculumTask = { id: string; title: string; position: number };

export type CurriculumProject = Omit<ProjectFile, 'tasks'> & {
  /** Computed from hours (projectWeeks). */
  durationWeeks: number;
  /** Computed from hours and difficulty (projectXp). */
  xp: number;
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
  /** Sum of its projects' weeks: done one after another. */
  durationWeeks: number;
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
  problems.push(...effortProblems(files), ...orderProblems(files), ...skillProblems(files), ...badgeProblems(files));
  if (problems.length > 0) return { ok: false, problems };

  const projects: CurriculumProject[] = [];
  for (const { data, brief } of files.projects) {
    const place = placement.get(data.id) as { pathId: string; sectionId: string; position: number };
    const { tasks, ...rest } = data;
    projects.push({
      ...rest,
      durationWeeks: projectWeeks(data.hours),
      xp: projectXp(data.hours, data.difficulty),
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
  const weeks = new Map<string, number>();
  for (const p of projects) {
    hours.set(p.pathId, (hours.get(p.pathId) ?? 0) + p.hours);
    weeks.set(p.pathId, (weeks.get(p.pathId) ?? 0) + p.durationWeeks);
  }
  const paths: CurriculumPath[] = files.paths.map(({ data }, position) => {
    const { sections, ...rest } = data;
    return {
      ...rest,
      position,
      totalHours: hours.get(data.id) ?? 0,
      durationWeeks: weeks.get(data.id) ?? 0,
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

/** A summary says what a project or path is; its duration is computed, so a summary never states one. */
const STATED_DURATION = /\b\d+\s*(weeks?|hours?|days?|months?)\b/i;

/** Hours within what a project may take, the XP they pay within range, and no duration typed in prose. */
function effortProblems(files: ContentFiles): string[] {
  const problems: string[] = [];
  const most = PROJECT_WEEKS.max * LEARNER_HOURS_PER_WEEK;
  for (const { file, data } of files.projects) {
    const weeks = projectWeeks(data.hours);
    if (weeks > PROJECT_WEEKS.max) {
      problems.push(
        `${file}: hours: ${data.hours} hours is ${weeks} weeks at ${LEARNER_HOURS_PER_WEEK} hours a week; a project lasts ${PROJECT_WEEKS.min} to ${PROJECT_WEEKS.max} weeks (at most ${most} hours): split it in two.`,
      );
    }
    const xp = projectXp(data.hours, data.difficulty);
    if (xp < PROJECT_XP.min || xp > PROJECT_XP.max) {
      problems.push(
        `${file}: hours: ${data.hours} hours of ${data.difficulty} work pay ${xp} XP (src/domain/xp.ts, projectXp); a project pays ${PROJECT_XP.min} to ${PROJECT_XP.max} XP: ${xp < PROJECT_XP.min ? 'make it bigger or join it to another' : 'split it in two'}.`,
      );
    }
    if (STATED_DURATION.test(data.summary)) problems.push(`${file}: summary: states a duration; durations are computed from hours, so leave it out.`);
  }
  for (const { file, data } of files.paths) {
    if (STATED_DURATION.test(data.summary)) problems.push(`${file}: summary: states a duration; a path's weeks are computed from its projects, so leave it out.`);
  }
  return problems;
}

/**
 * Prerequisites and order: a project never requires a harder one; a project above beginner level
 * requires at least one (so what it assumes is taught somewhere); and a path never lists a harder
 * project before an easier one.
 */
function orderProblems(files: ContentFiles): string[] {
  const problems: string[] = [];
  const byId = new Map(files.projects.map((p) => [p.data.id, p.data]));
  for (const { file, data } of files.projects) {
    for (const id of data.prerequisites) {
      const required = byId.get(id);
      if (required && DIFFICULTY_RANK[required.difficulty] > DIFFICULTY_RANK[data.difficulty]) {
        problems.push(
          `${file}: prerequisites: ${required.title} is ${required.difficulty}, harder than this ${data.difficulty} project; a project builds on easier or equal ones.`,
        );
      }
    }
    if (data.difficulty !== 'beginner' && data.prerequisites.length === 0) {
      problems.push(
        `${file}: prerequisites: an ${data.difficulty} project names the projects that teach what it assumes (any path); only a beginner project may have none.`,
      );
    }
  }
  for (const { file, data } of files.paths) {
    const listed = data.sections.flatMap((s) => s.projects).flatMap((id) => byId.get(id) ?? []);
    for (let i = 1; i < listed.length; i += 1) {
      const [before, after] = [listed[i - 1], listed[i]];
      if (before && after && DIFFICULTY_RANK[before.difficulty] > DIFFICULTY_RANK[after.difficulty]) {
        problems.push(`${file}: ${before.title} (${before.difficulty}) comes before ${after.title} (${after.difficulty}); a path goes from easier to harder.`);
      }
    }
  }
  return problems;
}

/**
 * Every skill from the one vocabulary (content/skills.yaml), each vocabulary skill taught by some
 * project, and each path in the category most of its skills belong to (ties: any of them).
 */
function skillProblems(files: ContentFiles): string[] {
  const problems: string[] = [];
  const vocabulary = new Map<string, Category>();
  for (const { name, category } of files.skills.data) {
    if (vocabulary.has(name)) problems.push(`${files.skills.file}: ${name} is listed twice.`);
    vocabulary.set(name, category);
  }
  const used = new Set<string>();
  for (const { file, data } of files.projects) {
    for (const skill of data.skills) {
      used.add(skill);
      if (!vocabulary.has(skill)) {
        const near = [...vocabulary.keys()].find((known) => known.toLowerCase() === skill.toLowerCase());
        problems.push(`${file}: skills: ${skill} is not in ${files.skills.file}${near ? `; did you mean ${near}?` : '; add it there, with its category.'}`);
      }
    }
    if (new Set(data.skills).size !== data.skills.length) problems.push(`${file}: skills: a skill is listed twice.`);
  }
  for (const name of vocabulary.keys()) if (!used.has(name)) problems.push(`${files.skills.file}: ${name} is taught by no project; remove it.`);
  const byId = new Map(files.projects.map((p) => [p.data.id, p.data]));
  for (const { file, data } of files.paths) {
    const tally = new Map<Category, number>();
    for (const id of data.sections.flatMap((s) => s.projects)) {
      for (const skill of byId.get(id)?.skills ?? []) {
        const category = vocabulary.get(skill);
        if (category) tally.set(category, (tally.get(category) ?? 0) + 1);
      }
    }
    const top = Math.max(0, ...tally.values());
    const fitting = CATEGORY_VALUES.filter((c) => tally.get(c) === top);
    if (top > 0 && !fitting.includes(data.category)) {
      problems.push(`${file}: category: most of its skills are ${fitting.join(' or ')} (${top} of them), not ${data.category}; use ${fitting.join(' or ')}.`);
    }
  }
  return problems;
}

/** Every badge still awarded can be earned through the content, asks more than one project, and rewards learning. */
function badgeProblems(files: ContentFiles): string[] {
  const problems: string[] = [];
  const projects = files.projects.map(({ data }) => ({
    skills: data.skills,
    xp: projectXp(data.hours, data.difficulty),
    tasks: data.tasks.length,
    machineChecked: data.requirements.some((r) => r.check.kind !== 'review'),
  }));
  const active = files.badges.data.filter((b) => b.retiredOn === undefined);
  for (const badge of active) {
    const where = `${files.badges.file} (badge "${badge.title}")`;
    const reach = badgeReach(badge.rule, projects, active.length);
    if (reach === null) {
      problems.push(`${where}: rule ${badge.rule} is no longer awarded (it rewards speed); use ${BADGE_RULES.join(', ')}, or retire the badge with retiredOn.`);
      continue;
    }
    if (reach.most !== null && badge.target > reach.most) {
      problems.push(`${where}: can never be earned: the whole content gives at most ${reach.most} for ${badge.rule}, and it asks ${badge.target}.`);
    }
    if (badge.target <= reach.oneProject) {
      problems.push(`${where}: comes with a single project (one gives up to ${reach.oneProject} for ${badge.rule}); ask for more than ${reach.oneProject}.`);
    }
  }
  return problems;
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
  return error.issues.flatMap((issue) => explainIssue(issue).map(({ path, message }) => `${file}: ${path.length > 0 ? `${path.join('.')}: ` : ''}${message}`));
}

/** Fields content once typed and the rules now compute. */
const COMPUTED_FIELDS: Record<string, string> = {
  durationWeeks: `computed, not typed: a project's weeks follow from its hours at ${LEARNER_HOURS_PER_WEEK} hours a week, and a path's from its projects; remove it`,
  xp: 'computed, not typed: XP follows from hours and difficulty (src/domain/xp.ts, projectXp); remove it',
};

const CHECK_VOCABULARY =
  'kind page (rule dom, no-horizontal-scroll, axe or valid-html), http (steps), repo (rule file, absent, contains or readme-links-live), ci or review';

/**
 * A check or a page step is a union: zod answers "Invalid input" for it. Say instead what is wrong:
 * the check is missing, it is not in the vocabulary, or (when one kind and rule match) which of its
 * fields is wrong.
 */
function explainIssue(issue: z.core.$ZodIssue, at: PropertyKey[] = []): { path: PropertyKey[]; message: string }[] {
  const path = [...at, ...issue.path];
  const computed = issue.code === 'unrecognized_keys' ? issue.keys.filter((key) => key in COMPUTED_FIELDS) : [];
  if (issue.code === 'unrecognized_keys' && computed.length > 0) {
    const rest = issue.keys.filter((key) => !computed.includes(key));
    return [
      ...computed.map((key) => ({ path: [...path, key], message: COMPUTED_FIELDS[key] as string })),
      ...(rest.length > 0 ? [{ path, message: `Unrecognized key${rest.length > 1 ? 's' : ''}: ${rest.map((k) => `"${k}"`).join(', ')}` }] : []),
    ];
  }
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ path, message: issue.message }];
  const last = path.at(-1);
  const isCheck = last === 'check';
  const isStep = path.at(-2) === 'steps';
  if (!isCheck && !isStep) return [{ path, message: issue.message }];
  const missing = issue.errors.every((branch) => branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0);
  if (isCheck && missing) return [{ path, message: `missing: every requirement says how it is checked (${CHECK_VOCABULARY})` }];
  // The branch whose kind and rule matched: its own problems are the ones to fix.
  const matched = issue.errors.filter((branch) => branch.every((i) => !['kind', 'rule'].includes(String(i.path[0])) && i.code !== 'unrecognized_keys'));
  const [only] = matched;
  if (only && matched.length === 1) return only.flatMap((i) => explainIssue(i, path));
  return [
    {
      path,
      message: isCheck
        ? `not a check of the vocabulary: use ${CHECK_VOCABULARY}, with their fields (src/domain/verification.ts)`
        : 'not a page step: use { click }, { type, text }, { expect, min?, text?, each? } or { expectNone }',
    },
  ];
}
