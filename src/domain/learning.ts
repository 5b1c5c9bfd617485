/**
 * The signed-in app area: learning paths, projects, tasks, XP, badges, leaderboard, browse and settings.
 * Types and pure rules only (spec §2 "App area", §3, §4, §9); sample data lives in src/fixtures.
 */
import { EMAIL_PATTERN } from './auth.ts';

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

/** Spec §9, copied exactly. */
export const DURATION_LABELS: Record<DurationBucket, string> = {
  short: 'Short (≤50h)',
  medium: 'Medium (51-80h)',
  long: 'Long (>80h)',
};

export const SHORT_MAX_HOURS = 50;
export const MEDIUM_MAX_HOURS = 80;

export type ProjectStatus = 'completed' | 'in-progress' | 'locked';

// ---------------------------------------------------------------------------------------------
// Paths and projects
// ---------------------------------------------------------------------------------------------

/** A project as it appears in a path card or path detail. */
export type PathProject = {
  id: string;
  title: string;
  description: string;
  /** Human text, e.g. '2 weeks'. */
  duration: string;
  difficulty: Level;
  status: ProjectStatus;
  xp: number;
};

/** A card in /app/paths. */
export type LearningPath = {
  id: string;
  title: string;
  description: string;
  projects: PathProject[];
  /** Hours. */
  totalDuration: number;
  level: Level;
  active: boolean;
  imageUrl?: string;
  color: string;
};

export type PathSection = { title: string; description: string; projects: PathProject[] };

export type PathDetail = {
  id: string;
  title: string;
  description: string;
  /** Percent 0-100. */
  progress: number;
  completedProjects: number;
  estimatedHours: number;
  color: string;
  sections: PathSection[];
};

export type Task = { id: string; title: string; completed: boolean };

export type ResourceType = 'doc' | 'github';
export type ProjectResource = { title: string; type: ResourceType; url: string };

export type ProjectDetail = {
  id: string;
  pathId: string;
  title: string;
  description: string;
  status: ProjectStatus;
  /** Percent 0-100. */
  progress: number;
  duration: string;
  difficulty: Level;
  xp: number;
  learningObjectives: string[];
  skillsYoullLearn: string[];
  requirements: string[];
  resources: ProjectResource[];
  tasks: Task[];
  prerequisites: string[];
};

// ---------------------------------------------------------------------------------------------
// XP, badges, leaderboard
// ---------------------------------------------------------------------------------------------

/** lucide-react icon names the badge cards may use. */
export type BadgeIcon = 'zap' | 'code' | 'flame' | 'star' | 'trophy' | 'layers';

export type Badge = {
  id: string;
  title: string;
  description: string;
  icon: BadgeIcon;
  color: string;
  earned: boolean;
  /** Percent 0-100. */
  progress: number;
};

export type XpStats = {
  totalXP: number;
  level: number;
  streak: number;
  projectsCompleted: number;
  hoursSpent: number;
  badges: number;
};

export const LEADERBOARD_PERIODS = ['all', 'month', 'week', 'day'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  all: 'All Time',
  month: 'This Month',
  week: 'This Week',
  day: 'Today',
};

export type LeaderboardEntry = { id: string; name: string; points: number; rank: number; avatar: string };

/** The dashboard's variant of a leaderboard entry. */
export type TopLearner = { id: string; name: string; xp: number; level: number; avatar: string };

// ---------------------------------------------------------------------------------------------
// Browse, settings
// ---------------------------------------------------------------------------------------------

export const BROWSE_CATEGORIES = ['web', 'data', 'mobile'] as const;
export type BrowseCategoryValue = (typeof BROWSE_CATEGORIES)[number];
export type BrowseCategory = 'all' | BrowseCategoryValue;

export const BROWSE_CATEGORY_LABELS: Record<BrowseCategory, string> = {
  all: 'All',
  web: 'Web',
  data: 'Data',
  mobile: 'Mobile',
};

export type BrowsePath = {
  id: string;
  title: string;
  description: string;
  /** Human text, e.g. '8 weeks'. */
  duration: string;
  students: number;
  rating: number;
  /** A path under public/, never an external URL. */
  image: string;
  category: BrowseCategoryValue;
};

export type NotificationPreferences = { email: boolean; push: boolean; updates: boolean; newsletter: boolean };

