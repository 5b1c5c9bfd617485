/**
 * The signed-in app area: filters and labels for paths, the leaderboard periods, addresses, and the rules
 * of the forms (repository URL, profile).
 * Pure. The API's shapes are src/api/learning/contract.ts; progress rules, progress.ts.
 */
import { breaksEmailPattern } from './auth.ts';

// ---------------------------------------------------------------------------------------------
// Levels, durations, statuses
// ---------------------------------------------------------------------------------------------

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];
export type LevelFilter = 'all' | Level;

export const LEVEL_LABELS: Record<Level, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

export const DURATION_BUCKETS = ['short', 'medium', 'long'] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];
export type DurationFilter = 'all' | DurationBucket;

/** The duration filter's labels, word for word: up to 50 hours is short, 51 to 80 medium, more long. */
export const DURATION_LABELS: Record<DurationBucket, string> = {
  short: 'Short (≤50h)',
  medium: 'Medium (51-80h)',
  long: 'Long (>80h)',
};

export const SHORT_MAX_HOURS = 50;
export const MEDIUM_MAX_HOURS = 80;

// ---------------------------------------------------------------------------------------------
// XP, badges, leaderboard
// ---------------------------------------------------------------------------------------------

export const LEADERBOARD_PERIODS = ['all', 'month', 'week', 'day'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** Rolling windows: This Month = the last 30 days, This Week = the last 7 days, Today = the last 24 hours. */
export const LEADERBOARD_WINDOW_HOURS = { all: null, month: 30 * 24, week: 7 * 24, day: 24 } as const;
/** What the board shows in place of a private learner's name (the row's `private` flag says who is private). */
export const PRIVATE_LEARNER_NAME = 'A PathForge learner';

export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  all: 'All Time',
  month: 'This Month',
  week: 'This Week',
  day: 'Today',
};

// ---------------------------------------------------------------------------------------------
// Browse, settings
// ---------------------------------------------------------------------------------------------

/** What a path is about (content/skills.yaml puts each skill in one; content:check fits each path to its skills). */
export const BROWSE_CATEGORIES = ['web', 'mobile', 'cloud', 'security'] as const;
export type BrowseCategoryValue = (typeof BROWSE_CATEGORIES)[number];
export type BrowseCategory = 'all' | BrowseCategoryValue;

export const BROWSE_CATEGORY_LABELS: Record<BrowseCategory, string> = {
  all: 'All',
  web: 'Web',
  mobile: 'Mobile',
  cloud: 'Cloud',
  security: 'Security',
};

export type ProfileSettings = { fullName: string; email: string };

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** Short ≤50 h, medium 51-80 h, long >80 h. */
export function durationBucket(hours: number): DurationBucket {
  if (hours <= SHORT_MAX_HOURS) return 'short';
  if (hours <= MEDIUM_MAX_HOURS) return 'medium';
  return 'long';
}

export type PathFilters = { query: string; level: LevelFilter; duration: DurationFilter };

export const EMPTY_PATH_FILTERS: PathFilters = { query: '', level: 'all', duration: 'all' };

function matchesQuery(query: string, ...fields: string[]): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return fields.some((field) => field.toLocaleLowerCase().includes(needle));
}

/** What the path filters read of a path (the API's PathSummary has it all). */
export type FilterablePath = { title: string; summary: string; level: Level; totalHours: number; category: BrowseCategoryValue };

/** Case-insensitive search over title and summary, AND the level and duration (from totalHours) filters. */
export function filterPaths<T extends Pick<FilterablePath, 'title' | 'summary' | 'level' | 'totalHours'>>(paths: readonly T[], filters: PathFilters): T[] {
  return paths.filter(
    (path) =>
      matchesQuery(filters.query, path.title, path.summary) &&
      (filters.level === 'all' || path.level === filters.level) &&
      (filters.duration === 'all' || durationBucket(path.totalHours) === filters.duration),
  );
}

