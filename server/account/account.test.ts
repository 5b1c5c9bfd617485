/**
 * /account: settings kept, the password changed (other sessions end, this one goes on), the
 * account deleted with everything in it; and /learning/paths/:id/reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { accountMessages } from '../../src/domain/account.ts';
import { passwordChangedResponseSchema, settingsResponseSchema } from '../../src/api/account/contract.ts';
import { linkedListSentence } from '../../src/domain/oauth.ts';
import { profileMessages } from '../../src/domain/learning.ts';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, createTestApp, errorMessage, postJson, refreshCookieValue, signIn, withRefresh, WEB_ORIGIN, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (app: FastifyInstance, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('settings are kept', () => {
  it('starts from the defaults; preferences and profile are saved and read back', async () => {
    const { token, user } = await signIn(t.app);
    const initial = settingsResponseSchema.parse((await call(t.app, 'GET', '/account/settings', token)).json()).settings;
    // Streak reminders and the digest on; product updates and the newsletter off until asked for.
    expect(initial).toEqual({
      profile: { username: user.username, email: user.email, emailConfirmed: false, pendingEmail: null, hasPassword: true },
      preferences: {
        notifications: { streakEmail: true, streakPush: true, digestEmail: true, updatesEmail: false, newsletterEmail: false },
        darkMode: false,
        publicProfile: false,
      },
      reminders: { pausedAt: null, nextStreakReminderAt: null, nextDigestAt: null, email: 'ready', push: 'not-set-up', pushPublicKey: null, pushDevices: 0 },
    });

    const preferences = {
      notifications: { streakEmail: false, streakPush: true, digestEmail: false, updatesEmail: true, newsletterEmail: true },
      darkMode: true,
      publicProfile: true,
    };
    expect((await call(t.app, 'PUT', '/account/preferences', token, preferences)).statusCode).toBe(200);
    const renamed = await call(t.app, 'PUT', '/account/profile', token, { username: '  Ada Lovelace ', email: ` ${user.email.toUpperCase()} ` });
    expect(renamed.statusCode).toBe(200);
    const after = settingsResponseSchema.parse((await call(t.app, 'GET', '/account/settings', token)).json()).settings;
    expect(after).toMatchObject({
      profile: { username: 'Ada Lovelace', email: user.email, emailConfirmed: false, pendingEmail: null, hasPassword: true },
      preferences,
    });
    // The old four switches are refused: a client that sends them learns at once.
    const old = { notifications: { email: true, push: true, updates: false, newsletter: false }, darkMode: false, publicProfile: false };
    expect((await call(t.app, 'PUT', '/account/preferences', token, old)).statusCode).toBe(400);
  });

  it('the profile follows the registration rules', async () => {
    const { token } = await signIn(t.app);
    expect(errorMessage(await call(t.app, 'PUT', '/account/profile', token, { username: ' ', email: 'a@example.com' }))).toBe(profileMessages.fullNameRequired);
    expect(errorMessage(await call(t.app, 'PUT', '/account/profile', token, { username: 'Ada', email: 'nope' }))).toBe(profileMessages.invalidEmail);
    expect((await call(t.app, 'PUT', '/account/preferences', token, { darkMode: 'yes' })).statusCode).toBe(400);
  });
});

describe('changing the password', () => {
  it('needs the current one; ends every session and gives this browser a new one', async () => {
    const here = await signIn(t.app);
    const elsewhere = await postJson(t.app, '/auth/login', { email: here.user.email, password: here.user.password });
    const elsewhereRefresh = refreshCookieValue(elsewhere) as string;

    const wrong = await call(t.app, 'POST', '/account/password', here.token, { currentPassword: 'not-it-at-all', newPassword: 'Brand-new-pass-1' });
    expect(errorMessage(wrong)).toBe(accountMessages.wrongPassword);
    expect((await call(t.app, 'POST', '/account/password', here.token, { currentPassword: here.user.password, newPassword: 'abc' })).statusCode).toBe(400);

    const changed = await call(t.app, 'POST', '/account/password', here.token, { currentPassword: here.user.password, newPassword: 'Brand-new-pass-1' });
    expect(changed.statusCode).toBe(200);
    const answer = passwordChangedResponseSchema.parse(changed.json());
    expect(answer.message).toBe(`${accountMessages.passwordChanged} ${linkedListSentence([])}`);
    // Whoever held this session's tokens is out too: the access token and the old refresh cookie.
    expect((await call(t.app, 'GET', '/auth/me', here.token)).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(here.refresh))).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(elsewhereRefresh))).statusCode).toBe(401);
    // This browser goes on in a new session: the answer's token and the new cookie.
    expect((await call(t.app, 'GET', '/auth/me', answer.token)).statusCode).toBe(200);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(refreshCookieValue(changed) as string))).statusCode).toBe(200);
    expect((await postJson(t.app, '/auth/login', { email: here.user.email, password: here.user.password })).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/login', { email: here.user.email, password: 'Brand-new-pass-1' })).statusCode).toBe(200);
  });
});

const curriculum = loadCurriculumOnce();
const first = curriculum.projects[0]!;

async function someProgress(token: string) {
  await call(t.app, 'POST', `/learning/projects/${first.id}/start`, token, {});
  for (const task of first.tasks) await call(t.app, 'PUT', `/learning/tasks/${task.id}`, token);
  await call(t.app, 'POST', `/learning/projects/${first.id}/submission`, token, {
    repositoryUrl: 'https://github.com/ada/first',
    liveUrl: 'https://ada.github.io/site/',
  });
}

describe('resetting a path', () => {
  it('takes the learner back to zero on that path, in one go', async () => {
    const { token } = await signIn(t.app);
    await someProgress(token);
    const paths = (await call(t.app, 'GET', '/learning/paths', token)).json().paths as { id: string; students: number }[];
    const students = paths.find((p) => p.id === first.pathId)!.students;
    const reset = await call(t.app, 'POST', `/learning/paths/${first.pathId}/reset`, token, {});
    expect(reset.statusCode).toBe(200);
    // No longer one of the path's students.
    expect(reset.json().path.students).toBe(students - 1);
    expect(reset.json().path.progress).toMatchObject({ completedProjects: 0, percent: 0 });
    expect(reset.json().path.started).toBe(false);
    const project = (await call(t.app, 'GET', `/learning/projects/${first.slug}`, token)).json().project;
    expect(project).toMatchObject({ status: 'available', submission: null, startedAt: null });
    expect(project.tasks.every((task: { completed: boolean }) => !task.completed)).toBe(true);
  });
});

describe('deleting the account', () => {
  it('needs the password; then everything goes, the learner is signed out and the email is free again', async () => {
    const { token, user, refresh, id } = await signIn(t.app);
    await someProgress(token);
    // A browser subscribed to push, and a message waiting to go (a reset link asked for).
    const subscription = { endpoint: 'https://push.example.net/send/abc', keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) } };
    expect((await call(t.app, 'POST', '/account/push-subscriptions', token, subscription)).statusCode).toBe(204);
    await t.app.outbox.enqueue(t.app.db, {
      userId: id,
      kind: 'password-reset',
      periodKey: 'waiting',
      channel: 'email',
      payload: { to: user.email, subject: 's', text: 't' },
      runAt: '9999-01-01T00:00:00.000Z',
    });
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', id).execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('notification_outbox').select('id').where('user_id', '=', id).where('status', '=', 'queued').execute()).toHaveLength(1);
    await call(t.app, 'PUT', '/account/preferences', token, {
      notifications: { streakEmail: true, streakPush: true, digestEmail: true, updatesEmail: true, newsletterEmail: true },
      darkMode: true,
      publicProfile: false,
    });

    expect(errorMessage(await call(t.app, 'DELETE', '/account', token, { password: 'not-it-at-all' }))).toBe(accountMessages.wrongPassword);
    expect((await call(t.app, 'GET', '/account/settings', token)).statusCode).toBe(200);

    const deleted = await call(t.app, 'DELETE', '/account', token, { password: user.password });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: accountMessages.deleted });
    // Its browsers' push subscriptions and every message still waiting went with it.
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('notification_outbox').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(refreshCookieValue(deleted)).toBe('');
    for (const table of ['project_progress', 'task_completions', 'submissions', 'user_settings', 'refresh_tokens'] as const) {
      const rows = await t.app.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute();
      expect(rows, table).toEqual([]);
    }
    expect((await call(t.app, 'GET', '/auth/me', token)).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(refresh))).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/register', user)).statusCode).toBe(201);
  });

  it('every account route needs a signed-in learner', async () => {
    for (const [method, url] of [
      ['GET', '/account/settings'],
      ['PUT', '/account/profile'],
      ['PUT', '/account/preferences'],
      ['POST', '/account/password'],
      ['DELETE', '/account'],
      ['POST', '/account/email/resend'],
      ['POST', '/account/password-link'],
      ['DELETE', '/account/email/pending'],
      ['POST', '/account/push-subscriptions'],
      ['DELETE', '/account/push-subscriptions'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { origin: WEB_ORIGIN, 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
