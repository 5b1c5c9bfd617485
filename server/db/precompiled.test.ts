/**
 * server/db/precompiled.ts: a query compiled once answers as Kysely's own query does, whatever the
 * order of its values, on the suite's database; a value that is not a placeholder is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import type { Db } from './database.ts';
import { precompiled } from './precompiled.ts';

let t: TestApp;
let db: Db;
const at = '2026-11-24T10:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.db as Db;
  await db
    .insertInto('users')
    .values(
      ['a', 'b', 'c'].map((name, i) => ({
        id: `pre-${i}`,
        username: name,
        email: `${name}@example.com`,
        password_hash: 'x',
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('a precompiled query', () => {
  it('answers as the query built each time does, with its values in their places', async () => {
    const byNameOrEmail = precompiled<'email' | 'name', { id: string }>((param) =>
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('username', '=', param('name')), eb('email', '=', param('email'))]))
        .orderBy('id'),
    );
    for (const [name, email] of [
      ['a', 'c@example.com'],
      ['b', 'nobody@example.com'],
      ['nobody', 'nobody'],
    ] as const) {
      const built = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('username', '=', name), eb('email', '=', email)]))
        .orderBy('id')
        .execute();
      expect(await byNameOrEmail(db, { email, name })).toEqual(built);
    }
    expect(await byNameOrEmail(db, { name: 'a', email: 'c@example.com' })).toEqual([{ id: 'pre-0' }, { id: 'pre-2' }]);
  });

  it('refuses a value that is not a placeholder (it would be compiled in for good)', () => {
    expect(() =>
      precompiled<'name', { id: string }>((param) => db.selectFrom('users').select('id').where('username', '=', param('name')).where('email', '=', 'a@example.com')),
    ).toThrow(/not a param/);
  });
});