export type BrowseFilters = { query: string; category: BrowseCategory };

/** Case-insensitive search over title and summary, AND the category filter. */
export function filterBrowsePaths<T extends Pick<FilterablePath, 'title' | 'summary' | 'category'>>(list: readonly T[], filters: BrowseFilters): T[] {
  return list.filter((item) => matchesQuery(filters.query, item.title, item.summary) && (filters.category === 'all' || item.category === filters.category));
}

/** Whole percent of done over total, 0 when total is 0, kept within 0-100. */
export function progressPercent(done: number, total: number): number {
  if (!Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return 0;
  const percent = Math.round((done / total) * 100);
  return Math.min(100, Math.max(0, percent));
}

/**
 * Paths and projects are addressed by their slugs. The original addresses (a path's
 * number, a project's URL-encoded title) and former slugs still lead to them: the API answers
 * former slugs, and the project page sends a title to the slug's address.
 */
export function projectHref(pathSlug: string, projectSlug: string): string {
  return `/app/paths/${pathSlug}/projects/${projectSlug}`;
}

export function pathHref(pathSlug: string): string {
  return `/app/paths/${pathSlug}`;
}

/** A submitted repository URL is at most this long. */
export const REPO_URL_MAX_LENGTH = 1024;

export const repoUrlMessages = {
  required: 'Enter your GitHub repository URL.',
  invalid: 'Use a GitHub repository URL like https://github.com/you/project.',
  tooLong: `A repository URL is at most ${REPO_URL_MAX_LENGTH} characters.`,
} as const;

/** Owner: GitHub user rules (alnum, single hyphens, 1-39, no edge hyphen). Repo: [A-Za-z0-9._-]+. */
const REPO_URL_PATTERN = /^https:\/\/github\.com\/([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/;

/** Null when the value is a plain GitHub repository URL, else the message to show. */
export function validateRepoUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return repoUrlMessages.required;
  if (trimmed.length > REPO_URL_MAX_LENGTH) return repoUrlMessages.tooLong;
  const match = REPO_URL_PATTERN.exec(trimmed);
  if (!match) return repoUrlMessages.invalid;
  const repo = match[2] ?? '';
  if (repo === '.' || repo === '..') return repoUrlMessages.invalid;
  return null;
}

/**
 * The owner and name of a repository URL that validateRepoUrl accepts (`.git` and a trailing slash
 * dropped), or null for any URL it refuses.
 */
export function parseRepoUrl(value: string): { owner: string; name: string } | null {
  if (validateRepoUrl(value) !== null) return null;
  const match = REPO_URL_PATTERN.exec(value.trim());
  return match ? { owner: match[1] ?? '', name: match[2] ?? '' } : null;
}

export const profileMessages = {
  fullNameRequired: 'Full name is required.',
  invalidEmail: 'Enter a valid email address.',
} as const;

/** The first rule the profile form breaks, or null. */
export function validateProfile(values: ProfileSettings): string | null {
  if (values.fullName.trim() === '') return profileMessages.fullNameRequired;
  if (breaksEmailPattern(values.email.trim())) return profileMessages.invalidEmail;
  return null;
}

/** What the learning API answers when it refuses (src/api/learning/contract.ts holds its shapes). */
export const learningMessages = {
  noSuchPath: 'There is no such learning path.',
  noSuchProject: 'There is no such project.',
  noSuchTask: 'There is no such task.',
  locked: (titles: string[]) => `Complete ${titles.join(' and ')} first.`,
  notStarted: 'Start the project first.',
  /** POST /learning/projects/:id/verification before anything was submitted. */
  notSubmitted: 'Submit the project first.',
  completed: 'This project is completed; its tasks can no longer change.',
  openTasks: (titles: string[]) => `Finish every task before you submit. Still open: ${titles.join('; ')}.`,
  cannotRate: 'Complete a project of this path to rate it.',
  stars: 'A rating is a whole number of stars from 1 to 5.',
} as const;
