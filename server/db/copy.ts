/**
 * `npm run db:copy -- --to postgres://…`: moves an existing SQLite database into an empty
 * PostgreSQL database. Both are brought to the newest migration first, so the two
 * schemas are the same; then every table (TABLES, parents first) is copied in batches inside one
 * transaction on the target, and the row counts are compared before it commits. A target that
 * holds any row is refused, and a failure anywhere leaves it as it was.
 */
import type { Kysely } from 'kysely';
import { openDatabase, TABLES, type Db } from './database.ts';
import { describeTarget, type DatabaseTarget } from './dialect.ts';

export class CopyError extends Error {
  override name = 'CopyError';
}

const BATCH = 500;
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

type Row = Record<string, unknown>;
/** The tables seen without their types: the copy moves rows as they are, column for column. */
type AnyDb = Kysely<Record<string, Row>>;

async function count(db: AnyDb, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The application's tables in a database, so a table missing from TABLES cannot be skipped silently. */
async function tablesIn(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((name) => !MIGRATION_TABLES.has(name))
    .sort();
}

export type CopyReport = { from: string; to: string; counts: Record<string, number> };

export async function copyDatabase(from: DatabaseTarget, to: DatabaseTarget): Promise<CopyReport> {
  const source = await openDatabase(from);
  try {
    const target = await openDatabase(to);
    try {
      const expected = TABLES.map((t) => t.name).sort();
      for (const [db, where] of [
        [source, from],
        [target, to],
      ] as const) {
        const found = await tablesIn(db);
        if (found.join() !== expected.join()) {
          throw new CopyError(`${describeTarget(where)} has the tables ${found.join(', ')}; the copy knows ${expected.join(', ')}.`);
        }
      }
      const counts: Record<string, number> = {};
      await target.transaction().execute(async (tx) => {
        const into = tx as unknown as AnyDb;
        const src = source as unknown as AnyDb;
        for (const { name: table } of TABLES) {
          const rows = await count(into, table);
          if (rows > 0) {
            throw new CopyError(`The target is not empty: ${table} has ${rows} rows. db:copy only fills an empty database.`);
          }
        }
        for (const { name: table, key } of TABLES) {
          // Keyset pagination on the primary key (a row-value comparison when it has several columns).
          let after: Row | null = null;
          for (;;) {
            let query = src.selectFrom(table).selectAll().limit(BATCH);
            for (const column of key) query = query.orderBy(column);
            if (after !== null) {
              const last: Row = after;
              query =
                key.length === 1
                  ? query.where(key[0] as string, '>', last[key[0] as string])
                  : query.where((eb) => eb(eb.refTuple(...(key as [string, string])), '>', eb.tuple(...(key.map((c) => last[c]) as [unknown, unknown]))));
            }
            const rows: Row[] = await query.execute();
            if (rows.length === 0) break;
            await into.insertInto(table).values(rows).execute();
            after = rows[rows.length - 1] as Row;
          }
          const [copied, original] = [await count(into, table), await count(src, table)];
          if (copied !== original) {
            throw new CopyError(`${table}: ${original} rows in the source, ${copied} in the target. Nothing was copied.`);
          }
          counts[table] = copied;
        }
      });
      return { from: describeTarget(from), to: describeTarget(to), counts };
    } finally {
      await target.destroy();
    }
  } finally {
    await source.destroy();
  }
}
