import type { PageName } from './pages';

/**
 * What each page of the registry (./pages.ts) is called, by the same name: its title and
 * description, and its sidebar entry if it has one. Plain data, no React. It is kept apart from
 * ./pages.ts so that the landing page's entry stays small: the router attaches a page's entry as
 * `handle.meta` once the page's module has loaded (./router.tsx), the sidebar reads it
 * (src/components/AppShell/Sidebar.tsx), and the build writes the prerendered pages' <title>,
 * description, canonical link and Open Graph / Twitter tags from it (scripts/vite/head.ts), so
 * they are in the HTML before any script runs.
 */
export type PageMeta = {
  /** The whole document title, e.g. "Sign in · PathForge". */
  title: string;
  description: string;
  /** Its entry in the app's sidebar, if it has one. */
  sidebar?: SidebarEntry;
};

/** The icons the sidebar draws (lucide-react's names; the sidebar maps each to its component). */
export type SidebarIcon = 'LayoutDashboard' | 'Route' | 'Award' | 'Settings';

export type SidebarEntry = {
  label: string;
  icon: SidebarIcon;
  /** Its place, top to bottom (the entries are sorted by it). */
  order: number;
  /**
   * The entry is the current one on its page and below it (`/app/paths/…` for Paths), and on these
   * pages and below them: pages reached from its page that have no entry of their own.
   */
  alsoOn?: PageName[];
};

export const SITE_NAME = 'PathForge';

/** "Sign in" → "Sign in · PathForge": the title of every page but the landing page. */
export const titled = (name: string): string => `${name} · ${SITE_NAME}`;

const meta = (name: string, description: string) => ({ title: titled(name), description });

// The sidebar has exactly Dashboard, Paths, XP & Badges and Settings (the spec): the leaderboard and browse-paths are reached from pages.
export const PAGE_META = {
  landing: {
    title: 'PathForge: learn to code by building real projects',
    description: 'PathForge: learn software development by building real projects along guided learning paths. Earn XP, levels, streaks and badges.',
  },
  login: meta('Sign in', 'Sign in to PathForge and continue your learning paths where you left off.'),
  register: meta('Create account', 'Create a PathForge account and start learning software development by building real projects.'),
  forgotPassword: meta('Forgot password', 'Ask for a link to choose a new PathForge password.'),
  resetPassword: meta('Choose a new password', 'Choose a new password for your PathForge account.'),
  confirmEmail: meta('Confirm your email', 'Confirm the email address of your PathForge account.'),
  undoEmailChange: meta('Undo an email change', 'Keep the email address of your PathForge account after a change you did not ask for.'),
  removeLink: meta('Remove a linked sign-in', 'Remove a Google or GitHub account linked to your PathForge account and sign out everywhere.'),
  unsubscribe: meta('Unsubscribe', 'Stop one kind of PathForge email with one click, no sign-in needed.'),
  dashboard: {
    ...meta('Dashboard', 'Your progress, streak and next steps on PathForge.'),
    sidebar: { label: 'Dashboard', icon: 'LayoutDashboard', order: 1, alsoOn: ['leaderboard'] },
  },
  paths: {
    ...meta('Paths', 'The learning paths you are following on PathForge.'),
    sidebar: { label: 'Paths', icon: 'Route', order: 2, alsoOn: ['browsePaths'] },
  },
  // The path's and the project's own titles replace these once they are known (usePageTitle).
  pathDetail: meta('Learning path', 'A PathForge learning path: its sections and projects.'),
  project: meta('Project', 'A PathForge project: its brief, tasks and submission.'),
  browsePaths: meta('Browse paths', 'Every PathForge learning path, to find your next one.'),
  xpBadges: {
    ...meta('XP & Badges', 'Your XP, level, streaks and badges on PathForge.'),
    sidebar: { label: 'XP & Badges', icon: 'Award', order: 3 },
  },
  xpHistory: meta('XP history', 'Every XP award you have earned on PathForge, with its reason.'),
  leaderboard: meta('Leaderboard', 'How PathForge learners rank by XP.'),
  settings: {
    ...meta('Settings', 'Your PathForge profile, preferences, password and account.'),
    sidebar: { label: 'Settings', icon: 'Settings', order: 4 },
  },
  notFound: meta('Page not found', 'This PathForge page does not exist.'),
} satisfies Record<PageName, PageMeta>;
