/**
 * `npm run worker`: the background work as a process of its own, serving no requests: the
 * verification worker (GitHub reads, the learner's site and API, pages in Chromium) and the mail
 * outbox sender, on the database the API uses (configured as the API is: server/README.md). Run
 * any number of them, on other machines than the API instances (started with WORKERS=off), all
 * on one PostgreSQL database: the queue hands each run, and each message, to one of them.
 * SIGINT / SIGTERM stop it gracefully: a check in progress goes back to the queue for another
 * worker, the database closes.
 */
import { buildApp } from './app.ts';
import { buildOrExit, loadConfigOrExit, run, stopOnSignals } from './process.ts';

async function main() {
  const config = loadConfigOrExit();
  if (config.database.kind === 'sqlite') {
    // SQLite is one process's file: a worker beside an API on it would only compete for its one writer.
    console.error('A worker process needs PostgreSQL (DATABASE_URL): on SQLite the API runs the workers itself (WORKERS=on, the default).');
    process.exit(1);
  }

  const app = await buildOrExit(async () => {
    const built = await buildApp(config, { role: 'worker' });
    await built.ready();
    return built;
  });
  stopOnSignals(app, 'received: the worker stops');
  // The workers' timers are unref'd (they never keep an API process alive on their own): this one does.
  setInterval(() => {}, 60_000);
}

run(main, 'The worker failed to start:');
