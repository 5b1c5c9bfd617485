/**
 * Starts the API: `node server/main.ts` (Node 24 runs the TypeScript directly). Configuration
 * comes from the environment (server/config.ts, server/README.md). SIGINT / SIGTERM stop it
 * gracefully: no new connections, running requests and emails finish, the database closes.
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

  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    if (error instanceof DatabaseUnavailableError || error instanceof RedisUnavailableError || error instanceof ContentError) {
      // Which service, where, and why: the operator's first question. No stack trace.
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
    app.log.info(`${signal} received: shutting down`);
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, `cannot listen on ${config.host}:${config.port}`);
    await app.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error);
  process.exit(1);
});
