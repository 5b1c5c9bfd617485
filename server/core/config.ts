/**
 * The `config` plugin: the configuration and what every other plugin reads from it: the server
 * configuration, the clock, the JWT secret, and whether this process runs the background workers.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import { resolveJwtSecret } from '../secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    /** The clock for token lifetimes and schedules (AppOptions.now; default Date.now). The rate limits read Date.now directly. */
    now: () => number;
    /** Signs sessions; unsubscribe tokens are keyed from it. */
    jwtSecret: string;
    /** Where the JWT secret came from (the start-up line says it). */
    jwtSecretSource: string;
    /** 'worker': a process of `npm run worker` (AppOptions.role). */
    role: 'api' | 'worker';
    /** Whether the background workers (verification, the outbox sender) run in this process: not in an API started with WORKERS=off. */
    worksHere: boolean;
  }
}

export type ConfigOptions = { config: ServerConfig; now?: (() => number) | undefined; role?: 'api' | 'worker' | undefined };

export default fp<ConfigOptions>(
  async (app, { config, now = () => Date.now(), role = 'api' }) => {
    const { secret, source } = resolveJwtSecret(config.jwtSecret, config.dataDir);
    const worksHere = role === 'worker' || config.workers === 'on';
    app.decorate('config', config);
    app.decorate('now', now);
    app.decorate('jwtSecret', secret);
    app.decorate('jwtSecretSource', source);
    app.decorate('role', role);
    app.decorate('worksHere', worksHere);
    app.addHook('onReady', async () => {
      if (!worksHere) app.log.info('workers off (WORKERS=off): project checks and mail wait for `npm run worker` processes on the same database');
      if (role === 'worker') app.log.info('worker: running project checks and sending mail, serving no requests');
    });
  },
  { name: 'config' },
);
