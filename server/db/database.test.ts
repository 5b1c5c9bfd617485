import { existsSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { postJson, newUser, tempDir, TEST_DATABASE, testConfig, testDatabase } from '../test/helpers.ts';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { isDatabaseUnavailable, isUniqueViolation, openDatabase, TABLES, type Db } from './database.ts';
import { migrations } from './migrations.ts';
import { DEV_SECRET_FILE, resolveJwtSecret } from '../secrets.ts';
import { freePort } from '../test/instances.ts';

const dirs: string[] = [];
const dir = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the database', () => {
  it('is created with WAL mode, the migrations applied, readable by its owner only', async () => {
    const path = join(dir(), 'nested', 'pf.db');
    const db = await openDatabase({ kind: 'sqlite', path: path });
    try {
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
      const tables = await db.introspection.getTables();
      expect(tables.map((table) => table.name).sort()).toEqual(TABLES.map((t) => t.name).sort());
      expect(statSync(path).mode & 0o077).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('applies migrations once: reopening changes nothing', async () => {
    const path = join(dir(), 'pf.db');
    await (await openDatabase({ kind: 'sqlite', path: path })).destroy();
    const db = await openDatabase({ kind: 'sqlite', path: path });
    const applied = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db);
    expect(applied.rows[0]?.n).toBe(Object.keys(migrations).length);
    await db.destroy();
  });

  it('keeps data across a restart: register, stop, start, sign in', async () => {
    const d = dir();
    const user = newUser();
    // No JWT_SECRET: the development secret file is used, and must survive the restart too.
    const database = await testDatabase(d);
    const config = { ...testConfig(d), database: database.target, jwtSecret: null };
    const first = await buildApp(config, { logger: false });
    expect((await postJson(first, '/auth/register', user)).statusCode).toBe(201);
    const login = await postJson(first, '/auth/login', { email: user.email, password: user.password });
    const { token } = login.json() as { token: string };
    await first.close();

    const second = await buildApp(config, { logger: false });
    try {
      expect((await postJson(second, '/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
      const me = await second.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await second.close();
      await database.drop();
    }
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('ten instances starting at once on one PostgreSQL', () => {
  it('apply each migration once, under the migration lock, and all start', async () => {
    const { target, drop } = await testDatabase(dir());
    try {
      const dbs = await Promise.all(Array.from({ length: 10 }, () => openDatabase(target)));
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(dbs[0] as Db);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
      await Promise.all(dbs.map((db) => db.destroy()));
    } finally {
      await drop();
    }
  });
});

describe('telling a database that is down from a query that is wrong', () => {
  const caught = async (run: () => Promise<unknown>) =>
    run().then(
      () => null,
      (error: unknown) => error,
    );

  it('PostgreSQL refusing connections is "unavailable" (a 503), wrong SQL and duplicates are not', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ connectionString: `postgres://pf@127.0.0.1:${port}/pf`, connectionTimeoutMillis: 2000 });
    const refused = await caught(() => pool.query('select 1'));
    await pool.end();
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const { target, drop } = await testDatabase(dir());
    const db = await openDatabase(target);
    try {
      const wrong = await caught(() => sql`select * from no_such_table`.execute(db));
      expect(wrong).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
      const row = { id: 'u1', username: 'A', email: 'a@example.com', password_hash: 'x', password_changed_at: '', created_at: '', updated_at: '' };
      await db.insertInto('users').values(row).execute();
      const duplicate = await caught(() =>
        db
          .insertInto('users')
          .values({ ...row, id: 'u2' })
          .execute(),
      );
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(isDatabaseUnavailable(duplicate)).toBe(false);
    } finally {
      await db.destroy();
      await drop();
    }
  });

  it('SQLite locked by another writer is "unavailable"', () => {
    const file = join(dir(), 'locked.db');
    const holder = new DatabaseSync(file);
    holder.exec('create table t (x integer); begin exclusive; insert into t values (1)');
    const other = new DatabaseSync(file);
    other.exec('PRAGMA busy_timeout = 0');
    let error: unknown = null;
    try {
      other.exec('insert into t values (2)');
    } catch (e) {
      error = e;
    }
    holder.exec('rollback');
    holder.close();
    other.close();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('the development JWT secret', () => {
  it('is generated once, mode 0600, and reused', () => {
    const d = dir();
    const first = resolveJwtSecret(null, d);
    const file = join(d, DEV_SECRET_FILE);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(null, d).secret).toBe(first.secret);
    expect(readFileSync(file, 'utf8')).toBe(first.secret);
  });

  it('tightens a file someone made readable', () => {
    const d = dir();
    resolveJwtSecret(null, d);
    const file = join(d, DEV_SECRET_FILE);
    chmodSync(file, 0o644);
    resolveJwtSecret(null, d);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a truncated secret file', () => {
    const d = dir();
    writeFileSync(join(d, DEV_SECRET_FILE), 'short', { mode: 0o600 });
    expect(() => resolveJwtSecret(null, d)).toThrow(/shorter than/);
  });

  it('JWT_SECRET wins and writes nothing', () => {
    const d = dir();
    expect(resolveJwtSecret('x'.repeat(40), d)).toEqual({ secret: 'x'.repeat(40), source: 'JWT_SECRET' });
    expect(existsSync(join(d, DEV_SECRET_FILE))).toBe(false);
  });
});
