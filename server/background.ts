/**
 * Work that finishes after the response (sending a reset email, upgrading a password hash), so
 * response times do not depend on it. Failures are logged. `drain()` waits for what is still
 * running: tests call it, and shutdown does before closing the database.
 */
import type { FastifyBaseLogger } from 'fastify';

export type Background = {
  run(name: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
};

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const promise: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
