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

  it('passes every rule and holds the six paths of the spec', () => {
    expect(curriculum.paths.map((p) => p.title).sort()).toEqual(
      ['Backend Development', 'Cloud Computing', 'Cybersecurity', 'Frontend Development', 'Full Stack Development', 'Mobile Development'].sort(),
    );
    for (const weeks of [8, 12, 10]) expect(curriculum.paths.map((p) => p.durationWeeks)).toContain(weeks);
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

  it('holds the six badges of the spec, one per rule', () => {
    expect(curriculum.badges.map((b) => [b.rule, b.target]).sort()).toEqual(
      [
        ['projects-in-a-week', 5],
        ['lines-of-code', 10000],
        ['daily-streak', 7],
        ['total-xp', 10000],
        ['projects-completed', 20],
        ['distinct-skills', 3],
      ].sort(),
    );
  });

  it('keeps the spec\'s numbered path addresses working (formerly /app/paths/1 … 6)', () => {
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
    durationWeeks: 1,
    hours: 10,
    xp: 500,
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
    durationWeeks: 8,
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
    expect(curriculum.paths[0]?.totalHours).toBe(20);
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
    (files.projects[1] as { resources: unknown[] }).resources = [{ title: 'Plain', type: 'doc', url: 'http://example.com/' }];
    const problems = problemsOf(files);
    expect(problems).toContain('content/projects/project-1/project.yaml: id: must be "prj_" and 8 lower-case hex characters');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^content\/projects\/project-1\/project\.yaml: durationWeeks: /),
        expect.stringMatching(/^content\/projects\/project-1\/project\.yaml: xp: /),
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
      `${file}: requirements.3.check.steps.0: not a page step: use { click }, { type, text }, { expect, min?, text? } or { expectNone }`,
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
    Object.assign(edited.projects[0] as object, { slug: 'first-project', title: 'The first project', xp: 600 });
    (edited.paths[0] as { sections: { projects: string[] }[] }).sections[0]!.projects = [project(1).id];
    edited.projects.pop(); // project 2 leaves the content, with its two tasks
    (edited.projects[0] as { tasks: unknown[] }).tasks = [task(11), task(13, 'A new task')]; // task 12 retired
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
