/**
 * The learning plugins.
 * - `xp`: the XP ledger (./ledger.ts) and the leaderboards it keeps (./boards.ts), one instance
 *   each: the ledger rewrites the boards' rows, /learning/leaderboard reads them from its copies.
 *   Built from the ledger on the first start, their rolling windows moved every minute (on
 *   PostgreSQL by one instance at a time).
 * - `learning`: the /learning routes (./routes.ts, with ./xpRoutes.ts), submissions handed to the
 *   verification queue.
 */
import fp from 'fastify-plugin';
import { every } from '../core/background.ts';
import { createBoards, WINDOW_STEP_MS, type Boards } from './boards.ts';
import { createLedger, type Ledger } from './ledger.ts';
import { createPathStats } from './pathStats.ts';
import { createLearningRepository } from './repository.ts';
import { learningRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
    boards: Boards;
  }
}

export const xp = fp(
  async (app) => {
    const { db, curriculum, now } = app;
    const boards = createBoards(db);
    const ledger = createLedger(db, curriculum.badges, new Map(curriculum.projects.map((p) => [p.id, p.skills])), boards);
    app.decorate('boards', boards);
    app.decorate('ledger', ledger);
    await boards.moveWindows(now());
    every(app, 'leaderboard windows', WINDOW_STEP_MS, () => boards.moveWindows(now()));
  },
  { name: 'xp', dependencies: ['config', 'database', 'background'] },
);

export const learning = fp(
  async (app) => {
    const { config, ledger, boards, curriculum, authenticate, now, verificationQueue, wakeVerification } = app;
    const repo = createLearningRepository(app.db);
    await app.register(learningRoutes, {
      prefix: '/learning',
      repo,
      ledger,
      boards,
      // Everyone's figures per path (students, rating), cached for every /learning answer of this app.
      pathStats: createPathStats(() => repo.pathStats(), now),
      badges: curriculum.badges,
      authenticate,
      now,
      verification: { queue: verificationQueue, wake: wakeVerification, on: config.verification === 'on', production: config.production },
    });
  },
  { name: 'learning', dependencies: ['config', 'database', 'http', 'authentication', 'xp', 'verification'] },
);
