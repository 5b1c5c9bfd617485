/**
 * `npm run xp:verify`: recomputes every learner's leaderboard rows (XP per window,
 * all-time total, when they reached it) from the XP ledger and compares them with the stored
 * board. Prints "no drift", or each difference, and exits 1. Reads the database the API uses:
 * DATABASE_URL (PostgreSQL) when set, else DATABASE_PATH (default data/pathforge.db). Safe while
 * the API runs: on PostgreSQL it reads one snapshot.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { DatabaseUnavailableError, openDatabase } from '../db/database.ts';
import { describeTarget } from '../db/dialect.ts';
import { createBoards } from './boards.ts';

const SHOWN = 20;

async function main(): Promise<number> {
  let database;
  try {
    ({ database } = loadConfig(process.env));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  if (database.kind === 'sqlite' && !existsSync(database.path)) {
    console.error(`There is no database at ${database.path}. Set DATABASE_PATH, or DATABASE_URL for PostgreSQL.`);
    return 2;
  }
  let db;
  try {
    db = await openDatabase(database);
  } catch (error) {
    console.error(error instanceof DatabaseUnavailableError ? error.message : String(error));
    return 2;
  }
  try {
    const started = Date.now();
    const { learners, rows, drift } = await createBoards(db).verify();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${describeTarget(database)}: ${learners} learners, ${rows} leaderboard rows recomputed from the XP ledger in ${seconds} s`);
    if (drift.length === 0) {
      console.log('No drift: every board row equals its learner’s ledger.');
      return 0;
    }
    console.log(`${drift.length} rows differ from the ledger:`);
    for (const d of drift.slice(0, SHOWN)) console.log(`  ${d.period.padEnd(6)} learner ${d.userId}: ledger says ${d.expected}; board has ${d.actual}`);
    if (drift.length > SHOWN) console.log(`  … and ${drift.length - SHOWN} more`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
