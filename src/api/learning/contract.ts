/**
 * The learning API's shapes, once: zod schemas the server turns into its Fastify
 * schemas (responses are serialised through them, so nothing else leaks) and the browser parses
 * answers with; the TypeScript types are derived from them, never written twice.
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';
import { CATEGORY_VALUES, LEVEL_VALUES } from '../../domain/content.ts';
import { WEEKLY_GOAL } from '../../domain/streaks.ts';
import { PASSWORD_REFUSED } from '../../domain/auth.ts';
import { submissionViewSchema } from '../../domain/verification.ts';

export const contentId = (prefix: 'path' | 'prj' | 'task') => z.string().regex(new RegExp(`^${prefix}_[0-9a-f]{8}$`));
/** A path or project in a URL: its slug, a former slug, or the number it was first addressed by. */
export const slugParam = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(120);

export const progressSchema = z.strictObject({
  completed: z.int().min(0),
  total: z.int().min(0),
  percent: z.int().min(0).max(100),
});

export const pathProgressSchema = z.strictObject({
  completedProjects: z.int().min(0),
  totalProjects: z.int().min(0),
  percent: z.int().min(0).max(100),
});

export const projectStatusSchema = z.enum(['locked', 'available', 'in-progress', 'completed']);

const projectRef = z.strictObject({ id: z.string(), slug: z.string(), title: z.string() });
/** A project another builds on, in any path: with its path, to link to it. */
const prerequisiteRef = projectRef.extend({ path: projectRef });

export const pathSummarySchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  level: z.enum(LEVEL_VALUES),
  category: z.enum(CATEGORY_VALUES),
  durationWeeks: z.int(),
  totalHours: z.int(),
  color: z.string(),
  image: z.string().nullable(),
  progress: pathProgressSchema,
  /** The learner started at least one of its projects. */
  started: z.boolean(),
  /** Learners who started at least one of its projects. */
  students: z.int().min(0),
  /** The average of learners' ratings (1 decimal) and how many; null: no ratings yet. */
  rating: z.strictObject({ average: z.number().min(1).max(5), count: z.int().min(1) }).nullable(),
  /** This learner's rating, or null. */
  myRating: z.int().min(1).max(5).nullable(),
  /** A learner may rate a path once they have completed one of its projects. */
  canRate: z.boolean(),
});

export const pathProjectSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  difficulty: z.enum(LEVEL_VALUES),
  durationWeeks: z.int(),
  hours: z.int(),
  xp: z.int(),
  status: projectStatusSchema,
  progress: progressSchema,
  /** The prerequisites not completed yet (what unlocks a locked project). */
  missingPrerequisites: z.array(prerequisiteRef),
});

export const pathDetailSchema = pathSummarySchema.extend({
  sections: z.array(z.strictObject({ id: z.string(), title: z.string(), summary: z.string(), projects: z.array(pathProjectSchema) })),
});

export const projectDetailSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  path: projectRef,
  title: z.string(),
  summary: z.string(),
  /** Markdown. */
  brief: z.string(),
  difficulty: z.enum(LEVEL_VALUES),
  durationWeeks: z.int(),
  hours: z.int(),
  xp: z.int(),
  objectives: z.array(z.string()),
  skills: z.array(z.string()),
  requirements: z.array(z.string()),
  resources: z.array(z.strictObject({ title: z.string(), type: z.enum(['doc', 'github']), url: z.string() })),
  status: projectStatusSchema,
  progress: progressSchema,
  tasks: z.array(z.strictObject({ id: z.string(), title: z.string(), completed: z.boolean() })),
  prerequisites: z.array(prerequisiteRef.extend({ completed: z.boolean() })),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The learner's last submission and the report on it (null: nothing submitted yet). */
  submission: submissionViewSchema.nullable(),
  /** Whether a submission needs a live URL (the project is deployed: a requirement checks the live site or API). */
  liveUrlRequired: z.boolean(),
  /** Tasks added or retired since the learner started: shown instead of a silently moved percentage. */
  changesSinceStart: z.strictObject({ added: z.array(z.string()), retired: z.array(z.string()) }).nullable(),
});

