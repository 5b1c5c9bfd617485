/**
 * Every difference between the two databases lives here, and only here: handlers and
 * repositories use Kysely's portable query builder and never ask which database they run on.
 *
 * - Embedded SQLite (`node:sqlite`, the default: zero set-up) or PostgreSQL through `pg` when
 *   DATABASE_URL is set; PGlite (PostgreSQL compiled to WebAssembly, in-process) for the test
 *   suite, so `npm test` runs every server test on PostgreSQL too without a server.
 * - Types: timestamps are ISO 8601 UTC text and ids UUID text in both, so values read back the
 *   same. Booleans: store 0/1 integers (SQLite has no boolean). `count()` and `sum()` come back as
 *   numbers from SQLite and as strings (bigint) from PostgreSQL: `toNumber` reads either; `avg()`
 *   likewise (a numeric string on PostgreSQL).
 * - `RETURNING` and `onConflict(...).doUpdateSet(...)` (upserts) work on both, as written by
 *   Kysely; no `INSERT OR REPLACE`, no `ON DUPLICATE KEY`.
 * - A unique-constraint violation is recognised by `isUniqueViolation`, whatever the driver; a
 *   database that is down, busy or out of space by `isDatabaseUnavailable` (the API answers 503).
 * - Migrations: PostgreSQL takes an advisory lock around them (Kysely's Migrator does it), so ten
 *   instances starting at once apply each migration once. Other once-only work at start (seeding
 *   the curriculum) takes `lockTransaction`: an advisory lock on PostgreSQL; nothing on SQLite,
 *   where one process writes and a write transaction already excludes the others.
 */
import { PGliteDialect, PostgresAdapter, PostgresDialect, sql, type Dialect, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { nodeSqliteDialect } from './node-sqlite.ts';
import { preparedStatements } from './precompiled.ts';

export type DatabaseTarget =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string; poolSize: number }
  /** In-process PostgreSQL (tests only; the package is a devDependency), in memory or in a folder. */
  | { kind: 'pglite'; dataDir?: string };

