/**
 * Kysely on Node's built-in `node:sqlite`. Kysely's SqliteDialect expects better-sqlite3's
 * `Database`; `DatabaseSync` is close, so this adapter only adds the `reader` flag, spreads the
 * parameters and caches prepared statements. Kysely itself serialises access to the single
 * connection (the SQLite adapter reports no support for multiple connections), so transactions
 * never interleave.
 *
 * SQLite-specific settings live here and only here: handlers use the portable query builder.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 200;

function toSqlValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || ArrayBuffer.isView(value)) {
    return value as SQLInputValue;
  }
  throw new TypeError(`Cannot bind a value of type ${typeof value} to an SQLite parameter`);
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...parameters.map(toSqlValue));
  }

  run(parameters: ReadonlyArray<unknown>) {
    const { changes, lastInsertRowid } = this.#statement.run(...parameters.map(toSqlValue));
    return { changes, lastInsertRowid };
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...parameters.map(toSqlValue));
  }
}

/** `DatabaseSync` shaped as the `SqliteDatabase` Kysely's dialect wants. */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly raw: DatabaseSync;
  #statements = new Map<string, NodeSqliteStatement>();

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.raw = new DatabaseSync(path);
    // Password hashes and token hashes: readable by the server's user only.
    if (path !== ':memory:' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    this.raw.exec('PRAGMA journal_mode = WAL');
    this.raw.exec('PRAGMA synchronous = NORMAL');
    this.raw.exec('PRAGMA foreign_keys = ON');
    this.raw.exec('PRAGMA busy_timeout = 5000');
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (statement) {
      // Move to the back: the map's insertion order is the eviction order.
      this.#statements.delete(sql);
    } else {
      statement = new NodeSqliteStatement(this.raw.prepare(sql));
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  close(): void {
    this.#statements.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

export function nodeSqliteDialect(path: string): SqliteDialect {
  return new SqliteDialect({ database: async () => new NodeSqliteDatabase(path) });
}
