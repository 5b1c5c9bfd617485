/**
 * The database: table types and opening (with migrations). Which database (SQLite or
 * PostgreSQL) and everything that differs between them: ./dialect.ts.
 */
import { Kysely, type ColumnType, type Transaction } from 'kysely';
import { createDialect, describeTarget, type DatabaseTarget } from './dialect.ts';
import { migrateToLatest } from './migrations.ts';

export { isDatabaseUnavailable, isUniqueViolation } from './dialect.ts';

export type UsersTable = {
  id: string;
  username: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  password_hash: string;
  password_changed_at: string;
  /** When the address was confirmed (a link sent to it was opened); null until then. */
  email_verified_at: string | null;
  /** 1, or 0 for an account a provider created that has no password yet (its hash then verifies nothing). */
  has_password: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
};

export type RefreshTokensTable = {
  id: string;
  user_id: string;
  /** Every token rotated from one sign-in shares the family id. */
  family_id: string;
  /** SHA-256 of the opaque token (hex); the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The id of the token this one was rotated into. */
  replaced_by: string | null;
  /** How the session began: 'password', 'google' or 'github' (copied on rotation); null before 0017. */
  signed_in_with: string | null;
  /** When the session began (copied on rotation); null before 0017. */
  signed_in_at: string | null;
};

