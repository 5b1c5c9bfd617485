/**
 * What the two entry points share (server/main.ts, the API; server/worker-main.ts, the worker):
 * reading the configuration, building the app, stopping on SIGINT / SIGTERM, and the one-line
 * messages and exit codes an operator sees when any of that fails.
 */
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { DatabaseUnavailableError } from './db/database.ts';
import { RedisUnavailableError } from './redis.ts';
import { ContentError } from './content/load.ts';

/** The configuration from the environment; a configuration error is one line and exit 1. */
export function loadConfigOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Builds the app; a configuration error, or a database, Redis or content that cannot be used, is
 * one line and exit 1.
 */
export async function buildOrExit(build: () => Promise<FastifyInstance>): Promise<FastifyInstance> {
  try {
    return await build();
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
}

/**
 * SIGINT / SIGTERM close the app and exit 0 (1 if closing fails, takes longer than 10 s, or a
 * second signal comes). `received` is what is logged on the first signal, after its name.
 */
export function stopOnSignals(app: FastifyInstance, received: string): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} ${received}`);
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
}

/** Runs an entry point; anything it did not expect is `failure` with the error, and exit 1. */
export function run(main: () => Promise<void>, failure: string): void {
  main().catch((error: unknown) => {
    console.error(failure, error);
    process.exit(1);
  });
}
