/**
 * Versioned migrations, in code, applied at start by Kysely's Migrator. Each migration is
 * append-only: never edit one that has shipped, add the next number instead. Only portable DDL
 * (it must run unchanged on PostgreSQL). Timestamps are ISO 8601 UTC text, ids are UUID text.
 */
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_auth': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('replaced_by', 'text')
        .execute();
      await db.schema.createIndex('refresh_tokens_user_id_idx').on('refresh_tokens').column('user_id').execute();
      await db.schema.createIndex('refresh_tokens_family_id_idx').on('refresh_tokens').column('family_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('refresh_tokens').execute();
      await db.schema.dropTable('users').execute();
    },
  },
  /**
   * The curriculum, seeded from content/ (server/content/seed.ts): upserted by id, never deleted
   * (a removed item gets status 'retired', so learners' history of it stays). JSON lists are text.
   */
  '0002_curriculum': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_versions')
        .addColumn('version', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('paths')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('duration_weeks', 'integer', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('paths_slug_idx').on('paths').column('slug').execute();
      await db.schema
        .createTable('path_sections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('path_id', 'text', (c) => c.notNull().references('paths.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('path_id', 'text', (c) => c.notNull().references('paths.id'))
        .addColumn('section_id', 'text', (c) => c.notNull().references('path_sections.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('brief', 'text', (c) => c.notNull())
        .addColumn('difficulty', 'text', (c) => c.notNull())
        .addColumn('duration_weeks', 'integer', (c) => c.notNull())
        .addColumn('hours', 'integer', (c) => c.notNull())
        .addColumn('xp', 'integer', (c) => c.notNull())
        .addColumn('objectives', 'text', (c) => c.notNull())
        .addColumn('skills', 'text', (c) => c.notNull())
        .addColumn('requirements', 'text', (c) => c.notNull())
        .addColumn('resources', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('projects_path_id_idx').on('projects').column('path_id').execute();
      await db.schema.createIndex('projects_slug_idx').on('projects').column('slug').execute();
      await db.schema
        .createTable('project_prerequisites')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('requires_id', 'text', (c) => c.notNull().references('projects.id'))
        .addPrimaryKeyConstraint('project_prerequisites_pk', ['project_id', 'requires_id'])
        .execute();
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tasks_project_id_idx').on('tasks').column('project_id').execute();
      await db.schema
        .createTable('slug_redirects')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('old_slug', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('slug_redirects_pk', ['kind', 'old_slug'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['slug_redirects', 'tasks', 'project_prerequisites', 'projects', 'path_sections', 'paths', 'content_versions']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  /**
   * Each learner's progress. Rows refer to content ids (never slugs or positions), so they follow
   * an item that moves, and they stay when it is retired; they go with the account (cascade).
   */
  '0003_progress': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('project_progress')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        /** JSON list of the project's active task ids when the learner started it. */
        .addColumn('task_ids_at_start', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_progress_pk', ['user_id', 'project_id'])
        .execute();
      await db.schema
        .createTable('task_completions')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id'))
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('completed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_completions_pk', ['user_id', 'task_id'])
        .execute();
      await db.schema
        .createIndex('task_completions_user_project_idx')
        .on('task_completions')
        .columns(['user_id', 'project_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('task_completions').execute();
      await db.schema.dropTable('project_progress').execute();
    },
  },
  /** A learner's repository for a project (the latest one they gave), and their ratings of paths. */
  '0004_submissions_ratings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('submissions')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('repository_url', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('submissions_pk', ['user_id', 'project_id'])
        .execute();
      await db.schema
        .createTable('path_ratings')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('path_id', 'text', (c) => c.notNull().references('paths.id'))
        .addColumn('stars', 'integer', (c) => c.notNull())
        .addColumn('rated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('path_ratings_pk', ['user_id', 'path_id'])
        .execute();
      await db.schema.createIndex('path_ratings_path_id_idx').on('path_ratings').column('path_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('path_ratings').execute();
      await db.schema.dropTable('submissions').execute();
    },
  },
  /** Settings kept with the account (booleans as 0/1 integers on both databases). */
  '0005_user_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('notify_email', 'integer', (c) => c.notNull())
        .addColumn('notify_push', 'integer', (c) => c.notNull())
        .addColumn('notify_updates', 'integer', (c) => c.notNull())
        .addColumn('notify_newsletter', 'integer', (c) => c.notNull())
        .addColumn('dark_mode', 'integer', (c) => c.notNull())
        .addColumn('public_profile', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_settings').execute();
    },
  },
  /**
   * Who started each path (a path's "students"), kept as rows so a path counts its learners
   * through its key instead of scanning every learner's progress (which made a path page slow once
   * there were many learners). Filled from the progress already there.
   */
  '0006_path_learners': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('path_learners')
        .addColumn('path_id', 'text', (c) => c.notNull().references('paths.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('path_learners_pk', ['path_id', 'user_id'])
        .execute();
      await sql`insert into path_learners (path_id, user_id, started_at)
        select projects.path_id, project_progress.user_id, min(project_progress.started_at)
        from project_progress join projects on projects.id = project_progress.project_id
        group by projects.path_id, project_progress.user_id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('path_learners').execute();
    },
  },
  /**
   * The XP ledger: every award an immutable event, unique per (learner, award key), so
   * a retried request, a tick on and off or a second submission never pays twice; totals, levels
   * and boards are derived from it. The learner's active days (a streak's days, in their own time
   * zone, kept per path so a reset takes its days too), the badges they earned, their time zone
   * and weekly goal.
   */
  '0007_xp_ledger': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('xp_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('award_key', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull())
        .addColumn('path_id', 'text')
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('earned_at', 'text', (c) => c.notNull())
        .addColumn('earned_on', 'text', (c) => c.notNull())
        .addUniqueConstraint('xp_events_award_unique', ['user_id', 'award_key'])
        .execute();
      await db.schema.createIndex('xp_events_earned_at_idx').on('xp_events').columns(['earned_at', 'user_id']).execute();
      await db.schema
        .createTable('activity_days')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('path_id', 'text', (c) => c.notNull())
        .addColumn('local_day', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('activity_days_pk', ['user_id', 'path_id', 'local_day'])
        .execute();
      await db.schema
        .createTable('user_badges')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('badge_id', 'text', (c) => c.notNull())
        .addColumn('earned_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_badges_pk', ['user_id', 'badge_id'])
        .execute();
      await db.schema
        .createTable('learner_clock')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('time_zone_changed_at', 'text', (c) => c.notNull())
        .addColumn('weekly_goal', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('learner_clock').execute();
      await db.schema.dropTable('user_badges').execute();
      await db.schema.dropTable('activity_days').execute();
      await db.schema.dropTable('xp_events').execute();
    },
  },
  '0008_xp_boards': {
    // The leaderboards, kept beside the ledger: one row per (period, learner with XP
    // in it), rewritten from the ledger in the transaction of every change to the learner's
    // events, and by the job that moves the rolling windows (`xp_board_windows` holds where each
    // window starts). Built by the application on its first start (server/learning/boards.ts).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('xp_board')
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('xp', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('reached_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('xp_board_pk', ['period', 'user_id'])
        .execute();
      // The board's order (XP down, then who got there first): top 50 and "my rank" read it.
      await db.schema.createIndex('xp_board_rank_idx').on('xp_board').expression(sql`period, xp desc, reached_at, user_id`).execute();
      await db.schema
        .createTable('xp_board_windows')
        .addColumn('period', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('xp_board_windows').execute();
      await db.schema.dropTable('xp_board').execute();
    },
  },
  '0009_xp_board_changes': {
    // Which learners' board rows changed lately, and when (real time): one row per learner,
    // written with every rewrite ('*': every row, after a rebuild or an account's deletion). Each
    // instance's in-memory copy of a board reads only the learners changed since its last read
    // instead of the whole board. The windows job deletes rows older than a few minutes
    // (server/learning/boards.ts).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('xp_board_changes')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('xp_board_changes_at_idx').on('xp_board_changes').column('changed_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('xp_board_changes').execute();
    },
  },
  '0010_email_verified': {
    // When the learner proved they read mail at their address (a confirmation link, or a reset
    // link sent there). Null: not confirmed yet, so nothing that trusts an email trusts this one.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
    },
  },
  '0011_email_links': {
    // Single-use links mailed about an address (only a SHA-256 of the token is kept): 'confirm'
    // proves the account's address, 'change' carries an address that replaces the account's once
    // opened (the newest one outstanding is the change waiting in Settings), 'undo' goes to the
    // address being replaced and puts it back. `email` is the address the link is about.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('email_links_user_id_idx').on('email_links').columns(['user_id', 'purpose']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_links').execute();
    },
  },
  /**
   * What keeps a streak honest. `first_work`: the first time a learner ever ticked a task, started
   * a project or submitted one (kind 'task', 'start', 'submit'), kept through unticks and path
   * resets: only a first counts as a day of work, so unticking and ticking again (or submitting
   * again) earns no day. Filled from what is there: each task's award or its tick, each start,
   * each project's award or submission, at the earliest time known. `learner_clock.day_floor`:
   * the learner's day when they last changed time zone, before which no new day is recorded (null
   * until a change). `weekly_goals`: each goal from the week it was set; the goal a learner has
   * now applies to every week before (from '0001-01-01'), so every streak keeps its value.
   */
  '0012_streak_integrity': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('first_work')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull())
        .addColumn('first_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('first_work_pk', ['user_id', 'kind', 'source_id'])
        .execute();
      await sql`insert into first_work (user_id, kind, source_id, first_at)
        select user_id, kind, source_id, min(first_at) from (
          select user_id, 'task' as kind, source_id, earned_at as first_at from xp_events where reason = 'task'
          union all select user_id, 'task' as kind, task_id as source_id, completed_at as first_at from task_completions
          union all select user_id, 'start' as kind, project_id as source_id, started_at as first_at from project_progress
          union all select user_id, 'submit' as kind, source_id, earned_at as first_at from xp_events where reason = 'project'
          union all select user_id, 'submit' as kind, project_id as source_id, submitted_at as first_at from submissions
        ) as known
        group by user_id, kind, source_id`.execute(db);
      await db.schema.alterTable('learner_clock').addColumn('day_floor', 'text').execute();
      await db.schema
        .createTable('weekly_goals')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('week_start', 'text', (c) => c.notNull())
        .addColumn('goal', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('weekly_goals_pk', ['user_id', 'week_start'])
        .execute();
      await sql`insert into weekly_goals (user_id, week_start, goal) select user_id, '0001-01-01', weekly_goal from learner_clock`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('weekly_goals').execute();
      await db.schema.alterTable('learner_clock').dropColumn('day_floor').execute();
      await db.schema.dropTable('first_work').execute();
    },
  },
  '0013_oauth': {
    // Sign-in with Google and GitHub. An identity is the provider's own stable id for the person
    // (Google's `sub`, GitHub's numeric user id), never an email or a login name: one identity
    // belongs to one learner, and a learner has at most one identity per provider.
    // `users.has_password` 0: the account was made by a provider and has no password yet (its
    // password_hash then holds a value no password verifies; password_hash stays NOT NULL because
    // SQLite cannot relax that without rebuilding a table others reference).
    // `oauth_transactions`: one per started sign-in or link, single use, 10 minutes, found by the
    // hash of the random value in the browser's cookie. `oauth_pending_links`: a provider sign-in
    // whose verified email belongs to an existing account, waiting (10 minutes, once) for that
    // account's password before the identity joins it.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('has_password', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema
        .createTable('oauth_identities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('login', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('oauth_identities_provider_subject_key', ['provider', 'subject'])
        .addUniqueConstraint('oauth_identities_user_provider_key', ['user_id', 'provider'])
        .execute();
      await db.schema
        .createTable('oauth_transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('intent', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('oauth_transactions_expires_idx').on('oauth_transactions').column('expires_at').execute();
      await db.schema
        .createTable('oauth_pending_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('login', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('oauth_pending_links_user_idx').on('oauth_pending_links').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oauth_pending_links').execute();
      await db.schema.dropTable('oauth_transactions').execute();
      await db.schema.dropTable('oauth_identities').execute();
      await db.schema.alterTable('users').dropColumn('has_password').execute();
    },
  },
  /**
   * Verified projects. `submissions.live_url`: the deployed site or API of a project that needs one.
   * `verification_runs`: the durable queue of checks and their reports, one row per check of a
   * submission (submitting, or "Check again"): `status` queued → running → done; a worker claims a
   * run by setting `locked_until` (its lease) and `claimed_by`, and a run whose lease passed is
   * claimed again; `attempts` counts tries of our errors, `run_at` is when it may run next (back-off),
   * `deadline_at` the end of the current try. `state` is the report's (src/domain/verification.ts),
   * `report` its results as JSON, `repository_id` GitHub's numeric id (text: it outgrows 32 bits),
   * `reason` why it ran ('submit', 'recheck', 'legacy', 'self-reported'). Submissions made before
   * this migration get a done run in state 'not-verified': they keep their XP.
   * `submission_reviews`: a submission held as a possible copy of another learner's, until a person
   * resolves it. `xp_events.self_reported` 1: XP paid without verification (the server had it
   * switched off): boards rank by the rest and show it beside (`xp_board.self_reported_xp`).
   */
  '0014_verification': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('submissions').addColumn('live_url', 'text').execute();
      await db.schema
        .createTable('verification_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('repository_url', 'text', (c) => c.notNull())
        .addColumn('live_url', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('deadline_at', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('commit_sha', 'text')
        .addColumn('commit_url', 'text')
        .addColumn('repository_id', 'text')
        .addColumn('report', 'text')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('verification_runs_queue_idx').on('verification_runs').columns(['status', 'run_at']).execute();
      await db.schema
        .createIndex('verification_runs_learner_idx')
        .on('verification_runs')
        .columns(['user_id', 'project_id', 'created_at'])
        .execute();
      await db.schema.createIndex('verification_runs_repository_idx').on('verification_runs').column('repository_id').execute();
      await db.schema.createIndex('verification_runs_commit_idx').on('verification_runs').column('commit_sha').execute();
      await db.schema
        .createTable('submission_reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('run_id', 'text', (c) => c.notNull().references('verification_runs.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('other_user_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .execute();
      await db.schema.createIndex('submission_reviews_user_idx').on('submission_reviews').column('user_id').execute();
      await sql`insert into verification_runs (id, user_id, project_id, repository_url, reason, status, attempts, run_at, created_at, finished_at, state)
        select 'legacy-' || user_id || '-' || project_id, user_id, project_id, repository_url, 'legacy', 'done', 0, submitted_at, submitted_at, submitted_at, 'not-verified'
        from submissions`.execute(db);
      await db.schema.alterTable('xp_events').addColumn('self_reported', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('xp_board').addColumn('self_reported_xp', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // The boards are built again from the ledger at the next start (no windows: a rebuild), so
      // every row agrees with the events' new column.
      await sql`delete from xp_board_windows`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('xp_board').dropColumn('self_reported_xp').execute();
      await db.schema.alterTable('xp_events').dropColumn('self_reported').execute();
      await db.schema.dropTable('submission_reviews').execute();
      await db.schema.dropTable('verification_runs').execute();
      await db.schema.alterTable('submissions').dropColumn('live_url').execute();
    },
  },
  /**
   * Every outgoing message goes through `notification_outbox` (reset and email links, notices,
   * streak reminders, digests, push), written in the transaction that causes it and sent by the
   * outbox sender: a restart loses nothing, and UNIQUE(user_id, kind, period_key, channel) stops a
   * second copy of the same reminder (period_key 'streak:2026-08-23' in the learner's zone).
   * `payload` is JSON (to, subject, html, text, headers; or the push data). Per-kind switches
   * replace the four old ones (email → streak and digest email, push → streak push, updates and
   * newsletter kept; a learner without a row gets the defaults, newsletter off).
   * `reminders_paused_at`: streak reminders paused themselves after two ignored weeks;
   * `reminders_counted_from`: reminders before it do not count as ignored (set on resuming);
   * `unsubscribe_id`: the random part of the learner's unsubscribe tokens (null until first mailed).
   * `push_subscriptions`: one row per subscribed browser.
   */
  '0015_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('period_key', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('notification_outbox_period_key', ['user_id', 'kind', 'period_key', 'channel'])
        .execute();
      await db.schema.createIndex('notification_outbox_due_idx').on('notification_outbox').columns(['status', 'run_at']).execute();

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

      const settings = db.schema.alterTable('user_settings');
      await settings.addColumn('streak_email', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await settings.addColumn('streak_push', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await settings.addColumn('digest_email', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await settings.addColumn('updates_email', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await settings.addColumn('newsletter_email', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await settings.addColumn('reminders_paused_at', 'text').execute();
      await settings.addColumn('reminders_counted_from', 'text').execute();
      await settings.addColumn('unsubscribe_id', 'text').execute();
      await sql`update user_settings set streak_email = notify_email, digest_email = notify_email, streak_push = notify_push,
        updates_email = notify_updates, newsletter_email = notify_newsletter`.execute(db);
      await db.schema.createIndex('user_settings_unsubscribe_idx').on('user_settings').column('unsubscribe_id').unique().execute();
      for (const column of ['notify_email', 'notify_push', 'notify_updates', 'notify_newsletter']) {
        await db.schema.alterTable('user_settings').dropColumn(column).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['notify_email', 'notify_push', 'notify_updates', 'notify_newsletter']) {
        await db.schema.alterTable('user_settings').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }
      await sql`update user_settings set notify_email = streak_email, notify_push = streak_push, notify_updates = updates_email,
        notify_newsletter = newsletter_email`.execute(db);
      await db.schema.dropIndex('user_settings_unsubscribe_idx').execute();
      for (const column of ['streak_email', 'streak_push', 'digest_email', 'updates_email', 'newsletter_email', 'reminders_paused_at', 'reminders_counted_from', 'unsubscribe_id']) {
        await db.schema.alterTable('user_settings').dropColumn(column).execute();
      }
      await db.schema.dropTable('push_subscriptions').execute();
      await db.schema.dropTable('notification_outbox').execute();
    },
  },

  /**
   * Projects and tasks no longer keep a hash of their content: nothing read it. What changed in a
   * project since a learner started it is told from the tasks they started with
   * (`project_progress.task_ids_at_start`), and whether the content changed at all from
   * `content_versions`.
   */
  '0016_no_content_hash': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('projects').dropColumn('content_hash').execute();
      await db.schema.alterTable('tasks').dropColumn('content_hash').execute();
    },
    async down(db: Kysely<unknown>) {
      // The hashes are derived from content/: the next seed of a changed version rewrites them.
      await db.schema.alterTable('projects').addColumn('content_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('tasks').addColumn('content_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
    },
  },
  /**
   * Accounts that can carry a credential. `refresh_tokens.signed_in_with` / `signed_in_at`: how and
   * when the session (refresh family) began ('password', 'google', 'github'), copied to every token
   * rotated from it; null for sessions begun before this migration (never "fresh"). A learner
   * without a password may link another provider only within minutes of a provider sign-in.
   * `oauth_transactions.family_id`: the session that started a link; the link is refused once that
   * session has ended. `oauth_identities.email_confirmed`: 1 when the account's address was
   * confirmed when the identity was linked; a reset through the mailed link removes the others
   * (pre-account takeover). Existing identities: confirmed unless the address is still unconfirmed
   * or was confirmed after the link. `identity_removal_links`: the single-use link in the mail that
   * tells the owner a provider was linked; it removes that identity and ends every session.
   */
  '0017_account_security': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('refresh_tokens').addColumn('signed_in_with', 'text').execute();
      await db.schema.alterTable('refresh_tokens').addColumn('signed_in_at', 'text').execute();
      await db.schema.alterTable('oauth_transactions').addColumn('family_id', 'text').execute();
      await db.schema.alterTable('oauth_identities').addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await sql`update oauth_identities set email_confirmed = 0 where exists (select 1 from users where users.id = oauth_identities.user_id
        and (users.email_verified_at is null or users.email_verified_at > oauth_identities.created_at))`.execute(db);
      await db.schema
        .createTable('identity_removal_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('identity_removal_links_user_idx').on('identity_removal_links').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('identity_removal_links').execute();
      await db.schema.alterTable('oauth_identities').dropColumn('email_confirmed').execute();
      await db.schema.alterTable('oauth_transactions').dropColumn('family_id').execute();
      await db.schema.alterTable('refresh_tokens').dropColumn('signed_in_at').execute();
      await db.schema.alterTable('refresh_tokens').dropColumn('signed_in_with').execute();
    },
  },

  /**
   * Copies judged fairly, and GitHub read sparingly. `verification_runs.claim` 1: the run passed the
   * owner check (or it could not be checked: no GitHub sign-in) and was judged original, so only it
   * holds a later learner's submission of its repository or commit; runs already done are marked
   * from their reports. `github_cache`: GitHub's answers by the sha-256 of the request (read at a
   * commit sha: kept for good; otherwise asked again with `etag`). `github_budget`: GitHub's rate
   * limit as its last answer told it, shared by every worker.
   */
  '0018_verification_claims': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('verification_runs').addColumn('claim', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      const done = await sql<{ id: string; report: string }>`select id, report from verification_runs
        where status = 'done' and repository_id is not null and report is not null`.execute(db);
      const claims = done.rows
        .filter(({ report }) => {
          const results = (JSON.parse(report) as { submission?: { id: string; status: string }[] }).submission ?? [];
          const status = (id: string) => results.find((r) => r.id === `submission:${id}`)?.status;
          return (status('owner') === 'passed' || status('owner') === 'not-checked') && status('original') === 'passed';
        })
        .map((row) => row.id);
      for (let i = 0; i < claims.length; i += 500) {
        const ids = claims.slice(i, i + 500);
        await sql`update verification_runs set claim = 1 where id in (${sql.join(ids)})`.execute(db);
      }
      await db.schema
        .createTable('github_cache')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('etag', 'text')
        .addColumn('data', 'text')
        .addColumn('immutable', 'integer', (c) => c.notNull())
        .addColumn('stored_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('github_cache_stored_idx').on('github_cache').column('stored_at').execute();
      await db.schema
        .createTable('github_budget')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('remaining', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('github_budget').execute();
      await db.schema.dropTable('github_cache').execute();
      await db.schema.alterTable('verification_runs').dropColumn('claim').execute();
    },
  },
};

/** Brings the schema up to the newest migration; throws (and changes nothing) when one fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return results ?? [];
}