/** Spec §4: email on, push on, updates off, newsletter on. */
export const DEFAULT_NOTIFICATIONS: NotificationPreferences = {
  email: true,
  push: true,
  updates: false,
  newsletter: true,
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
export function filterPaths<T extends Pick<FilterablePath, 'title' | 'summary' | 'level' | 'totalHours'>>(
  paths: readonly T[],
  filters: PathFilters,
): T[] {
  return paths.filter(
    (path) =>
      matchesQuery(filters.query, path.title, path.summary) &&
      (filters.level === 'all' || path.level === filters.level) &&
      (filters.duration === 'all' || durationBucket(path.totalHours) === filters.duration),
  );
}

export type BrowseFilters = { query: string; category: BrowseCategory };

/** Case-insensitive search over title and summary, AND the category filter. */
export function filterBrowsePaths<T extends Pick<FilterablePath, 'title' | 'summary' | 'category'>>(
  list: readonly T[],
  filters: BrowseFilters,
): T[] {
  return list.filter(
    (item) =>
      matchesQuery(filters.query, item.title, item.summary) &&
      (filters.category === 'all' || item.category === filters.category),
  );
}

/** Whole percent of done over total, 0 when total is 0, kept within 0-100. */
export function progressPercent(done: number, total: number): number {
  if (!Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return 0;
  const percent = Math.round((done / total) * 100);
  return Math.min(100, Math.max(0, percent));
}

export type TaskProgress = { completed: number; total: number; percent: number };

export function taskProgress(tasks: readonly Task[]): TaskProgress {
  const completed = tasks.filter((task) => task.completed).length;
  return { completed, total: tasks.length, percent: progressPercent(completed, tasks.length) };
}

/** A new list with the task's completed flag flipped; the input is left untouched. */
export function toggleTask(tasks: readonly Task[], id: string): Task[] {
  return tasks.map((task) => (task.id === id ? { ...task, completed: !task.completed } : task));
}

/**
 * Paths and projects are addressed by their slugs (issue 10 §2). The spec's addresses (a path's
 * number, a project's URL-encoded title) and former slugs still lead to them: the API answers
 * former slugs, and the project page sends a title to the slug's address.
 */
export function projectHref(pathSlug: string, projectSlug: string): string {
  return `/app/paths/${pathSlug}/projects/${projectSlug}`;
}

export function pathHref(pathSlug: string): string {
  return `/app/paths/${pathSlug}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The project of a path named by a route parameter: its title (encoded or already decoded) or its id.
 * Undefined when the path has no such project.
 */
export function findProject(
  details: readonly ProjectDetail[] | Readonly<Record<string, ProjectDetail>>,
  pathId: string,
  projectParam: string,
): ProjectDetail | undefined {
  const list: readonly ProjectDetail[] = Array.isArray(details)
    ? (details as readonly ProjectDetail[])
    : Object.values(details as Readonly<Record<string, ProjectDetail>>);
  const decoded = safeDecode(projectParam);
  const inPath = list.filter((project) => project.pathId === pathId);
  return (
    inPath.find((project) => project.title === decoded || project.title === projectParam) ??
    inPath.find((project) => project.id === projectParam || project.id === decoded)
  );
}

/** Issue 10 §2: a submitted repository URL is at most this long. */
export const REPO_URL_MAX_LENGTH = 1024;

export const repoUrlMessages = {
  required: 'Enter your GitHub repository URL.',
  invalid: 'Use a GitHub repository URL like https://github.com/you/project.',
  tooLong: `A repository URL is at most ${REPO_URL_MAX_LENGTH} characters.`,
} as const;

/** Owner: GitHub user rules (alnum, single hyphens, 1-39, no edge hyphen). Repo: [A-Za-z0-9._-]+. */
const REPO_URL_PATTERN =
  /^https:\/\/github\.com\/([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/;

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

export const profileMessages = {
  fullNameRequired: 'Full name is required.',
  invalidEmail: 'Enter a valid email address.',
} as const;

/** The first rule the profile form breaks, or null. */
export function validateProfile(values: ProfileSettings): string | null {
  if (values.fullName.trim() === '') return profileMessages.fullNameRequired;
  if (!EMAIL_PATTERN.test(values.email.trim())) return profileMessages.invalidEmail;
  return null;
}

/** Counts the projects of a path by status. */
export function countByStatus(projects: readonly PathProject[]): Record<ProjectStatus, number> {
  const counts: Record<ProjectStatus, number> = { completed: 0, 'in-progress': 0, locked: 0 };
  for (const project of projects) counts[project.status] += 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Screen data bundles (what each app screen is given)
// ---------------------------------------------------------------------------------------------

/** XP & Badges screen. */
export type XpData = { stats: XpStats; badges: Badge[] };

/** Settings screen. */
export type SettingsData = { profile: ProfileSettings; notifications: NotificationPreferences };

export type DashboardPathProgress = {
  id: string;
  title: string;
  /** Percent 0-100. */
  progress: number;
  completedProjects: number;
  totalProjects: number;
  color: string;
};

export type DashboardProject = {
  id: string;
  pathId: string;
  title: string;
  description: string;
  /** Percent 0-100. */
  progress: number;
  duration: string;
  xp: number;
};

/** Dashboard sample content (spec §2). Null / empty parts are the new-learner state. */
export type DashboardData = {
  streak: number;
  level: number;
  currentPath: DashboardPathProgress | null;
  currentProject: DashboardProject | null;
  upcomingProjects: DashboardProject[];
  bestPaths: LearningPath[];
  topLearners: TopLearner[];
};
