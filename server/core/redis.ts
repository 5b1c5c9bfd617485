/**
 * The `redis` plugin: the Redis client the rate limits share between instances (REDIS_URL, or
 * AppOptions.redis), or null: the limits are then kept in this process.
 */
import fp from 'fastify-plugin';
import { openRedis, type Redis } from '../redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export default fp<{ redis?: Redis | undefined }>(
  async (app, options) => {
    const { redisUrl } = app.config;
    const redis = options.redis ?? (redisUrl === null ? null : await openRedis(redisUrl, app.log));
    app.decorate('redis', redis);
    // A client given by the caller is theirs to close.
    if (options.redis === undefined && redis !== null) {
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }
  },
  { name: 'redis', dependencies: ['config'] },
);
