/**
 * The `npm run db:copy` command:
 *
 *   npm run db:copy -- --to postgres://user:password@host:5432/pathforge [--from data/pathforge.db]
 *
 * --from defaults to DATABASE_PATH, else data/pathforge.db (where `npm start` keeps it). Stop the
 * API that uses the SQLite file first, so nothing is written to it during the copy.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseUnavailableError } from './database.ts';
import { copyDatabase, CopyError } from './copy.ts';

const usage = 'usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from path/to/pathforge.db]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } }, strict: true }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const to = values.to?.trim();
  if (!to || !/^postgres(ql)?:\/\/[^/]/.test(to)) {
    console.error(`--to must be a PostgreSQL URL.\n${usage}`);
    return 2;
  }
  const from = resolve(values.from ?? process.env.DATABASE_PATH ?? 'data/pathforge.db');
  if (!existsSync(from)) {
    console.error(`There is no SQLite database at ${from}. Name it with --from.`);
    return 2;
  }
  try {
    const report = await copyDatabase({ kind: 'sqlite', path: from }, { kind: 'postgres', url: to, poolSize: 2 });
    console.log(`Copied ${report.from} into ${report.to} in one transaction; row counts verified:`);
    for (const [table, rows] of Object.entries(report.counts)) console.log(`  ${table.padEnd(18)} ${rows}`);
    console.log('Start the API with DATABASE_URL set to the same URL.');
    return 0;
  } catch (error) {
    if (error instanceof CopyError || error instanceof DatabaseUnavailableError) {
      console.error(`Nothing was copied. ${error.message}`);
    } else {
      // A row the target refused, a lost connection: the one transaction rolled back.
      const { message, detail } = error as { message?: string; detail?: string };
      console.error(`Nothing was copied (the transaction was rolled back): ${message ?? String(error)}${detail ? ` (${detail})` : ''}`);
    }
    return 1;
  }
}

process.exitCode = await main();
