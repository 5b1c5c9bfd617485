/**
 * The GitHub host's store in the database (server/verify/github.ts `GitHubStore`), so every worker
 * and every instance shares it: answers read at a commit sha are kept for good (a file at a sha
 * never changes), other answers with their `etag`, and GitHub's rate limit as its last answer told
 * it (`github_budget`, one row per address and credential). Kept answers are dropped 30 days after
 * they were stored, when the next one is kept; the next read asks GitHub again.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { GitHubCached, GitHubStore } from './github.ts';

/** How long a kept answer is kept. */
export const GITHUB_CACHE_DAYS = 30;

const hash = (key: string) => createHash('sha256').update(key).digest('hex');

/** `budgetKey` names the limit shared: GitHub counts per token, or per address without one. */
export function databaseGitHubStore(db: Db, budgetKey: string): GitHubStore {
  return {
    async cached(key): Promise<GitHubCached | null> {
      const row = await db.selectFrom('github_cache').select(['etag', 'data']).where('key', '=', hash(key)).executeTakeFirst();
      return row ?? null;
    },

    async keep(key, answer, immutable, at) {
      const stored_at = at.toISOString();
      await db
        .insertInto('github_cache')
        .values({ key: hash(key), etag: answer.etag, data: answer.data, immutable: immutable ? 1 : 0, stored_at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ etag: answer.etag, data: answer.data, immutable: immutable ? 1 : 0, stored_at }))
        .execute();
      const stale = new Date(at.getTime() - GITHUB_CACHE_DAYS * 86_400_000).toISOString();
      await db.deleteFrom('github_cache').where('stored_at', '<', stale).execute();
    },

    async spentUntil(at) {
      const row = await db.selectFrom('github_budget').select(['remaining', 'reset_at']).where('key', '=', budgetKey).executeTakeFirst();
      if (!row || Number(row.remaining) > 0 || row.reset_at <= at.toISOString()) return null;
      return new Date(row.reset_at);
    },

    async budget(remaining, resetAt, at) {
      const values = { key: budgetKey, remaining, reset_at: resetAt.toISOString(), updated_at: at.toISOString() };
      await db
        .insertInto('github_budget')
        .values(values)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) =>
            remaining <= 0
              ? // Used up: until the time this answer names.
                { remaining: 0, reset_at: values.reset_at, updated_at: values.updated_at }
              : {
                  // A later window starts afresh; within one, answers racing each other keep the lowest count.
                  remaining: eb
                    .case()
                    .when(eb.ref('excluded.reset_at'), '>', eb.ref('github_budget.reset_at'))
                    .then(eb.ref('excluded.remaining'))
                    .when(eb.ref('excluded.remaining'), '<', eb.ref('github_budget.remaining'))
                    .then(eb.ref('excluded.remaining'))
                    .else(eb.ref('github_budget.remaining'))
                    .end(),
                  reset_at: eb
                    .case()
                    .when(eb.ref('excluded.reset_at'), '>', eb.ref('github_budget.reset_at'))
                    .then(eb.ref('excluded.reset_at'))
                    .else(eb.ref('github_budget.reset_at'))
                    .end(),
                  updated_at: values.updated_at,
                },
          ),
        )
        .execute();
    },
  };
}
