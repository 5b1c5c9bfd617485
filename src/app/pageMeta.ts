/**
 * Every page's title and description, by its path in the route table (src/app/router.tsx
 * attaches each to its route as `handle.meta`). Plain data, no React: the build reads it too
 * (scripts/vite/head.ts writes the prerendered pages' <title>, description, canonical link and
 * Open Graph / Twitter tags from it, so they are in the HTML before any script runs).
 */
export type PageMeta = {
  /** The whole document title, e.g. "Sign in · PathForge". */
  title: string;
  description: string;
};

export const SITE_NAME = 'PathForge';

/** "Sign in" → "Sign in · PathForge": the title of every page but the landing page. */
export const titled = (name: string): string => `${name} · ${SITE_NAME}`;

const meta = (name: string, description: string): PageMeta => ({ title: titled(name), description });

export const PAGE_META = {
  '/': {
    title: 'PathForge: learn to code by building real projects',
    description: 'PathForge: learn software development by building real projects along guided learning paths. Earn XP, levels, streaks and badges.',
  },
  '/login': meta('Sign in', 'Sign in to PathForge and continue your learning paths where you left off.'),
  '/register': meta('Create account', 'Create a PathForge account and start learning software development by building real projects.'),
  '/forgotPassword': meta('Forgot password', 'Ask for a link to choose a new PathForge password.'),
  '/resetPassword': meta('Choose a new password', 'Choose a new password for your PathForge account.'),
  '/confirm-email': meta('Confirm your email', 'Confirm the email address of your PathForge account.'),
  '/undo-email-change': meta('Undo an email change', 'Keep the email address of your PathForge account after a change you did not ask for.'),
  '/remove-link': meta('Remove a linked sign-in', 'Remove a Google or GitHub account linked to your PathForge account and sign out everywhere.'),
  '/unsubscribe/:token': meta('Unsubscribe', 'Stop one kind of PathForge email with one click, no sign-in needed.'),
  '/app/dashboard': meta('Dashboard', 'Your progress, streak and next steps on PathForge.'),
  '/app/paths': meta('Paths', 'The learning paths you are following on PathForge.'),
  // The path's and the project's own titles replace these once they are known (usePageTitle).
  '/app/paths/:pathId': meta('Learning path', 'A PathForge learning path: its sections and projects.'),
  '/app/paths/:pathId/projects/:projectId': meta('Project', 'A PathForge project: its brief, tasks and submission.'),
  '/app/browse-paths': meta('Browse paths', 'Every PathForge learning path, to find your next one.'),
  '/app/xp-badges': meta('XP & Badges', 'Your XP, level, streaks and badges on PathForge.'),
  '/app/xp-badges/history': meta('XP history', 'Every XP award you have earned on PathForge, with its reason.'),
  '/app/leaderboard': meta('Leaderboard', 'How PathForge learners rank by XP.'),
  '/app/settings': meta('Settings', 'Your PathForge profile, preferences, password and account.'),
  '*': meta('Page not found', 'This PathForge page does not exist.'),
} satisfies Record<string, PageMeta>;

export type PagePath = keyof typeof PAGE_META;