/** POST /learning/projects/:id/submission: the repository, and the live URL of a deployed project. */
export const submissionBodySchema = z.strictObject({ repositoryUrl: z.string(), liveUrl: z.string().nullable().optional() });
/** PUT /learning/paths/:id/rating. */
export const ratingBodySchema = z.strictObject({ stars: z.int().min(1).max(5) });

export const pathsResponseSchema = z.strictObject({ paths: z.array(pathSummarySchema) });
export const pathResponseSchema = z.strictObject({ path: pathDetailSchema });
export const projectResponseSchema = z.strictObject({ project: projectDetailSchema });
export const pathSummaryResponseSchema = z.strictObject({ path: pathSummarySchema });

export type PathSummary = z.infer<typeof pathSummarySchema>;
export type PathDetailView = z.infer<typeof pathDetailSchema>;
export type PathProjectView = z.infer<typeof pathProjectSchema>;
export type ProjectDetailView = z.infer<typeof projectDetailSchema>;

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

// ---------------------------------------------------------------------------------------------
// The account: settings, password, deletion
// ---------------------------------------------------------------------------------------------

/** Which messages the learner gets, per kind and channel. Marketing (updates, newsletter) is off unless asked for. */
export const notificationPreferencesSchema = z.strictObject({
  streakEmail: z.boolean(),
  streakPush: z.boolean(),
  digestEmail: z.boolean(),
  updatesEmail: z.boolean(),
  newsletterEmail: z.boolean(),
});
export const DEFAULT_NOTIFICATION_PREFERENCES: z.infer<typeof notificationPreferencesSchema> = {
  streakEmail: true,
  streakPush: true,
  digestEmail: true,
  updatesEmail: false,
  newsletterEmail: false,
};
export const preferencesSchema = z.strictObject({
  notifications: notificationPreferencesSchema,
  darkMode: z.boolean(),
  publicProfile: z.boolean(),
});
/** What the server can send and when the next reminder would go out (read-only, part of GET /account/settings). */
export const remindersStatusSchema = z.strictObject({
  /** Set when streak reminders paused themselves after two weeks of ignored ones (ISO time); null otherwise. Turning the streak switch on again resumes them. */
  pausedAt: z.string().nullable(),
  /** When the next streak-at-risk reminder would go out (ISO), null when none would (no streak, switches off, paused, already worked today is NOT a reason for null: give tomorrow's). */
  nextStreakReminderAt: z.string().nullable(),
  /** When the next weekly digest would go out (ISO, the learner's local Monday morning), null when off. */
  nextDigestAt: z.string().nullable(),
  /**
   * Whether this server can send email (SMTP_URL set, or the development outbox; production without
   * SMTP_URL sends none) and push (VAPID keys set).
   */
  email: z.enum(['ready', 'not-set-up']),
  push: z.enum(['ready', 'not-set-up']),
  /** The VAPID public key (base64url) the browser subscribes with; null when push is not set up. */
  pushPublicKey: z.string().nullable(),
  /** How many browsers of this learner are subscribed to push. */
  pushDevices: z.int(),
});

export const settingsSchema = z.strictObject({
  profile: z.strictObject({
    username: z.string(),
    /** The address the account signs in and gets reset links with. */
    email: z.string(),
    /** Whether a link mailed to `email` was opened (false: the app asks to confirm it). */
    emailConfirmed: z.boolean(),
    /** A new address waiting for its confirmation link to be opened; null when none. */
    pendingEmail: z.string().nullable(),
    /**
     * False for an account a provider (Google, GitHub) made that has not set a password yet: it
     * cannot change a password, its email or delete itself until a mailed link sets one.
     */
    hasPassword: z.boolean(),
  }),
  preferences: preferencesSchema,
  reminders: remindersStatusSchema,
});

export const settingsResponseSchema = z.strictObject({ settings: settingsSchema });
/** A new email needs `currentPassword`; the name alone does not. */
export const profileBodySchema = z.strictObject({ username: z.string(), email: z.string(), currentPassword: z.string().optional() });
export const passwordBodySchema = z.strictObject({ currentPassword: z.string(), newPassword: z.string() });
/** POST /account/password: what happened (the linked sign-ins listed), and this browser's new session's access token. */
export const passwordChangedResponseSchema = z.strictObject({ message: z.string(), token: z.string() });
export const deleteAccountBodySchema = z.strictObject({ password: z.string() });

