import { describe, it, expect } from 'vitest';
import {
  DEFAULT_NOTIFICATIONS,
  DURATION_LABELS,
  LEADERBOARD_PERIOD_LABELS,
  LEVEL_LABELS,
  countByStatus,
  durationBucket,
  filterBrowsePaths,
  filterPaths,
  findProject,
  pathHref,
  progressPercent,
  projectHref,
  repoUrlMessages,
  taskProgress,
  toggleTask,
  validateProfile,
  validateRepoUrl,
  type FilterablePath,
  type ProjectDetail,
  type Task,
} from './learning';
import { newLearnerRecords, pathsFor } from '../fixtures/progress';

type Card = FilterablePath & { id: string };

const path = (id: string, title: string, summary: string, level: Card['level'], totalHours: number): Card => ({
  id,
  title,
  summary,
  level,
  totalHours,
  category: 'web',
});

const paths: Card[] = [
  path('1', 'Frontend Development', 'HTML, CSS and React', 'beginner', 48),
  path('2', 'Backend Development', 'APIs with Node.js', 'intermediate', 72),
  path('3', 'Cloud Computing', 'Deploy on AWS', 'advanced', 96),
  path('4', 'Cybersecurity', 'Secure the web', 'intermediate', 40),
  path('5', 'Données Élevées', 'Ünïcode path', 'advanced', 80),
];

