/**
 * Starts the API: `node server/main.ts` (Node 24 runs the TypeScript directly). Configuration
 * comes from the environment (server/config.ts, server/README.md). SIGINT / SIGTERM stop it
 * gracefully: no new connections, running requests and emails finish, the database closes.
 */
import { buildApp } from './app.ts';
import { buildOrExit, loadConfigOrExit, run, stopOnSignals } from './process.ts';

async function main() {
  const config = loadConfigOrExit();
  const app = await buildOrExit(() => buildApp(config));
  stopOnSignals(app, 'received: shutting down');

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, `cannot listen on ${config.host}:${config.port}`);
    await app.close();
    process.exit(1);
  }
}

run(main, 'The API failed to start:');
