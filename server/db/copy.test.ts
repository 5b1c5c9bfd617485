/**
 * `npm run db:copy`: an SQLite database with accounts, sessions and reset links moves into an
 * empty PostgreSQL database, and the API on PostgreSQL signs the learners in as before. The
 * target is PGlite in `npm test`, a real server in CI (TEST_DATABASE=postgres).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { newUser, postJson, refreshCookieValue, register, TEST_DATABASE, tempDir, testConfig, testDatabase, withRefresh, type TestUser } from '../test/helpers.ts';
import { loadCurriculumOnce } from '../content/load.ts';
import { copyDatabase, CopyError } from './copy.ts';
import { openDatabase, TABLES } from './database.ts';
import type { DatabaseTarget } from './dialect.ts';

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** An empty PostgreSQL database: the real server under test in CI, else PGlite in a folder. */
async function emptyPostgres(dir: string): Promise<DatabaseTarget> {
  if (TEST_DATABASE === 'postgres') {
    const database = await testDatabase(dir);
    drops.push(database.drop);
    return database.target;
  }
  return { kind: 'pglite', dataDir: join(dir, 'pglite') };
}

async function usersIn(target: DatabaseTarget): Promise<number> {
  const db = await openDatabase(target);
  try {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

/** An SQLite database as the API leaves it after one registration (and the curriculum seeded). */
async function sqliteWithOneLearner() {
  const dir = tempDir();
  dirs.push(dir);
  const sqlite = testConfig(dir);
  const app = await buildApp(sqlite, { logger: false });
  await register(app, newUser());
  await app.close();
  return { dir, sqlite };
}

describe('copying SQLite into an empty PostgreSQL database', () => {
  it('moves accounts, sessions and reset links; the learner signs in on PostgreSQL with the old password', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const sqlite = testConfig(dir);
    const before = await buildApp(sqlite, { logger: false });
    const learners: TestUser[] = [newUser(), newUser(), newUser()];
    let refresh: string;
    try {
      for (const learner of learners) await register(before, learner);
      const login = await postJson(before, '/auth/login', { email: learners[0]?.email, password: learners[0]?.password });
      const rotated = await postJson(before, '/auth/refresh', {}, withRefresh(refreshCookieValue(login) as string));
      refresh = refreshCookieValue(rotated) as string;
      await postJson(before, '/auth/forgot-password', { email: learners[1]?.email });
      await before.background.drain();
    } finally {
      await before.close();
    }

    const target = await emptyPostgres(dir);
    const report = await copyDatabase(sqlite.database, target);
    // Three accounts; the sign-in and its rotation (two tokens of one family); one reset link;
    // the curriculum the API seeded, whole.
    const curriculum = loadCurriculumOnce();
    expect(report.counts).toMatchObject({
      users: 3,
      refresh_tokens: 2,
      password_resets: 1,
      content_versions: 1,
      paths: curriculum.paths.length,
      projects: curriculum.projects.length,
      tasks: curriculum.projects.reduce((n, p) => n + p.tasks.length, 0),
    });
    expect(Object.keys(report.counts)).toEqual(TABLES.map((t) => t.name));

    const after = await buildApp({ ...sqlite, database: target }, { logger: false });
    try {
      for (const learner of learners) {
        const login = await postJson(after, '/auth/login', { email: learner.email, password: learner.password });
        expect(login.statusCode).toBe(200);
      }
      // The session that was open on SQLite goes on: its refresh token rotates on PostgreSQL.
      expect((await postJson(after, '/auth/refresh', {}, withRefresh(refresh))).statusCode).toBe(200);
      const wrong = await postJson(after, '/auth/login', { email: learners[2]?.email, password: 'not-it-at-all-1' });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await after.close();
    }

    // A second copy into the now non-empty database is refused, and changes nothing.
    await expect(copyDatabase(sqlite.database, target)).rejects.toThrow(CopyError);
    await expect(copyDatabase(sqlite.database, target)).rejects.toThrow(/The target is not empty: users has 3 rows/);
    expect(await usersIn(target)).toBe(3);
  }, 60_000);
});

describe('one transaction', () => {
  it('a row the target refuses, after others went in, leaves the target empty', async () => {
    const { dir, sqlite } = await sqliteWithOneLearner();
    // A session whose account is gone (possible in an old file written without foreign keys):
    // PostgreSQL refuses it, after the users table was already copied.
    const raw = new DatabaseSync(join(dir, 'pathforge.db'));
    raw.exec('PRAGMA foreign_keys = OFF');
    raw.exec(
      "insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at) values ('t1', 'gone', 'f1', 'h1', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')",
    );
    raw.close();

    const target = await emptyPostgres(dir);
    await expect(copyDatabase(sqlite.database, target)).rejects.toThrow();
    expect(await usersIn(target)).toBe(0);
  }, 60_000);
});

describe('npm run db:copy', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['server/db/copy-main.ts', ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });

  it('says how to call it when --to is missing or not PostgreSQL, and when the SQLite file is not there', () => {
    const missing = run();
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--to must be a PostgreSQL URL.');
    expect(missing.stderr).toContain('usage: npm run db:copy -- --to postgres://');
    expect(run('--to', 'mysql://db/pf').status).toBe(2);
    const nowhere = run('--to', 'postgres://db/pf', '--from', '/nonexistent/pathforge.db');
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toContain('There is no SQLite database at /nonexistent/pathforge.db');
  });

  it.runIf(TEST_DATABASE === 'postgres')('copies a file into a server and prints the verified counts', async () => {
    const { dir } = await sqliteWithOneLearner();
    const target = await emptyPostgres(dir);
    if (target.kind !== 'postgres') throw new Error('expected a server');
    const copied = run('--to', target.url, '--from', join(dir, 'pathforge.db'));
    expect(copied.stderr).toBe('');
    expect(copied.status).toBe(0);
    expect(copied.stdout).toMatch(/users\s+1\n/);
    const refused = run('--to', target.url, '--from', join(dir, 'pathforge.db'));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Nothing was copied. The target is not empty: users has 1 rows.');
  });
});