export type PasswordResetsTable = {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** What a mailed email link does when opened (see migration 0011_email_links). */
export type EmailLinkPurpose = 'confirm' | 'change' | 'undo';

export type EmailLinksTable = {
  id: string;
  user_id: string;
  purpose: EmailLinkPurpose;
  /** The address the link is about: the one to confirm, the new one, or the one to restore. */
  email: string;
  /** SHA-256 of the opaque token (hex). */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** 'active', or 'retired' once its id left content/ (kept: learners' history refers to it). */
export type ContentStatus = 'active' | 'retired';

export type ContentVersionsTable = { version: string; applied_at: string };

export type PathsTable = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  level: string;
  category: string;
  duration_weeks: number;
  color: string;
  image: string | null;
  position: number;
  status: ContentStatus;
};

export type PathSectionsTable = { id: string; path_id: string; title: string; summary: string; position: number; status: ContentStatus };

export type ProjectsTable = {
  id: string;
  slug: string;
  path_id: string;
  section_id: string;
  position: number;
  title: string;
  summary: string;
  /** Markdown. */
  brief: string;
  difficulty: string;
  duration_weeks: number;
  hours: number;
  xp: number;
  /** JSON arrays as text. */
  objectives: string;
  skills: string;
  requirements: string;
  resources: string;
  status: ContentStatus;
};

export type ProjectPrerequisitesTable = { project_id: string; requires_id: string };

export type TasksTable = { id: string; project_id: string; title: string; position: number; status: ContentStatus };

export type SlugRedirectsTable = { kind: 'path' | 'project'; old_slug: string; target_id: string };

export type ProjectProgressTable = {
  user_id: string;
  project_id: string;
  started_at: string;
  completed_at: string | null;
  /** JSON list of the active task ids when started: what changed since is told from it. */
  task_ids_at_start: string;
};

export type TaskCompletionsTable = { user_id: string; task_id: string; project_id: string; completed_at: string };

/** The latest repository a learner gave for a project (a new one replaces it). */
export type SubmissionsTable = {
  user_id: string;
  project_id: string;
  repository_url: string;
  /** The deployed site or API, for a project that needs one. */
  live_url: ColumnType<string | null, string | null | undefined, string | null>;
  submitted_at: string;
};

export type PathRatingsTable = { user_id: string; path_id: string; stars: number; rated_at: string };

/** 0/1 booleans (SQLite has no boolean type). A missing row means the defaults. */
export type UserSettingsTable = {
  user_id: string;
  streak_email: ColumnType<number, number | undefined, number>;
  streak_push: ColumnType<number, number | undefined, number>;
  digest_email: ColumnType<number, number | undefined, number>;
  updates_email: ColumnType<number, number | undefined, number>;
  newsletter_email: ColumnType<number, number | undefined, number>;
  dark_mode: number;
  public_profile: number;
  updated_at: string;
  /** When streak reminders paused themselves (ignored for two weeks); null while they run. */
  reminders_paused_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Reminders before this instant do not count as ignored (set when the learner resumes them). */
  reminders_counted_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** The random part of the learner's unsubscribe tokens; null until the first mail that needs one. */
  unsubscribe_id: ColumnType<string | null, string | null | undefined, string | null>;
};

export type OutboxChannel = 'email' | 'push';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One outgoing message (see migration 0015_outbox and server/mail/outbox.ts). */
export type NotificationOutboxTable = {
  id: string;
  user_id: string;
  kind: string;
  period_key: string;
  channel: OutboxChannel;
  /** JSON: the mail (to, subject, html, text, headers) or the push (title, body, url, topic, ttl). */
  payload: string;
  status: OutboxStatus;
  /** Attempts made so far (counted when a sender claims the row, before it sends). */
  attempts: ColumnType<number, number | undefined, number>;
  /** Not sent before this instant (back-off after a temporary failure). */
  run_at: string;
  /** A sender's claim on the row ends then: a crashed sender's rows are claimed again after it. */
  locked_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
};

/** A browser subscribed to the learner's push messages. */
export type PushSubscriptionsTable = { id: string; user_id: string; endpoint: string; p256dh: string; auth: string; created_at: string };

/** A learner who started (a project of) a path: the path's students. */
export type PathLearnersTable = { path_id: string; user_id: string; started_at: string };

/** One XP award, never changed: removed only by a path reset or the account's deletion. */
export type XpEventsTable = {
  id: string;
  user_id: string;
  /** `reason:sourceId`, unique per learner: what makes every award idempotent. */
  award_key: string;
  reason: string;
  source_id: string;
  /** The path the award belongs to (null for a badge), so a reset removes that path's events. */
  path_id: string | null;
  amount: number;
  earned_at: string;
  /** The learner's local day when it was earned (their time zone then). */
  earned_on: string;
  /** 1: paid without verification (switched off on the server): ranked apart on the boards. */
  self_reported: ColumnType<number, number | undefined, number>;
};

/** A local day on which the learner did real work on a path (a streak's days). */
export type ActivityDaysTable = { user_id: string; path_id: string; local_day: string };

export type UserBadgesTable = { user_id: string; badge_id: string; earned_at: string };

/**
 * The learner's time zone (from their browser; changes rate-limited) and weekly goal now;
 * `day_floor`: their day when they last changed zone (no day before it is recorded), null before any change.
 */
export type LearnerClockTable = { user_id: string; time_zone: string; time_zone_changed_at: string; weekly_goal: number; day_floor: string | null };

/** The first time ever a learner ticked a task, started or submitted a project ('task', 'start', 'submit'): only a first is a day of work. */
export type FirstWorkTable = { user_id: string; kind: string; source_id: string; first_at: string };

/** A weekly goal from the week it was set (the Monday; '0001-01-01': every week before the next). */
export type WeeklyGoalsTable = { user_id: string; week_start: string; goal: number };

/** A leaderboard row: XP earned since its period's window start (all of it for `all`), derived from the ledger. */
export type XpBoardTable = {
  period: string;
  user_id: string;
  /** Verified XP in the window: what the board ranks by. */
  xp: number;
  /** Self-reported XP in the window (shown beside the row, never ranked). */
  self_reported_xp: ColumnType<number, number | undefined, number>;
  /** All XP, self-reported included: the learner's level. */
  total: number;
  reached_at: string;
};

/** Where each rolling window starts now (moved by the windows job). */
export type XpBoardWindowsTable = { period: string; window_start: string };

/** The learners whose board rows changed lately (real time; '*': every row). */
export type XpBoardChangesTable = { user_id: string; changed_at: string };

/** A Google or GitHub account that signs a learner in: the provider's stable id, never an email. */
export type OAuthIdentitiesTable = {
  id: string;
  user_id: string;
  provider: string;
  /** Google's `sub`, GitHub's numeric user id (as text). */
  subject: string;
  /** The provider's verified email when it was linked (shown in Settings; never used to find the account). */
  email: string | null;
  /** GitHub's login name (can be renamed: shown only). */
  login: string | null;
  created_at: string;
  last_used_at: string;
  /** 1 when the account's address was confirmed as this identity was linked; a reset removes the others. */
  email_confirmed: number;
};

/** A started sign-in or link: single use, 10 minutes, found by the hash of the browser's cookie. */
export type OAuthTransactionsTable = {
  id: string;
  token_hash: string;
  provider: string;
  intent: 'signin' | 'link';
  /** The learner linking (intent link); null for a sign-in. */
  user_id: string | null;
  state: string;
  code_verifier: string;
  /** Google only (OpenID Connect). */
  nonce: string | null;
  /** The session (refresh family) that started a link: its end cancels the link. */
  family_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A provider identity whose verified email belongs to an existing account, waiting for its password. */
export type OAuthPendingLinksTable = {
  id: string;
  token_hash: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  login: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** The link in the mail telling an owner a provider was linked: removes it and ends every session (single use). */
export type IdentityRemovalLinksTable = {
  id: string;
  token_hash: string;
  user_id: string;
  provider: string;
  subject: string;
  /** What the mail named the identity by (its email or login). */
  label: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** One check of a submission, queued, running or done, with its report (migration 0014_verification). */
export type VerificationRunsTable = {
  id: string;
  user_id: string;
  project_id: string;
  repository_url: string;
  live_url: string | null;
  /** Why it ran: 'submit', 'recheck', 'legacy' (submitted before verification), 'self-reported' (verification off). */
  reason: string;
  /**
   * queued → running → done; or superseded: a newer check of the same learner's project replaced
   * it (a queued one is never checked; a running one finishes, its result set aside).
   */
  status: 'queued' | 'running' | 'done' | 'superseded';
  /** Tries that ended in our error (a retry waits 30 s, then 60 s; the third ends the run). */
  attempts: number;
  /** When it may run (next). */
  run_at: string;
  /** The lease of the worker running it: past it, another worker claims it again. */
  locked_until: string | null;
  /** When the current try must end. */
  deadline_at: string | null;
  claimed_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The report's state (src/domain/verification.ts VERIFICATION_STATES). */
  state: string;
  commit_sha: string | null;
  commit_url: string | null;
  /** GitHub's numeric repository id, as text. */
  repository_id: string | null;
  /** JSON: `{ submission: CheckResult[], requirements: CheckResult[] }`. */
  report: string | null;
  /** Our last error, for the logs and the retries. */
  error: string | null;
  /**
   * 1: the run passed the owner check (or it could not be checked: no GitHub sign-in on the server)
   * and was judged original, so it claims its `repository_id` and `commit_sha` against later learners.
   */
  claim: ColumnType<number, number | undefined, number>;
};

/** A submission held as a possible copy, until a person looks at it. */
export type SubmissionReviewsTable = {
  id: string;
  run_id: string;
  user_id: string;
  project_id: string;
  /** 'same-repository', 'same-commit' or 'fork'. */
  reason: string;
  other_user_id: string | null;
  created_at: string;
  resolved_at: string | null;
};

/**
 * GitHub answers kept (server/verify/github-store.ts), by the sha-256 of the request: read at a
 * commit sha (`immutable` 1) they are served as they are; others are asked again with `etag`.
 */
export type GithubCacheTable = {
  key: string;
  etag: string | null;
  /** The answer's JSON; null: GitHub answered 404. */
  data: string | null;
  immutable: number;
  stored_at: string;
};

/** GitHub's limit as its last answers told it, shared by every worker: requests left until `reset_at`. */
export type GithubBudgetTable = {
  key: string;
  remaining: number;
  reset_at: string;
  updated_at: string;
};

export type Database = {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  email_links: EmailLinksTable;
  content_versions: ContentVersionsTable;
  paths: PathsTable;
  path_sections: PathSectionsTable;
  projects: ProjectsTable;
  project_prerequisites: ProjectPrerequisitesTable;
  tasks: TasksTable;
  slug_redirects: SlugRedirectsTable;
  project_progress: ProjectProgressTable;
  task_completions: TaskCompletionsTable;
  submissions: SubmissionsTable;
  path_ratings: PathRatingsTable;
  user_settings: UserSettingsTable;
  path_learners: PathLearnersTable;
  xp_events: XpEventsTable;
  activity_days: ActivityDaysTable;
  user_badges: UserBadgesTable;
  learner_clock: LearnerClockTable;
  first_work: FirstWorkTable;
  weekly_goals: WeeklyGoalsTable;
  xp_board: XpBoardTable;
  xp_board_windows: XpBoardWindowsTable;
  xp_board_changes: XpBoardChangesTable;
  oauth_identities: OAuthIdentitiesTable;
  oauth_transactions: OAuthTransactionsTable;
  oauth_pending_links: OAuthPendingLinksTable;
  identity_removal_links: IdentityRemovalLinksTable;
  verification_runs: VerificationRunsTable;
  submission_reviews: SubmissionReviewsTable;
  github_cache: GithubCacheTable;
  github_budget: GithubBudgetTable;
  notification_outbox: NotificationOutboxTable;
  push_subscriptions: PushSubscriptionsTable;
};

export type Db = Kysely<Database>;
/** The database or a transaction in it: what a write that joins its caller's transaction runs on. */
export type Executor = Db | Transaction<Database>;

/**
 * Every table with its primary key, parents before children (the order `npm run db:copy` fills
 * them in, reading each in key order). A table a migration adds belongs here too:
 * server/db/copy.ts refuses to run while the schema has a table this list lacks.
 */
export const TABLES: readonly { name: keyof Database; key: readonly string[] }[] = [
  { name: 'users', key: ['id'] },
  { name: 'refresh_tokens', key: ['id'] },
  { name: 'password_resets', key: ['id'] },
  { name: 'email_links', key: ['id'] },
  { name: 'content_versions', key: ['version'] },
  { name: 'paths', key: ['id'] },
  { name: 'path_sections', key: ['id'] },
  { name: 'projects', key: ['id'] },
  { name: 'project_prerequisites', key: ['project_id', 'requires_id'] },
  { name: 'tasks', key: ['id'] },
  { name: 'slug_redirects', key: ['kind', 'old_slug'] },
  { name: 'project_progress', key: ['user_id', 'project_id'] },
  { name: 'task_completions', key: ['user_id', 'task_id'] },
  { name: 'submissions', key: ['user_id', 'project_id'] },
  { name: 'path_ratings', key: ['user_id', 'path_id'] },
  { name: 'user_settings', key: ['user_id'] },
  { name: 'path_learners', key: ['path_id', 'user_id'] },
  { name: 'xp_events', key: ['id'] },
  { name: 'activity_days', key: ['user_id', 'path_id', 'local_day'] },
  { name: 'user_badges', key: ['user_id', 'badge_id'] },
  { name: 'learner_clock', key: ['user_id'] },
  { name: 'first_work', key: ['user_id', 'kind', 'source_id'] },
  { name: 'weekly_goals', key: ['user_id', 'week_start'] },
  { name: 'xp_board', key: ['period', 'user_id'] },
  { name: 'xp_board_windows', key: ['period'] },
  { name: 'xp_board_changes', key: ['user_id'] },
  { name: 'oauth_identities', key: ['id'] },
  { name: 'oauth_transactions', key: ['id'] },
  { name: 'oauth_pending_links', key: ['id'] },
  { name: 'identity_removal_links', key: ['id'] },
  { name: 'verification_runs', key: ['id'] },
  { name: 'submission_reviews', key: ['id'] },
  { name: 'github_cache', key: ['key'] },
  { name: 'github_budget', key: ['key'] },
  { name: 'notification_outbox', key: ['id'] },
  { name: 'push_subscriptions', key: ['id'] },
];

/** The database could not be reached or migrated at start-up: says which database, and where. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Opens the database (creating an SQLite file if needed) and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  const db = new Kysely<Database>({ dialect: await createDialect(target) });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy().catch(() => {});
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : String(cause);
    throw new DatabaseUnavailableError(`Cannot open the database (${describeTarget(target)}): ${reason}`, { cause: error });
  }
  return db;
}
