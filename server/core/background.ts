/**
 * The `background` plugin: work that finishes after its response (../background.ts), drained
 * when the app closes, and `every`, the one way a feature runs a job on a timer.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBackground, type Background } from '../background.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work still running after its response (emails): `await app.background.drain()`. */
    background: Background;
  }
}

/** How often expired tokens, links and old records are deleted. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs `job` as background work every `intervalMs` (and once now with `now: true`) until the app
 * closes. The timer is unref'd: it never keeps a process alive on its own. Call it from the plugin
 * that owns the job: its timer stops when the app closes, before the background work is drained.
 */
export function every(app: FastifyInstance, name: string, intervalMs: number, job: () => Promise<unknown>, options: { now?: boolean } = {}): void {
  const run = () =>
    app.background.run(name, async () => {
      await job();
    });
  const timer = setInterval(run, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
  if (options.now) run();
}

export default fp(
  async (app) => {
    const background = createBackground(app.log);
    app.decorate('background', background);
    app.addHook('onClose', async () => {
      await background.drain();
    });
  },
  { name: 'background' },
);
