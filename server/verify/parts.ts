/**
 * The real parts a verification run uses, built from the configuration: GitHub read through
 * Octokit (anonymously, or with GITHUB_TOKEN; its answers and rate limit kept in the database,
 * shared by every worker: ./github-store.ts), the learner's API through the address guard, and
 * pages in the pinned Chromium behind the guarded proxy. The proxy and its browser start with the
 * first page check, not with the API.
 */
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { PageChecker } from './contract.ts';
import { createGitHubHost } from './github.ts';
import { databaseGitHubStore } from './github-store.ts';
import { createGuard } from './guard.ts';
import { httpChecker } from './http.ts';
import { createPageChecker } from './page/index.ts';
import { startGuardedProxy, type GuardedProxy } from './proxy.ts';
import type { VerificationParts } from './worker.ts';

export type ClosableParts = VerificationParts & { close(): Promise<void> };

export function createVerificationParts(config: Pick<ServerConfig, 'production' | 'githubApi' | 'verifyAllow'>, db?: Db): ClosableParts {
  const rules = { production: config.production, allow: config.verifyAllow };
  const guard = createGuard(rules);
  let proxy: Promise<GuardedProxy> | null = null;
  let checker: PageChecker | null = null;
  const pageChecker: PageChecker = async (liveUrl, checks, signal) => {
    proxy ??= startGuardedProxy(rules);
    checker ??= createPageChecker({ proxyUrl: (await proxy).url });
    return checker(liveUrl, checks, signal);
  };
  return {
    repoHost: createGitHubHost({
      baseUrl: config.githubApi.apiUrl,
      token: config.githubApi.token,
      // GitHub counts a token's requests together, and anonymous ones per address.
      ...(db ? { store: databaseGitHubStore(db, `${config.githubApi.apiUrl} ${config.githubApi.token ? 'token' : 'anonymous'}`) } : {}),
    }),
    guardedFetch: guard.fetch,
    httpChecker: httpChecker(guard.fetch),
    pageChecker,
    async close() {
      guard.close();
      if (proxy) await (await proxy).close();
    },
  };
}