/** Where the target is, for logs and error messages: never the password. */
export function describeTarget(target: DatabaseTarget): string {
  switch (target.kind) {
    case 'sqlite':
      return `SQLite at ${target.path}`;
    case 'pglite':
      return `PGlite (in-process PostgreSQL) ${target.dataDir ? `in ${target.dataDir}` : 'in memory'}`;
    case 'postgres': {
      const url = new URL(target.url);
      return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname} (DATABASE_URL)`;
    }
  }
}

export async function createDialect(target: DatabaseTarget): Promise<Dialect> {
  switch (target.kind) {
    case 'sqlite':
      return nodeSqliteDialect(target.path);
    case 'postgres': {
      const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize, connectionTimeoutMillis: 5000 });
      // A connection the server closed (a restart, a failover, an administrator): the pool drops
      // it and connects again for the next query, which reports its own error if the server is
      // still down. Without listeners Node would end the process on these events: the pool's for
      // an idle connection, and each client's own for one in use (its query rejects as well, and
      // the request gets its 503).
      pool.on('error', () => {});
      pool.on('connect', (client) => {
        client.on('error', () => {});
        // The precompiled queries (server/db/precompiled.ts) as named statements: parsed and
        // planned once per connection. Any other query goes as it came.
        const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
        client.query = ((text: unknown, values?: unknown) => {
          const name = typeof text === 'string' ? preparedStatements.get(text) : undefined;
          return name === undefined ? query(text, values) : query({ name, text, values });
        }) as typeof client.query;
      });
      return new PostgresDialect({ pool });
    }
    case 'pglite': {
      const { PGlite } = await import('@electric-sql/pglite');
      return new PGliteDialect({ pglite: new PGlite(target.dataDir) });
    }
  }
}

/** True for a unique-constraint violation: SQLite (errcode 2067, 1555) or PostgreSQL (23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { errcode, code } = error as { errcode?: unknown; code?: unknown };
  return errcode === 2067 || errcode === 1555 || code === '23505';
}

/** Network errors from the PostgreSQL driver: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** pg-pool and pg report a lost or refused connection with these messages and no code. */
const PG_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
/** SQLite primary result codes: BUSY, LOCKED, IOERR, FULL, CANTOPEN. */
const SQLITE_UNAVAILABLE = new Set([5, 6, 10, 13, 14]);

/**
 * True when a query failed because the database cannot serve now (down, restarting, locked, out
 * of space), not because the query is wrong: the request gets a 503 and may be retried.
 * PostgreSQL: SQLSTATE class 08 (connection exception), 53 (insufficient resources), 57P01-57P03
 * (shutting down, cannot connect now).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { errcode, code, message } = error as { errcode?: unknown; code?: unknown; message?: unknown };
  if (typeof errcode === 'number') return SQLITE_UNAVAILABLE.has(errcode & 0xff);
  if (typeof code === 'string') {
    return NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('53') || /^57P0[123]$/.test(code);
  }
  return typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message);
}

export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Serialises a transaction against every other holder of the same `name` until it ends:
 * `pg_advisory_xact_lock` on PostgreSQL; on SQLite a no-op (one writer at a time already).
 */
export async function lockTransaction(tx: Pick<Kysely<unknown>, 'getExecutor'>, name: string): Promise<void> {
  if (!isPostgres(tx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(tx);
}

/**
 * A queue's claim: the rows a subquery picks are locked, and rows another transaction holds
 * locked are skipped (`FOR UPDATE SKIP LOCKED`), so two workers never pick the same row. SQLite
 * needs nothing: one writer at a time, and the claim is one UPDATE statement.
 */
export function skipLocked<Q extends { forUpdate(): { skipLocked(): unknown } }>(db: { getExecutor(): { readonly adapter: unknown } }, query: Q): Q {
  return isPostgres(db) ? (query.forUpdate().skipLocked() as Q) : query;
}

/** An aggregate as a number: SQLite gives numbers, PostgreSQL bigint and numeric as strings. */
export function toNumber(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

/** Runs `fn` as one unit of a `whileHolding` pass: its failure undoes only its own writes. */
export type Step<DB> = <R>(fn: (tx: Transaction<DB>) => Promise<R>) => Promise<R>;

/**
 * Runs `work` only if no other instance is running work of the same `name` now. On PostgreSQL it
 * runs inside one transaction holding `pg_try_advisory_xact_lock` (null when another instance
 * holds it), every query on that transaction (`executor`), and each `step` a savepoint of it. On
 * SQLite (one process) it simply runs, each `step` a transaction of its own, so a long pass never
 * holds the database's one writer.
 */
export async function whileHolding<DB, T>(db: Kysely<DB>, name: string, work: (step: Step<DB>, executor: Kysely<DB>) => Promise<T>): Promise<T | null> {
  if (!isPostgres(db)) return work((fn) => db.transaction().execute(fn), db);
  const trx = await db.startTransaction().execute();
  try {
    const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_xact_lock(hashtext(${name})) as held`.execute(trx);
    if (rows[0]?.held !== true) {
      await trx.rollback().execute();
      return null;
    }
    let steps = 0;
    const step: Step<DB> = async (fn) => {
      const savepoint = `step_${(steps += 1)}`;
      const inner = await trx.savepoint(savepoint).execute();
      try {
        const result = await fn(inner);
        await inner.releaseSavepoint(savepoint).execute();
        return result;
      } catch (error) {
        await inner.rollbackToSavepoint(savepoint).execute();
        throw error;
      }
    };
    const result = await work(step, trx);
    await trx.commit().execute();
    return result;
  } catch (error) {
    if (!trx.isCommitted && !trx.isRolledBack)
      await trx
        .rollback()
        .execute()
        .catch(() => {});
    throw error;
  }
}