/** This browser's push subscription (PushSubscription.toJSON()), stored or refreshed for the learner. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/ }),
  keys: z.strictObject({ p256dh: z.string(), auth: z.string() }),
});
export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: z.string() });
/** What one-click unsubscribe turned off. */
export const unsubscribeResponseSchema = z.strictObject({ kind: z.enum(['streak', 'digest', 'updates', 'newsletter']), message: z.string() });

export type Settings = z.infer<typeof settingsSchema>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export type RemindersStatus = z.infer<typeof remindersStatusSchema>;

export type Preferences = z.infer<typeof preferencesSchema>;
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const accountMessages = {
  wrongPassword: PASSWORD_REFUSED,
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  deleted: 'Your account and everything in it have been deleted.',
  pathReset: 'Your progress on this path has been reset.',
  passwordForEmail: 'Enter your current password to change your email.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  changeCancelled: 'The email change is cancelled.',
  /** A password change, an email change or a deletion asked of an account with no password. */
  noPassword: 'Your account has no password yet. Set one with the link we can email you from Settings, then try again.',
  /** POST /account/password-link for an account that has a password. */
  alreadyHasPassword: 'Your account already has a password. To choose another, change it in Settings.',
  /** POST /account/password-link: where the link went. */
  passwordLinkSent: (email: string) => `A link to set your password is on its way to ${email}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Email links: confirming an address, and undoing an email change (sent to the old address).
// Their bodies and answers are the auth API's (./authApi.ts).
// ---------------------------------------------------------------------------------------------

/** A sentence for the learner: the answer of the account's and the auth API's requests that only say what they did. */
export const messageResponseSchema = z.strictObject({ message: z.string() });

/** How long a mailed link works. The undo link lasts longer: the old address may be read late. */
export const CONFIRM_LINK_HOURS = 24;
export const UNDO_LINK_DAYS = 7;

export const emailLinkMessages = {
  confirmed: 'Your email address is confirmed.',
  undone: 'The email change is undone and every session is signed out. Sign in with this address again.',
  invalid: 'This link is invalid or has expired.',
  /** POST /account/email/resend: where the new link went. */
  sent: (email: string) => `A new link is on its way to ${email}.`,
  /** Settings, after asking for a new address: nothing is saved until its link is opened. */
  checkInbox: (email: string) => `Check ${email} to confirm your new email address.`,
  /**
   * The answer (503) to every request whose whole point is a mailed link (forgot password, set a
   * password, change or confirm an email) on a server with no mail server: production without SMTP_URL.
   */
  notSetUp: 'Email is not set up on this server, so no link can be sent. Ask whoever runs this PathForge.',
  /** The confirm-email banner on such a server: registration sent nothing, and nothing can be sent. */
  notSentHere: (email: string) =>
    `Email is not set up on this server, so no link was sent to ${email}. Your account works without it; to confirm the address, ask whoever runs this PathForge.`,
} as const;

// ---------------------------------------------------------------------------------------------
// XP, levels, streaks, badges and leaderboards: derived from the learner's ledger
// ---------------------------------------------------------------------------------------------

export const xpReasonSchema = z.enum(['task', 'project', 'badge']);

export const badgeViewSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  target: z.int(),
  current: z.int().min(0),
  percent: z.int().min(0).max(100),
  earned: z.boolean(),
  /** The date it was earned (kept; taken back only by a reset or the account's deletion). */
  earnedAt: z.string().nullable(),
  /** No longer awarded: listed only for those who earned it. */
  retired: z.boolean(),
});

export const streakViewSchema = z.strictObject({
  current: z.int().min(0),
  longest: z.int().min(0),
  activeToday: z.boolean(),
  atRisk: z.boolean(),
  /** Milliseconds until the learner's local midnight: the time left today to keep the daily streak. */
  msLeftToday: z.int().min(0),
});

export const weeklyStreakViewSchema = z.strictObject({
  current: z.int().min(0),
  longest: z.int().min(0),
  daysThisWeek: z.int().min(0).max(7),
  goal: z.int().min(1).max(7),
  metThisWeek: z.boolean(),
  atRisk: z.boolean(),
});

export const xpSummarySchema = z.strictObject({
  totalXp: z.int().min(0),
  level: z.strictObject({
    level: z.int().min(1),
    xpIntoLevel: z.int().min(0),
    xpForNextLevel: z.int().min(0),
    xpToNextLevel: z.int().min(0),
    percent: z.int().min(0).max(100),
  }),
  projectsCompleted: z.int().min(0),
  /** The estimated hours of the projects completed (content's `hours`), not time measured in the workspace. */
  hoursSpent: z.int().min(0),
  daily: streakViewSchema,
  weekly: weeklyStreakViewSchema,
  timeZone: z.string(),
  badges: z.array(badgeViewSchema),
  rules: z.strictObject({ xp: z.array(z.string()), level: z.string(), streak: z.array(z.string()) }),
});

export const xpEventViewSchema = z.strictObject({
  id: z.string(),
  reason: xpReasonSchema,
  /** What earned it, in words: the task, project or badge title. */
  title: z.string(),
  amount: z.int(),
  earnedAt: z.string(),
  earnedOn: z.string(),
  path: z.strictObject({ id: z.string(), slug: z.string(), title: z.string() }).nullable(),
});

export const LEADERBOARD_PERIOD_VALUES = ['all', 'month', 'week', 'day'] as const;
/** Rolling windows: This Month = the last 30 days, This Week = the last 7 days, Today = the last 24 hours. */
export const LEADERBOARD_WINDOW_HOURS = { all: null, month: 30 * 24, week: 7 * 24, day: 24 } as const;

export const leaderboardRowSchema = z
  .strictObject({
    rank: z.int().min(1),
    /**
     * The learner's Public Profile is off. Privacy is this flag, never a name: a private learner's
     * name never leaves the server (null), except on their own row, which they see with their name.
     */
    private: z.boolean(),
    /** The learner's name; null for another learner whose profile is private. */
    name: z.string().nullable(),
    /** Verified XP: what the board ranks by. */
    xp: z.int().min(0),
    /** XP paid without verification (a server with it switched off): shown beside, never ranked. */
    selfReportedXp: z.int().min(0),
    level: z.int().min(1),
    isMe: z.boolean(),
  })
  .refine((row) => (row.name === null) === (row.private && !row.isMe), {
    message: 'A row has a name unless it is another learner’s private one',
    path: ['name'],
  });

export const xpResponseSchema = z.strictObject({ xp: xpSummarySchema });
export const xpHistoryResponseSchema = z.strictObject({ events: z.array(xpEventViewSchema) });
export const leaderboardResponseSchema = z.strictObject({
  period: z.enum(LEADERBOARD_PERIOD_VALUES),
  top: z.array(leaderboardRowSchema),
  /** The signed-in learner's own row, even outside the top (null: no XP in this window yet). */
  me: leaderboardRowSchema.nullable(),
  learners: z.int().min(0),
});
const weeklyGoalSchema = z.int().min(WEEKLY_GOAL.min).max(WEEKLY_GOAL.max);
export const clockBodySchema = z.strictObject({ timeZone: z.string().max(64).optional(), weeklyGoal: weeklyGoalSchema.optional() });
/** PUT /learning/clock answers the learner's clock as kept: their time zone and weekly goal. */
export const clockResponseSchema = z.strictObject({ timeZone: z.string(), weeklyGoal: weeklyGoalSchema });

export type XpSummary = z.infer<typeof xpSummarySchema>;
export type XpEventView = z.infer<typeof xpEventViewSchema>;
export type LeaderboardView = z.infer<typeof leaderboardResponseSchema>;
export type BadgeView = z.infer<typeof badgeViewSchema>;

/** What the board shows in place of a private learner's name (the row's `private` flag says who is private). */
export const PRIVATE_LEARNER_NAME = 'A PathForge learner';
export const xpMessages = {
  timeZone: 'That is not a time zone PathForge knows.',
  timeZoneTooSoon: 'Your time zone can change once a day; it stays as it is for now.',
} as const;