describe('labels and defaults', () => {
  it('copies the spec texts', () => {
    expect(DURATION_LABELS).toEqual({ short: 'Short (≤50h)', medium: 'Medium (51-80h)', long: 'Long (>80h)' });
    expect(LEVEL_LABELS).toEqual({ beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' });
    expect(LEADERBOARD_PERIOD_LABELS).toEqual({ all: 'All Time', month: 'This Month', week: 'This Week', day: 'Today' });
    expect(DEFAULT_NOTIFICATIONS).toEqual({ email: true, push: true, updates: false, newsletter: true });
  });
});

describe('durationBucket', () => {
  it.each([
    [0, 'short'],
    [50, 'short'],
    [50.5, 'medium'],
    [51, 'medium'],
    [80, 'medium'],
    [80.5, 'long'],
    [81, 'long'],
    [500, 'long'],
  ] as const)('%s hours is %s', (hours, bucket) => {
    expect(durationBucket(hours)).toBe(bucket);
  });
});

describe('filterPaths', () => {
  const ids = (list: Card[]) => list.map((p) => p.id);

  it('keeps everything with an empty or blank query and all filters', () => {
    expect(ids(filterPaths(paths, { query: '', level: 'all', duration: 'all' }))).toEqual(['1', '2', '3', '4', '5']);
    expect(ids(filterPaths(paths, { query: '   ', level: 'all', duration: 'all' }))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('searches title and summary, case-insensitively and trimmed', () => {
    expect(ids(filterPaths(paths, { query: '  DEVELOPMENT ', level: 'all', duration: 'all' }))).toEqual(['1', '2']);
    expect(ids(filterPaths(paths, { query: 'node.JS', level: 'all', duration: 'all' }))).toEqual(['2']);
    expect(ids(filterPaths(paths, { query: 'données élevées', level: 'all', duration: 'all' }))).toEqual(['5']);
    expect(ids(filterPaths(paths, { query: 'ÜNÏCODE', level: 'all', duration: 'all' }))).toEqual(['5']);
    expect(filterPaths(paths, { query: 'rust', level: 'all', duration: 'all' })).toEqual([]);
  });

  it('filters by level and by duration (the bucket of totalHours)', () => {
    expect(ids(filterPaths(paths, { query: '', level: 'intermediate', duration: 'all' }))).toEqual(['2', '4']);
    expect(ids(filterPaths(paths, { query: '', level: 'all', duration: 'short' }))).toEqual(['1', '4']);
    expect(ids(filterPaths(paths, { query: '', level: 'all', duration: 'medium' }))).toEqual(['2', '5']);
    expect(ids(filterPaths(paths, { query: '', level: 'all', duration: 'long' }))).toEqual(['3']);
  });

  it('combines query, level and duration', () => {
    expect(ids(filterPaths(paths, { query: 'e', level: 'intermediate', duration: 'short' }))).toEqual(['4']);
    expect(ids(filterPaths(paths, { query: 'development', level: 'advanced', duration: 'all' }))).toEqual([]);
    expect(ids(filterPaths(paths, { query: 'cloud', level: 'advanced', duration: 'long' }))).toEqual(['3']);
    expect(ids(filterPaths(paths, { query: 'cloud', level: 'advanced', duration: 'medium' }))).toEqual([]);
  });

  it('does not change its input', () => {
    const copy = structuredClone(paths);
    filterPaths(paths, { query: 'x', level: 'beginner', duration: 'long' });
    expect(paths).toEqual(copy);
  });
});

describe('filterBrowsePaths', () => {
  const card = (id: string, title: string, summary: string, category: Card['category']): Card => ({
    id,
    title,
    summary,
    category,
    level: 'beginner',
    totalHours: 48,
  });
  const list = [
    card('1', 'Frontend Development', 'Build websites', 'web'),
    card('2', 'Data Science', 'Python and pandas', 'data'),
    card('3', 'Mobile Development', 'React Native apps', 'mobile'),
  ];
  const ids = (items: Card[]) => items.map((p) => p.id);

  it('keeps all for an empty query and category all', () => {
    expect(ids(filterBrowsePaths(list, { query: '', category: 'all' }))).toEqual(['1', '2', '3']);
  });
  it('searches title and summary case-insensitively', () => {
    expect(ids(filterBrowsePaths(list, { query: 'DEVELOPMENT', category: 'all' }))).toEqual(['1', '3']);
    expect(ids(filterBrowsePaths(list, { query: 'PaNdAs', category: 'all' }))).toEqual(['2']);
    expect(ids(filterBrowsePaths(list, { query: ' react ', category: 'all' }))).toEqual(['3']);
  });
  it('filters by category and combines with the query', () => {
    expect(ids(filterBrowsePaths(list, { query: '', category: 'data' }))).toEqual(['2']);
    expect(ids(filterBrowsePaths(list, { query: 'development', category: 'mobile' }))).toEqual(['3']);
    expect(ids(filterBrowsePaths(list, { query: 'python', category: 'web' }))).toEqual([]);
  });
});

describe('the filters on the API\'s path list', () => {
  const list = pathsFor(newLearnerRecords);
  const slugs = (items: typeof list) => items.map((p) => p.slug);

  it('reads title, summary, level, totalHours and category of each PathSummary', () => {
    const react = list.filter((p) => `${p.title} ${p.summary}`.toLowerCase().includes('react'));
    expect(react.length).toBeGreaterThan(0);
    expect(slugs(filterPaths(list, { query: 'REACT', level: 'all', duration: 'all' }))).toEqual(slugs(react));
    for (const level of ['beginner', 'intermediate', 'advanced'] as const) {
      expect(slugs(filterPaths(list, { query: '', level, duration: 'all' }))).toEqual(slugs(list.filter((p) => p.level === level)));
    }
    expect(slugs(filterPaths(list, { query: '', level: 'all', duration: 'long' }))).toEqual(
      slugs(list.filter((p) => p.totalHours > 80)),
    );
    expect(slugs(filterBrowsePaths(list, { query: '', category: 'data' }))).toEqual(slugs(list.filter((p) => p.category === 'data')));
  });
});

describe('progressPercent', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 0],
    [0, 4, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [1, 200, 1],
    [1, 201, 0],
    [4, 4, 100],
    [5, 4, 100],
    [-1, 4, 0],
    [Number.NaN, 4, 0],
    [1, -4, 0],
  ])('%s of %s is %s%%', (done, total, percent) => {
    expect(progressPercent(done, total)).toBe(percent);
  });
});

const tasks: Task[] = [
  { id: 't1', title: 'Set up', completed: true },
  { id: 't2', title: 'Build', completed: false },
  { id: 't3', title: 'Ship', completed: false },
];

describe('taskProgress', () => {
  it('counts completed tasks', () => {
    expect(taskProgress(tasks)).toEqual({ completed: 1, total: 3, percent: 33 });
  });
  it('is zero for no tasks', () => {
    expect(taskProgress([])).toEqual({ completed: 0, total: 0, percent: 0 });
  });
  it('is 100 when all done', () => {
    expect(taskProgress(tasks.map((t) => ({ ...t, completed: true })))).toEqual({ completed: 3, total: 3, percent: 100 });
  });
});

describe('toggleTask', () => {
  it('flips only the named task and leaves the input untouched', () => {
    const before = structuredClone(tasks);
    const next = toggleTask(tasks, 't2');
    expect(next).not.toBe(tasks);
    expect(next.map((t) => t.completed)).toEqual([true, true, false]);
    expect(tasks).toEqual(before);
    expect(next[0]).toBe(tasks[0]);
    expect(next[1]).not.toBe(tasks[1]);
  });
  it('toggles back', () => {
    expect(toggleTask(toggleTask(tasks, 't1'), 't1')).toEqual(tasks);
  });
  it('changes nothing for an unknown id', () => {
    expect(toggleTask(tasks, 'nope')).toEqual(tasks);
  });
});

describe('pathHref and projectHref', () => {
  it('address paths and projects by their slugs', () => {
    expect(pathHref('frontend-development')).toBe('/app/paths/frontend-development');
    expect(projectHref('frontend-development', 'personal-portfolio')).toBe('/app/paths/frontend-development/projects/personal-portfolio');
  });
});

describe('findProject', () => {
  const detail = (id: string, pathId: string, title: string): ProjectDetail => ({
    id,
    pathId,
    title,
    description: '',
    status: 'locked',
    progress: 0,
    duration: '1 week',
    difficulty: 'beginner',
    xp: 500,
    learningObjectives: [],
    skillsYoullLearn: [],
    requirements: [],
    resources: [],
    tasks: [],
    prerequisites: [],
  });
  const details = [
    detail('p1-1', '1', 'Personal Portfolio'),
    detail('p1-2', '1', 'REST API & Auth/JWT'),
    detail('p2-1', '2', 'Personal Portfolio'),
    detail('p2-2', '2', '100% Coverage'),
  ];

  it('matches an encoded or decoded title within the path', () => {
    expect(findProject(details, '1', 'Personal%20Portfolio')?.id).toBe('p1-1');
    expect(findProject(details, '1', 'Personal Portfolio')?.id).toBe('p1-1');
    expect(findProject(details, '2', 'Personal Portfolio')?.id).toBe('p2-1');
    expect(findProject(details, '1', encodeURIComponent('REST API & Auth/JWT'))?.id).toBe('p1-2');
  });
  it('copes with a title that is not valid percent-encoding', () => {
    expect(findProject(details, '2', '100% Coverage')?.id).toBe('p2-2');
  });
  it('matches by id', () => {
    expect(findProject(details, '2', 'p2-2')?.title).toBe('100% Coverage');
  });
  it('accepts a record too', () => {
    const record = Object.fromEntries(details.map((d) => [d.id, d]));
    expect(findProject(record, '1', 'p1-2')?.id).toBe('p1-2');
  });
  it('is undefined for an unknown project or a project of another path', () => {
    expect(findProject(details, '1', 'Nope')).toBeUndefined();
    expect(findProject(details, '1', 'p2-2')).toBeUndefined();
    expect(findProject(details, '9', 'Personal Portfolio')).toBeUndefined();
  });
});

describe('validateRepoUrl', () => {
  it.each(['', '   ', '\n\t'])('asks for a URL when empty (%j)', (value) => {
    expect(validateRepoUrl(value)).toBe(repoUrlMessages.required);
    expect(repoUrlMessages.required).toBe('Enter your GitHub repository URL.');
  });

  it.each([
    'https://github.com/you/project',
    'https://github.com/you/project/',
    'https://github.com/you/project.git',
    '  https://github.com/you/project  ',
    'https://github.com/a/b',
    'https://github.com/ada-lovelace/analytical.engine',
    'https://github.com/A1-b2-C3/My_Repo-2.0',
    'https://github.com/x/.github',
    'https://github.com/x/...',
    `https://github.com/${'a'.repeat(39)}/repo`,
  ])('accepts %s', (value) => {
    expect(validateRepoUrl(value)).toBeNull();
  });

  it.each([
    'github.com/you/project',
    'http://github.com/you/project',
    'https://www.github.com/you/project',
    'https://gitlab.com/you/project',
    'https://github.com/you',
    'https://github.com/you/',
    'https://github.com//project',
    'https://github.com/you/project/tree/main',
    'https://github.com/you/project?tab=readme',
    'https://github.com/you/project#readme',
    'https://github.com/-you/project',
    'https://github.com/you-/project',
    'https://github.com/y--ou/project',
    'https://github.com/y_ou/project',
    `https://github.com/${'a'.repeat(40)}/repo`,
    'https://github.com/you/.',
    'https://github.com/you/..',
    'https://github.com/you/pro ject',
    'https://github.com/you/project//',
    'https://github.com/you/project.git/extra',
    'HTTPS://GITHUB.COM/you/project',
    'not a url',
  ])('rejects %s', (value) => {
    expect(validateRepoUrl(value)).toBe('Use a GitHub repository URL like https://github.com/you/project.');
  });
});

describe('validateProfile', () => {
  it('accepts a name and a valid email', () => {
    expect(validateProfile({ fullName: 'Ada Lovelace', email: 'ada@example.com' })).toBeNull();
    expect(validateProfile({ fullName: ' Ada ', email: ' ada@example.com ' })).toBeNull();
  });
  it('requires a name first', () => {
    expect(validateProfile({ fullName: '   ', email: 'bad' })).toBe('Full name is required.');
  });
  it('checks the email format', () => {
    expect(validateProfile({ fullName: 'Ada', email: '' })).toBe('Enter a valid email address.');
    expect(validateProfile({ fullName: 'Ada', email: 'ada@example' })).toBe('Enter a valid email address.');
    expect(validateProfile({ fullName: 'Ada', email: 'a da@example.com' })).toBe('Enter a valid email address.');
  });
});

describe('countByStatus', () => {
  it('counts each status', () => {
    const p = (status: 'completed' | 'in-progress' | 'locked') => ({
      id: status,
      title: '',
      description: '',
      duration: '',
      difficulty: 'beginner' as const,
      status,
      xp: 500,
    });
    expect(countByStatus([p('completed'), p('completed'), p('locked')])).toEqual({
      completed: 2,
      'in-progress': 0,
      locked: 1,
    });
  });
});
