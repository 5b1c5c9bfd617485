/**
 * Migration 0018_verification_claims marks the runs already done from their reports: a run that
 * passed the owner check (or could not check it) and was original claims its repository and
 * commit; one that failed the owner check, or was itself held, claims nothing.
 */
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { newUser, postJson, tempDir, testConfig, testDatabase } from '../test/helpers.ts';
import { openDatabase } from './database.ts';
import { migrations } from './migrations.ts';

const MIGRATION = '0018_verification_claims';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const report = (owner: string, original: string) =>
  JSON.stringify({
    submission: [
      { id: 'submission:repository', status: 'passed' },
      { id: 'submission:owner', status: owner },
      { id: 'submission:original', status: original },
    ],
    requirements: [],
  });

describe(`migration ${MIGRATION}`, () => {
  it('marks as claims the runs done that passed (or could not check) the owner check and were original', async () => {
    const d = tempDir();
    dirs.push(d);
    const database = await testDatabase(d);
    const config = { ...testConfig(d), database: database.target };
    const app = await buildApp(config, { logger: false });
    const user = newUser();
    expect((await postJson(app, '/auth/register', user)).statusCode).toBe(201);
    await app.close();

    const db = await openDatabase(database.target);
    try {
      const { id: userId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const at = '2026-06-10T12:00:00.000Z';
      const run = (id: string, fields: { report: string | null; repository_id: string | null; status?: 'done' | 'queued' }) => ({
        id,
        user_id: userId,
        project_id: 'p',
        repository_url: 'https://github.com/ada/site',
        live_url: null,
        reason: 'submit',
        status: fields.status ?? ('done' as const),
        attempts: 1,
        run_at: at,
        created_at: at,
        state: 'passed',
        repository_id: fields.repository_id,
        commit_sha: fields.repository_id && 'a'.repeat(40),
        report: fields.report,
      });
      await db
        .insertInto('verification_runs')
        .values([
          run('owner-passed', { report: report('passed', 'passed'), repository_id: '1' }),
          run('not-checked', { report: report('not-checked', 'passed'), repository_id: '2' }),
          run('owner-failed', { report: report('failed', 'passed'), repository_id: '3' }),
          run('held', { report: report('passed', 'failed'), repository_id: '4' }),
          run('no-repository', { report: report('passed', 'passed'), repository_id: null }),
          run('queued', { report: null, repository_id: null, status: 'queued' }),
        ])
        .execute();
      // As before the migration: undone, then applied again at the next start.
      await migrations[MIGRATION]!.down!(db as unknown as Kysely<unknown>);
      await sql`delete from kysely_migration where name = ${MIGRATION}`.execute(db);
    } finally {
      await db.destroy();
    }

    const again = await openDatabase(database.target);
    try {
      const rows = await again.selectFrom('verification_runs').select(['id', 'claim']).orderBy('id').execute();
      expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.claim)]))).toEqual({
        held: 0,
        'no-repository': 0,
        'not-checked': 1,
        'owner-failed': 0,
        'owner-passed': 1,
        queued: 0,
      });
    } finally {
      await again.destroy();
      await database.drop();
    }
  }, 120_000);
});
