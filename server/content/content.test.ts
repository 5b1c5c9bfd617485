/**
 * The curriculum as content: the repository's content/ passes every rule, each rule catches what
 * it is for (on a small content folder written per test), and seeding is idempotent, retires
 * instead of deleting, and keeps old slugs working.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { openDatabase, type Db } from '../db/database.ts';
import { tempDir, testDatabase } from '../test/helpers.ts';
import { projectWeeks } from '../../src/domain/content.ts';
import { projectXp } from '../../src/domain/xp.ts';
import { ContentError, loadCurriculum } from './load.ts';
import { readReference, referenceReasons } from './references.ts';
import { seedCurriculum } from './seed.ts';

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("the repository's content/", () => {
  let curriculum: ReturnType<typeof loadCurriculum>;
  beforeAll(() => {
    curriculum = loadCurriculum();
  });

  it('passes every rule and holds the six learning paths', () => {
    expect(curriculum.paths.map((p) => p.title).sort()).toEqual(
      ['Backend Development', 'Cloud Computing', 'Cybersecurity', 'Frontend Development', 'Full Stack Development', 'Mobile Development'].sort(),
    );
  });

  it('computes every duration and XP from hours: nothing typed can disagree', () => {
    for (const path of curriculum.paths) {
      const own = curriculum.projects.filter((p) => p.pathId === path.id);
      expect(path.totalHours, path.title).toBe(own.reduce((n, p) => n + p.hours, 0));
      expect(path.durationWeeks, path.title).toBe(own.reduce((n, p) => n + p.durationWeeks, 0));
      expect(path.summary, path.title).not.toMatch(/\d+\s*(weeks?|hours?)/i);
    }
    for (const project of curriculum.projects) {
      expect(project.durationWeeks, project.title).toBe(projectWeeks(project.hours));
      // The landing page's claim: projects last 1-4 weeks.
      expect(project.durationWeeks, project.title).toBeGreaterThanOrEqual(1);
      expect(project.durationWeeks, project.title).toBeLessThanOrEqual(4);
      expect(project.xp, project.title).toBe(projectXp(project.hours, project.difficulty));
    }
  });

  it('lets a beginner start only from the first project, and links paths through prerequisites', () => {
    const open = curriculum.projects.filter((p) => p.prerequisites.length === 0).map((p) => p.slug);
    expect(open).toEqual(['personal-portfolio']);
    const pathOf = new Map(curriculum.projects.map((p) => [p.id, p.pathId]));
    const crossing = curriculum.projects.filter((p) => p.prerequisites.some((id) => pathOf.get(id) !== p.pathId));
    expect(crossing.map((p) => p.slug).sort()).toEqual(
      ['containerised-api', 'habit-tracker', 'job-board', 'password-strength-checker', 'rest-api-with-express', 'static-site-on-s3'].sort(),
    );
  });

  it('gives every project a brief, real tasks and requirements, XP within 500-1500 and https resources', () => {
    for (const project of curriculum.projects) {
      expect(project.xp, project.title).toBeGreaterThanOrEqual(500);
      expect(project.xp, project.title).toBeLessThanOrEqual(1500);
      expect(project.tasks.length, project.title).toBeGreaterThanOrEqual(4);
      expect(project.requirements.length, project.title).toBeGreaterThanOrEqual(3);
      expect(project.brief.length, project.title).toBeGreaterThan(800);
      for (const resource of project.resources) {
        expect(resource.url, project.title).toMatch(/^https:\/\//);
        // The sample data's starter repositories never existed.
        expect(resource.url, project.title).not.toMatch(/github\.com\/pathforge\//);
      }
    }
  });

  it('gives every project a reference solution, or says in content/README.md why it has none', () => {
    const reasons = referenceReasons();
    for (const project of curriculum.projects) {
      const reference = readReference(project.slug);
      if (reference) expect(reasons.has(project.slug), `${project.slug} has a reference and a reason for having none`).toBe(false);
      else expect(reasons.get(project.slug), `${project.slug} has no reference/ and no reason in content/README.md`).toMatch(/\w{3,}/);
    }
    for (const slug of reasons.keys()) expect(curriculum.projects.map((p) => p.slug), `content/README.md gives a reason for ${slug}`).toContain(slug);
  });

  it('awards badges for learning, and keeps the retired ones for those who earned them', () => {
    const active = curriculum.badges.filter((b) => b.retiredOn === undefined);
    expect(active.map((b) => [b.title, b.rule, b.target])).toEqual([
      ['Verified Builder', 'verified-projects', 5],
      ['Streak Master', 'daily-streak', 7],
      ['Well Rounded', 'distinct-skills', 15],
      ['XP Hunter', 'total-xp', 10000],
      ['Project Pro', 'projects-completed', 20],
    ]);
    // Speed Runner rewarded rushing, Polyglot came with the first project: retired, not deleted.
    expect(curriculum.badges.filter((b) => b.retiredOn !== undefined).map((b) => [b.id, b.title])).toEqual([
      ['badge_a5955432', 'Speed Runner'],
      ['badge_7a63ba3b', 'Polyglot'],
    ]);
    // Code Warrior (lines of code) could never be earned: its id is retired for good.
    expect(curriculum.retiredIds).toContain('badge_fbaaf517');
  });

  it('keeps the original numbered path addresses working (formerly /app/paths/1 … 6)', () => {
    expect(curriculum.paths.flatMap((p) => p.formerSlugs).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});

// ---------------------------------------------------------------------------------------------
// A small content folder per test
// ---------------------------------------------------------------------------------------------

type Files = {
  paths: Record<string, unknown>[];
  projects: (Record<string, unknown> & { brief?: string })[];
  retired?: unknown[];
  /** The content of badges.yaml (one valid badge unless given); null: no badges.yaml at all. */
  badges?: unknown;
  /** The skills vocabulary (HTML, web, unless given). */
  skills?: unknown[];
};

