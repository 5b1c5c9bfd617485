/**
 * The `health` plugin: /health (liveness and a report) and /ready (readiness, a 503 that says
 * why), and the start-up line that says what this instance runs on.
 */
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { describeTarget } from '../db/dialect.ts';
import { describeRedis } from '../redis.ts';

type Reachability = 'reachable' | 'unreachable';
/** What /health and /ready report. */
export type HealthReport = { database: Reachability; redis: Reachability | 'not configured' };

/** A dependency that does not answer within this is reported unreachable. */
const HEALTH_CHECK_TIMEOUT_MS = 2000;

async function reachable(check: () => Promise<unknown>): Promise<Reachability> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'reachable';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export default fp(
  async (app) => {
    const { config, db, redis, mailer } = app;
    const healthReport = async (): Promise<HealthReport> => {
      const [database, redisState] = await Promise.all([
        reachable(() => sql`select 1`.execute(db)),
        redis ? reachable(() => redis.ping()) : Promise.resolve('not configured' as const),
      ]);
      return { database, redis: redisState };
    };
    const unreachable = (report: HealthReport) =>
      [report.database === 'unreachable' && 'the database', report.redis === 'unreachable' && 'Redis'].filter((name): name is string => typeof name === 'string');
    // Liveness and a report: 200 while this process serves, whatever its dependencies say.
    app.get('/health', async () => {
      const report = await healthReport();
      return { status: unreachable(report).length === 0 ? 'ok' : 'degraded', ...report };
    });
    // Readiness: 200 when this instance can serve requests, else a 503 that says why (never a stack trace).
    app.get('/ready', async (_request, reply) => {
      const report = await healthReport();
      const down = unreachable(report);
      if (down.length === 0) return { status: 'ready', ...report };
      app.log.warn(`not ready: ${down.join(' and ')} unreachable`);
      return reply.code(503).send({ status: 'unavailable', message: `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} unreachable.`, ...report });
    });
    app.addHook('onReady', async () => {
      app.log.info(
        `database: ${describeTarget(config.database)}; rate limits ${redis ? `in ${config.redisUrl ? describeRedis(config.redisUrl) : 'Redis'}` : 'in this process only (one instance)'}; mail ${mailer ? `to ${mailer.description}` : 'off (no SMTP_URL)'}; push ${config.vapid ? 'on' : 'off (set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to turn it on)'}; JWT secret from ${app.jwtSecretSource}; CORS for ${config.webOrigins.join(', ')}`,
      );
    });
  },
  { name: 'health', dependencies: ['config', 'database', 'redis', 'mailer', 'http'] },
);
