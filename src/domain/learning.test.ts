import { describe, it, expect } from 'vitest';
import {
  DURATION_LABELS,
  LEADERBOARD_PERIOD_LABELS,
  LEVEL_LABELS,
  durationBucket,
  filterBrowsePaths,
  filterPaths,
  pathHref,
  progressPercent,
  projectHref,
  repoUrlMessages,
  validateProfile,
  parseRepoUrl,
  validateRepoUrl,
  type FilterablePath,
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
  it("keeps the product's labels word for word", () => {
    expect(DURATION_LABELS).toEqual({ short: 'Short (≤50h)', medium: 'Medium (51-80h)', long: 'Long (>80h)' });
    expect(LEVEL_LABELS).toEqual({ beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' });
    expect(LEADERBOARD_PERIOD_LABELS).toEqual({ all: 'All Time', month: 'This Month', week: 'This Week', day: 'Today' });
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
    card('2', 'Cloud Computing', 'Deploy Python services with pandas jobs', 'cloud'),
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
    expect(ids(filterBrowsePaths(list, { query: '', category: 'cloud' }))).toEqual(['2']);
    expect(ids(filterBrowsePaths(list, { query: 'development', category: 'mobile' }))).toEqual(['3']);
    expect(ids(filterBrowsePaths(list, { query: 'python', category: 'web' }))).toEqual([]);
  });
});

describe("the filters on the API's path list", () => {
  const list = pathsFor(newLearnerRecords);
  const slugs = (items: typeof list) => items.map((p) => p.slug);

  it('reads title, summary, level, totalHours and category of each PathSummary', () => {
    const react = list.filter((p) => `${p.title} ${p.summary}`.toLowerCase().includes('react'));
    expect(react.length).toBeGreaterThan(0);
    expect(slugs(filterPaths(list, { query: 'REACT', level: 'all', duration: 'all' }))).toEqual(slugs(react));
    for (const level of ['beginner', 'intermediate', 'advanced'] as const) {
      expect(slugs(filterPaths(list, { query: '', level, duration: 'all' }))).toEqual(slugs(list.filter((p) => p.level === level)));
    }
    expect(slugs(filterPaths(list, { query: '', level: 'all', duration: 'long' }))).toEqual(slugs(list.filter((p) => p.totalHours > 80)));
    for (const category of ['web', 'mobile', 'cloud', 'security'] as const) {
      const inIt = list.filter((p) => p.category === category);
      expect(inIt.length, category).toBeGreaterThan(0);
      expect(slugs(filterBrowsePaths(list, { query: '', category }))).toEqual(slugs(inIt));
    }
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

describe('pathHref and projectHref', () => {
  it('address paths and projects by their slugs', () => {
    expect(pathHref('frontend-development')).toBe('/app/paths/frontend-development');
    expect(projectHref('frontend-development', 'personal-portfolio')).toBe('/app/paths/frontend-development/projects/personal-portfolio');
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

describe('parseRepoUrl', () => {
  it.each([
    ['https://github.com/you/project', 'you', 'project'],
    ['https://github.com/you/project/', 'you', 'project'],
    ['https://github.com/you/project.git', 'you', 'project'],
    ['https://github.com/you/project.git/', 'you', 'project'],
    ['  https://github.com/ada-lovelace/analytical.engine  ', 'ada-lovelace', 'analytical.engine'],
    ['https://github.com/x/.github', 'x', '.github'],
  ])('reads the owner and name of %s', (value, owner, name) => {
    expect(parseRepoUrl(value)).toEqual({ owner, name });
  });

  it.each(['', 'https://github.com/you', 'https://gitlab.com/you/project', 'https://github.com/you/project/tree/main', 'https://github.com/you/..'])(
    'answers null for what validateRepoUrl refuses (%j)',
    (value) => {
      expect(parseRepoUrl(value)).toBeNull();
    },
  );
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