const hex = (n: number) => n.toString(16).padStart(8, '0');
function task(n: number, title = `Task ${n}`) {
  return { id: `task_${hex(n)}`, title };
}
function project(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `prj_${hex(n)}`,
    slug: `project-${n}`,
    title: `Project ${n}`,
    summary: `The project number ${n}.`,
    difficulty: 'beginner',
    hours: 20,
    prerequisites: [],
    objectives: ['Learn a thing'],
    skills: ['HTML'],
    requirements: [{ text: 'It works', check: { kind: 'review' } }],
    resources: [{ title: 'MDN', type: 'doc', url: 'https://developer.mozilla.org/' }],
    tasks: [task(n * 10 + 1), task(n * 10 + 2)],
    ...extra,
  };
}
function path(n: number, projectIds: string[], extra: Record<string, unknown> = {}) {
  return {
    id: `path_${hex(n)}`,
    slug: `path-${n}`,
    title: `Path ${n}`,
    summary: `The path number ${n}.`,
    level: 'beginner',
    category: 'web',
    color: '#4F46E5',
    sections: [{ id: `sec_${hex(n)}`, title: 'Section', summary: 'The only section.', projects: projectIds }],
    ...extra,
  };
}

function badge(n: number, extra: Record<string, unknown> = {}) {
  return { id: `badge_${hex(n)}`, title: `Badge ${n}`, description: `Earn badge ${n}.`, icon: 'star', color: 'purple', rule: 'total-xp', target: 1000, ...extra };
}

function writeContent(files: Files): string {
  const dir = tempDir();
  dirs.push(dir);
  const content = join(dir, 'content');
  mkdirSync(join(content, 'paths'), { recursive: true });
  for (const p of files.paths) writeFileSync(join(content, 'paths', `${String(p.slug)}.yaml`), stringify(p));
  for (const { brief, ...p } of files.projects) {
    mkdirSync(join(content, 'projects', String(p.slug)), { recursive: true });
    writeFileSync(join(content, 'projects', String(p.slug), 'project.yaml'), stringify(p));
    writeFileSync(join(content, 'projects', String(p.slug), 'brief.md'), brief ?? 'Build it.\n');
  }
  if (files.retired) writeFileSync(join(content, 'retired.yaml'), stringify({ retired: files.retired }));
  if (files.badges !== null) writeFileSync(join(content, 'badges.yaml'), stringify(files.badges ?? { badges: [badge(1)] }));
  writeFileSync(join(content, 'skills.yaml'), stringify({ skills: files.skills ?? [{ name: 'HTML', category: 'web' }] }));
  return content;
}

