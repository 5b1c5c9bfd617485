/**
 * The `database` plugin: opens the database (applying its migrations), seeds the curriculum, and
 * closes the database last when the app closes (every other plugin closes before it).
 */
import fp from 'fastify-plugin';
import { loadCurriculumOnce, type LoadedCurriculum } from '../content/load.ts';
import { seedCurriculum } from '../content/seed.ts';
import { openDatabase, type Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The curriculum as seeded (its badges and each project's skills are the ledger's). */
    curriculum: LoadedCurriculum;
  }
}

export default fp<{ curriculum?: LoadedCurriculum | undefined }>(
  async (app, options) => {
    const curriculum = options.curriculum ?? loadCurriculumOnce();
    const db = await openDatabase(app.config.database);
    app.decorate('db', db);
    app.decorate('curriculum', curriculum);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    const seeded = await seedCurriculum(db, curriculum, new Date(app.now()).toISOString());
    app.addHook('onReady', async () => {
      app.log.info(
        seeded.applied
          ? `curriculum ${seeded.version.slice(0, 12)} seeded: ${seeded.paths} paths, ${seeded.projects} projects, ${seeded.tasks} tasks; ${seeded.retired} retired, ${seeded.redirects} redirects`
          : `curriculum ${seeded.version.slice(0, 12)} already seeded`,
      );
    });
  },
  { name: 'database', dependencies: ['config'] },
);
