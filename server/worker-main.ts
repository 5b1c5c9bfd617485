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
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError } from './db/database.ts';
import { RedisUnavailableError } from './redis.ts';
import { ContentError } from './content/load.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (config.database.kind === 'sqlite') {
    // SQLite is one process's file: a worker beside an API on it would only compete for its one writer.
    console.error('A worker process needs PostgreSQL (DATABASE_URL): on SQLite the API runs the workers itself (WORKERS=on, the default).');
    process.exit(1);
  }

  let app;
  try {
    app = await buildApp(config, { role: 'worker' });
    await app.ready();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    if (error instanceof DatabaseUnavailableError || error instanceof RedisUnavailableError || error instanceof ContentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received: the worker stops`);
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The workers' timers are unref'd (they never keep an API process alive on their own): this one does.
  setInterval(() => {}, 60_000);
}

main().catch((error: unknown) => {
  console.error('The worker failed to start:', error);
  process.exit(1);
});