function problemsOf(files: Files): string[] {
  try {
    loadCurriculum(writeContent(files));
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

const valid = (): Files => ({ paths: [path(1, [project(1).id, project(2).id])], projects: [project(1), project(2, { prerequisites: [project(1).id] })] });

describe('the content rules', () => {
  it('a valid folder loads, with positions, the path\'s hours and a version', () => {
    const curriculum = loadCurriculum(writeContent(valid()));
    expect(curriculum.projects.map((p) => [p.slug, p.position, p.pathId])).toEqual([
      ['project-1', 0, 'path_00000001'],
      ['project-2', 1, 'path_00000001'],
    ]);
    expect(curriculum.paths[0]?.totalHours).toBe(40);
    // Computed: 20 hours is 2 weeks at 10 a week, and 500 XP for a beginner.
    expect(curriculum.projects.map((p) => [p.durationWeeks, p.xp])).toEqual([
      [2, 500],
      [2, 500],
    ]);
    expect(curriculum.paths[0]?.durationWeeks).toBe(4);
    expect(curriculum.version).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ids are unique across everything', () => {
    const files = valid();
    (files.projects[1] as { tasks: unknown[] }).tasks.push(task(11, 'Same id as a task of project 1'));
    expect(problemsOf(files)).toEqual([expect.stringMatching(/project-2\/project\.yaml \(task "Same id as a task of project 1"\): id task_0000000b is already used by content\/projects\/project-1/)]);
  });

  it('prerequisites exist and form no cycle', () => {
    const missing = valid();
    (missing.projects[0] as { prerequisites: string[] }).prerequisites = ['prj_0000ffff'];
    expect(problemsOf(missing)).toEqual(['content/projects/project-1/project.yaml: prerequisite prj_0000ffff is not a project.']);

    const cycle = valid();
    (cycle.projects[0] as { prerequisites: string[] }).prerequisites = [project(2).id];
    expect(problemsOf(cycle)).toEqual(['Prerequisites form a cycle: Project 1 → Project 2 → Project 1.']);
  });

  it('every project belongs to a path, and to one only', () => {
    const orphan = valid();
    orphan.projects.push(project(3));
    expect(problemsOf(orphan)).toEqual(['content/projects/project-3/project.yaml: no path lists this project; every project belongs to a path.']);

    const twice = valid();
    twice.paths.push(path(2, [project(1).id]));
    expect(problemsOf(twice)).toEqual([expect.stringMatching(/path-2\.yaml: prj_00000001 is already in content\/paths\/path-1\.yaml/)]);
  });

  it('a retired id is never used again', () => {
    const files = valid();
    files.retired = [{ id: 'task_00000063', was: 'Write the tests (project 2)', since: '2026-11-01' }];
    (files.projects[1] as { tasks: unknown[] }).tasks.push(task(99, 'Back again'));
    expect(problemsOf(files)).toEqual([
      'content/projects/project-2/project.yaml (task "Back again"): id task_00000063 is retired (it was Write the tests (project 2)); an id is never reused: mint a new one.',
    ]);
  });

  it('fields are checked, and every problem is named with its file and field', () => {
    const files = valid();
    Object.assign(files.projects[0] as object, { xp: 2000, durationWeeks: 6, id: 'prj_XYZ' });
    Object.assign(files.paths[0] as object, { durationWeeks: 8 });
    (files.projects[1] as { resources: unknown[] }).resources = [{ title: 'Plain', type: 'doc', url: 'http://example.com/' }];
    const problems = problemsOf(files);
    expect(problems).toContain('content/projects/project-1/project.yaml: id: must be "prj_" and 8 lower-case hex characters');
    expect(problems).toEqual(
      expect.arrayContaining([
        "content/projects/project-1/project.yaml: durationWeeks: computed, not typed: a project's weeks follow from its hours at 10 hours a week, and a path's from its projects; remove it",
        'content/projects/project-1/project.yaml: xp: computed, not typed: XP follows from hours and difficulty (src/domain/xp.ts, projectXp); remove it',
        expect.stringMatching(/^content\/paths\/path-1\.yaml: durationWeeks: computed, not typed/),
        'content/projects/project-2/project.yaml: resources.0.url: must be an https URL',
      ]),
    );
  });

  it('every requirement says how it is checked, in the one vocabulary of checks', () => {
    const files = valid();
    (files.projects[0] as { requirements: unknown[] }).requirements = [
      { text: 'It works' },
      { text: 'It is fast', check: { kind: 'benchmark' } },
      { text: 'It has a title', check: { kind: 'page', rule: 'title' } },
      { text: 'It saves', check: { kind: 'page', rule: 'dom', steps: [{ press: 'Enter' }] } },
      'A plain sentence',
    ];
    const file = 'content/projects/project-1/project.yaml';
    expect(problemsOf(files)).toEqual([
      expect.stringMatching(new RegExp(`^${file}: requirements\\.0\\.check: missing: every requirement says how it is checked`)),
      expect.stringMatching(new RegExp(`^${file}: requirements\\.1\\.check: not a check of the vocabulary: use kind page`)),
      expect.stringMatching(new RegExp(`^${file}: requirements\\.2\\.check: not a check of the vocabulary: `)),
      `${file}: requirements.3.check.steps.0: not a page step: use { click }, { type, text }, { expect, min?, text?, each? } or { expectNone }`,
      `${file}: requirements.4: Invalid input: expected object, received string`,
    ]);

    const checked = valid();
    (checked.projects[0] as { requirements: unknown[] }).requirements = [
      { text: 'The page has a main landmark', check: { kind: 'page', rule: 'dom', steps: [{ expect: 'main' }] } },
      { text: 'No .env is committed', check: { kind: 'repo', rule: 'absent', path: '.env' } },
    ];
    const [first] = loadCurriculum(writeContent(checked)).projects;
    expect(first?.requirements.map((r) => r.check)).toEqual([
      { kind: 'page', rule: 'dom', path: '/', steps: [{ expect: 'main' }] },
      { kind: 'repo', rule: 'absent', path: '.env' },
    ]);
  });

  it('badges are checked like the rest: fields, a missing file, ids unique and not retired', () => {
    const bad = valid();
    bad.badges = { badges: [badge(1, { id: 'badge_1', rule: 'lines-of-poetry', icon: 'rocket', color: 'teal', target: 0 }), { ...badge(2), extra: true }] };
    expect(problemsOf(bad)).toEqual([
      'content/badges.yaml: badges.0.id: must be "badge_" and 8 lower-case hex characters',
      expect.stringMatching(/^content\/badges\.yaml: badges\.0\.icon: /),
      expect.stringMatching(/^content\/badges\.yaml: badges\.0\.color: /),
      expect.stringMatching(/^content\/badges\.yaml: badges\.0\.rule: /),
      expect.stringMatching(/^content\/badges\.yaml: badges\.0\.target: /),
      expect.stringMatching(/^content\/badges\.yaml: badges\.1: .*extra/),
    ]);

    const missing = valid();
    missing.badges = null;
    expect(problemsOf(missing)).toEqual(['content/badges.yaml: missing; it lists the badges learners can earn.']);

    const notAList = valid();
    notAList.badges = { badge: [badge(1)] };
    expect(problemsOf(notAList)).toEqual(expect.arrayContaining([expect.stringMatching(/^content\/badges\.yaml: badges: /)]));

    const twice = valid();
    twice.badges = { badges: [badge(1), badge(1, { title: 'Copy' })] };
    expect(problemsOf(twice)).toEqual(['content/badges.yaml (badge "Copy"): id badge_00000001 is already used by content/badges.yaml (badge "Badge 1").']);

    const retired = valid();
    retired.retired = [{ id: 'badge_00000001', was: 'An old badge', since: '2026-11-01' }];
    expect(problemsOf(retired)).toEqual([
      'content/badges.yaml (badge "Badge 1"): id badge_00000001 is retired (it was An old badge); an id is never reused: mint a new one.',
    ]);

    const none = valid();
    none.badges = { badges: [] };
    expect(loadCurriculum(writeContent(none)).badges).toEqual([]);
    expect(loadCurriculum(writeContent(valid())).badges).toEqual([badge(1)]);
  });

  it('hours stay within what a project may take and pay, and no summary types a duration', () => {
    const files = valid();
    Object.assign(files.projects[0] as object, { hours: 45 });
    Object.assign(files.projects[1] as object, { hours: 12, summary: 'Done in 2 weeks.' });
    files.badges = { badges: [] };
    Object.assign(files.paths[0] as object, { summary: 'Learn the web in 8 weeks.' });
    expect(problemsOf(files)).toEqual([
      'content/projects/project-1/project.yaml: hours: 45 hours is 5 weeks at 10 hours a week; a project lasts 1 to 4 weeks (at most 40 hours): split it in two.',
      'content/projects/project-2/project.yaml: hours: 12 hours of beginner work pay 300 XP (src/domain/xp.ts, projectXp); a project pays 500 to 1500 XP: make it bigger or join it to another.',
      'content/projects/project-2/project.yaml: summary: states a duration; durations are computed from hours, so leave it out.',
      "content/paths/path-1.yaml: summary: states a duration; a path's weeks are computed from its projects, so leave it out.",
    ]);
  });

  it('prerequisites never ask for a harder project, only beginners start from nothing, and a path goes from easier to harder', () => {
    const harder = valid();
    Object.assign(harder.projects[0] as object, { difficulty: 'advanced', prerequisites: [] });
    expect(problemsOf(harder)).toEqual([
      'content/projects/project-1/project.yaml: prerequisites: an advanced project names the projects that teach what it assumes (any path); only a beginner project may have none.',
      'content/projects/project-2/project.yaml: prerequisites: Project 1 is advanced, harder than this beginner project; a project builds on easier or equal ones.',
      'content/paths/path-1.yaml: Project 1 (advanced) comes before Project 2 (beginner); a path goes from easier to harder.',
    ]);

    // Across paths: an intermediate project in a second path builds on the first path's project.
    const across = valid();
    across.projects.push(project(3, { difficulty: 'intermediate', prerequisites: [project(2).id] }));
    across.paths.push(path(2, [project(3).id]));
    expect(problemsOf(across)).toEqual([]);
    expect(loadCurriculum(writeContent(across)).projects.find((p) => p.slug === 'project-3')).toMatchObject({ pathId: 'path_00000002', xp: 650 });
  });

  it('every skill comes from the one vocabulary, every vocabulary skill is taught, and a path fits its category', () => {
    const files = valid();
    files.skills = [
      { name: 'HTML', category: 'web' },
      { name: 'Docker', category: 'cloud' },
      { name: 'Unused', category: 'web' },
    ];
    Object.assign(files.projects[0] as object, { skills: ['html', 'Docker'] });
    Object.assign(files.projects[1] as object, { skills: ['Docker', 'Kubernetes', 'Docker'] });
    expect(problemsOf(files)).toEqual([
      'content/projects/project-1/project.yaml: skills: html is not in content/skills.yaml; did you mean HTML?',
      'content/projects/project-2/project.yaml: skills: Kubernetes is not in content/skills.yaml; add it there, with its category.',
      'content/projects/project-2/project.yaml: skills: a skill is listed twice.',
      'content/skills.yaml: HTML is taught by no project; remove it.',
      'content/skills.yaml: Unused is taught by no project; remove it.',
      'content/paths/path-1.yaml: category: most of its skills are cloud (3 of them), not web; use cloud.',
    ]);
    const missing = valid();
    const dir = writeContent(missing);
    rmSync(join(dir, 'skills.yaml'));
    expect(() => loadCurriculum(dir)).toThrow(/content\/skills\.yaml: missing; it lists every skill a project may name/);
  });

  it('every badge still awarded can be earned through the content, asks more than one project, and rewards learning', () => {
    const files = valid();
    files.badges = {
      badges: [
        badge(1, { title: 'Out of reach', rule: 'projects-completed', target: 3 }),
        badge(2, { title: 'Too easy', rule: 'projects-completed', target: 1 }),
        badge(3, { title: 'Rushed', rule: 'projects-in-a-week', target: 2 }),
        badge(4, { title: 'Old', rule: 'projects-in-a-week', target: 2, retiredOn: '2026-11-27' }),
        badge(5, { title: 'Both', rule: 'projects-completed', target: 2 }),
      ],
    };
    expect(problemsOf(files)).toEqual([
      'content/badges.yaml (badge "Out of reach"): can never be earned: the whole content gives at most 2 for projects-completed, and it asks 3.',
      'content/badges.yaml (badge "Too easy"): comes with a single project (one gives up to 1 for projects-completed); ask for more than 1.',
      'content/badges.yaml (badge "Rushed"): rule projects-in-a-week is no longer awarded (it rewards speed); use verified-projects, daily-streak, total-xp, projects-completed, distinct-skills, or retire the badge with retiredOn.',
    ]);
  });

  it('a file named after another slug, an empty brief and broken YAML are reported', () => {
    const files = valid();
    (files.projects[0] as { brief?: string }).brief = '   ';
    const dir = writeContent(files);
    writeFileSync(join(dir, 'paths', 'broken.yaml'), 'id: [unclosed');
    let problems: string[] = [];
    try {
      loadCurriculum(dir);
    } catch (error) {
      problems = (error as ContentError).problems;
    }
    expect(problems).toEqual([expect.stringMatching(/^content\/paths\/broken\.yaml: not valid YAML/)]);
    rmSync(join(dir, 'paths', 'broken.yaml'));
    writeFileSync(join(dir, 'paths', 'renamed.yaml'), stringify(path(1, [project(1).id, project(2).id])));
    rmSync(join(dir, 'paths', 'path-1.yaml'));
    try {
      loadCurriculum(dir);
    } catch (error) {
      problems = (error as ContentError).problems;
    }
    expect(problems).toEqual([
      'content/paths/renamed.yaml: the file name must be its slug, path-1.yaml.',
      'content/projects/project-1/project.yaml: brief.md beside it is missing or empty.',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

async function emptyDb(): Promise<Db> {
  const dir = tempDir();
  dirs.push(dir);
  const { target, drop } = await testDatabase(dir);
  drops.push(drop);
  const db = await openDatabase(target);
  drops.unshift(() => db.destroy());
  return db;
}

const NOW = '2026-11-23T10:00:00.000Z';

describe('seeding', () => {
  it('applies a content version once; the same version again changes nothing', async () => {
    const db = await emptyDb();
    const curriculum = loadCurriculum(writeContent(valid()));
    expect(await seedCurriculum(db, curriculum, NOW)).toMatchObject({ applied: true, paths: 1, projects: 2, tasks: 4, retired: 0 });
    expect(await seedCurriculum(db, curriculum, NOW)).toEqual({ applied: false, version: curriculum.version });
    const projects = await db.selectFrom('projects').select(['slug', 'position', 'status', 'xp']).orderBy('position').execute();
    expect(projects).toEqual([
      { slug: 'project-1', position: 0, status: 'active', xp: 500 },
      { slug: 'project-2', position: 1, status: 'active', xp: 500 },
    ]);
    const edges = await db.selectFrom('project_prerequisites').selectAll().execute();
    expect(edges).toEqual([{ project_id: 'prj_00000002', requires_id: 'prj_00000001' }]);
  });

  it('an edit upserts by id, retires what left (never deletes), and keeps the old slug as a redirect', async () => {
    const db = await emptyDb();
    await seedCurriculum(db, loadCurriculum(writeContent(valid())), NOW);

    const edited = valid();
    Object.assign(edited.projects[0] as object, { slug: 'first-project', title: 'The first project', hours: 24 });
    (edited.paths[0] as { sections: { projects: string[] }[] }).sections[0]!.projects = [project(1).id];
    edited.projects.pop(); // project 2 leaves the content, with its two tasks
    (edited.projects[0] as { tasks: unknown[] }).tasks = [task(11), task(13, 'A new task')]; // task 12 retired
    edited.badges = { badges: [] }; // one project left: no badge could ask for more
    const result = await seedCurriculum(db, loadCurriculum(writeContent(edited)), NOW);
    expect(result).toMatchObject({ applied: true, projects: 1, tasks: 2, retired: 4, redirects: 1 });

    const projects = await db.selectFrom('projects').select(['id', 'slug', 'title', 'xp', 'status']).orderBy('id').execute();
    expect(projects).toEqual([
      { id: 'prj_00000001', slug: 'first-project', title: 'The first project', xp: 600, status: 'active' },
      { id: 'prj_00000002', slug: 'project-2', title: 'Project 2', xp: 500, status: 'retired' },
    ]);
    const tasks = await db.selectFrom('tasks').select(['id', 'status']).orderBy('id').execute();
    expect(tasks).toEqual([
      { id: 'task_0000000b', status: 'active' },
      { id: 'task_0000000c', status: 'retired' },
      { id: 'task_0000000d', status: 'active' },
      { id: 'task_00000015', status: 'retired' },
      { id: 'task_00000016', status: 'retired' },
    ]);
    expect(await db.selectFrom('slug_redirects').selectAll().execute()).toEqual([
      { kind: 'project', old_slug: 'project-1', target_id: 'prj_00000001' },
    ]);
    expect(await db.selectFrom('project_prerequisites').selectAll().execute()).toEqual([]);
  });

  it("the repository's content seeds, and formerSlugs become redirects", async () => {
    const db = await emptyDb();
    const curriculum = loadCurriculum();
    const result = await seedCurriculum(db, curriculum, NOW);
    expect(result).toMatchObject({ applied: true, paths: 6, projects: curriculum.projects.length, retired: 0 });
    const redirects = await db.selectFrom('slug_redirects').select(['kind', 'old_slug']).where('kind', '=', 'path').orderBy('old_slug').execute();
    expect(redirects.map((r) => r.old_slug)).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});
