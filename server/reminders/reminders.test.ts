/**
 * Streak reminders and weekly digests, scheduled by the learner's own clock and delivered through
 * a real SMTP server on loopback: one streak reminder in the local evening (Berlin, Tokyo, New
 * York on both sides of the end of daylight saving time), never twice for a day, none after work
 * that day; two ignored weeks pause them until the learner turns them on again; the Monday digest
 * tells last week's work and only to a learner who has done some; one-click unsubscribe turns a
 * kind off at once; Settings says when the next ones would go.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { settingsResponseSchema } from '../../src/api/account/contract.ts';
import { unsubscribeResponseSchema } from '../../src/api/unsubscribe/contract.ts';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, createTestApp, newUser, postJson, register, type TestApp, type TestUser } from '../test/helpers.ts';
import { startFakeSmtp, type FakeSmtp } from '../test/smtp.ts';
import { unsubscribeMessages } from './reminders.ts';

const curriculum = loadCurriculumOnce();
const first = curriculum.projects.find((p) => p.prerequisites.length === 0 && p.tasks.length >= 4)!;
const clock = { now: Date.parse('2026-11-01T00:00:00Z') };
let smtp: FakeSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ smtpUrl: smtp.url }, { now: () => clock.now });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.respond(() => null);
});

type Learner = { id: string; user: TestUser };

/** A learner in a time zone whose recorded days of work are `days` (as the ledger writes them). */
async function learner(timeZone: string, days: string[]): Promise<Learner> {
  const user = newUser();
  const { id } = await register(t.app, user);
  await t.app.db
    .insertInto('learner_clock')
    .values({ user_id: id, time_zone: timeZone, time_zone_changed_at: '2026-01-01T00:00:00.000Z', weekly_goal: 3, day_floor: null })
    .execute();
  await worked({ id, user }, ...days);
  return { id, user };
}

async function worked(who: Learner, ...days: string[]) {
  for (const day of days) await t.app.db.insertInto('activity_days').values({ user_id: who.id, path_id: first.pathId, local_day: day }).execute();
}

/** The scheduler at `iso` (UTC), then the outbox: the mails of this kind (streak reminders unless told) that reached the mail server for this learner. */
async function tickAt(iso: string, who: Learner, subject = / streak ends at midnight$/): Promise<ParsedMail[]> {
  clock.now = Date.parse(iso);
  await t.app.reminders.tick();
  await t.app.background.drain();
  await t.app.outbox.sendDue();
  return smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === who.user.email && subject.test(mail.subject ?? ''));
}

const streakRows = (who: Learner) =>
  t.app.db
    .selectFrom('notification_outbox')
    .select(['period_key', 'channel', 'status', 'last_error'])
    .where('user_id', '=', who.id)
    .where('kind', '=', 'streak')
    .orderBy('period_key')
    .execute();

async function tokenOf(who: Learner) {
  const response = await postJson(t.app, '/auth/login', { email: who.user.email, password: who.user.password });
  return (response.json() as { token: string }).token;
}
async function settingsOf(who: Learner) {
  const response = await t.app.inject({ method: 'GET', url: '/account/settings', headers: bearer(await tokenOf(who)) });
  return settingsResponseSchema.parse(response.json()).settings;
}
async function putPreferences(who: Learner, notifications: Record<string, boolean>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/account/preferences',
    headers: { ...bearer(await tokenOf(who)), 'content-type': 'application/json' },
    payload: JSON.stringify({ notifications, darkMode: false, publicProfile: false }),
  });
  expect(response.statusCode).toBe(200);
}
const ON = { streakEmail: true, streakPush: true, digestEmail: true, updatesEmail: false, newsletterEmail: false };

describe('streak at risk', () => {
  it('Berlin: one reminder from 19:00 local time, never twice that day, with one-click unsubscribe', async () => {
    const ada = await learner('Europe/Berlin', ['2026-11-21', '2026-11-22']);
    // 18:59 in Berlin (CET, UTC+1): not yet.
    expect(await tickAt('2026-11-23T17:59:00Z', ada)).toEqual([]);
    const mails = await tickAt('2026-11-23T18:00:00Z', ada);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your 2-day streak ends at midnight']);
    const mail = mails[0]!;
    expect(mail.text).toContain('You have worked on PathForge 2 days in a row.');
    expect(mail.html).toContain('Keep my streak');
    // Long header lines come folded (RFC 5322): read them unfolded.
    const header = (key: string) => (mail.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribeUrl = /^List-Unsubscribe: <(http:\/\/localhost:4000\/unsubscribe\/[A-Za-z0-9_.-]+)>$/.exec(header('list-unsubscribe'))?.[1];
    expect(unsubscribeUrl).toBeDefined();
    // The visible link goes to the web app's page with the same token; the token is not the user id.
    const token = unsubscribeUrl!.split('/').at(-1)!;
    expect(mail.text).toContain(`http://localhost:5173/unsubscribe/${token}`);
    expect(token).not.toContain(ada.id);

    // Later that evening, and after midnight: nothing more for that day.
    expect(await tickAt('2026-11-23T21:30:00Z', ada)).toHaveLength(1);
    expect(await streakRows(ada)).toEqual([{ period_key: 'streak:2026-11-23', channel: 'email', status: 'sent', last_error: null }]);

    // What a mailbox provider posts: the form body, no cookie, no sign-in; the switch is off at once.
    const response = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(unsubscribeResponseSchema.parse(response.json())).toEqual({ kind: 'streak', message: unsubscribeMessages.streak });
    expect((await settingsOf(ada)).preferences.notifications).toEqual({ ...ON, streakEmail: false });
  });

  it('Tokyo: 19:00 in Tokyo is 10:00 UTC', async () => {
    const kenji = await learner('Asia/Tokyo', ['2026-11-23']);
    expect(await tickAt('2026-11-24T09:59:00Z', kenji)).toEqual([]);
    expect((await tickAt('2026-11-24T10:00:00Z', kenji)).map((m) => m.subject)).toEqual(['Your 1-day streak ends at midnight']);
    expect((await streakRows(kenji)).map((r) => r.period_key)).toEqual(['streak:2026-11-24']);
  });

  it('New York: 19:00 local on both sides of the end of daylight saving time (1 November 2026)', async () => {
    const nora = await learner('America/New_York', ['2026-10-30']);
    // Saturday 31 October, EDT (UTC-4): 19:00 is 23:00 UTC.
    expect(await tickAt('2026-10-31T22:59:00Z', nora)).toEqual([]);
    expect(await tickAt('2026-10-31T23:00:00Z', nora)).toHaveLength(1);
    await worked(nora, '2026-10-31');
    // Sunday 1 November, EST (UTC-5) since 02:00: 19:00 is midnight UTC, an hour later than the day before.
    expect(await tickAt('2026-11-01T23:00:00Z', nora)).toHaveLength(1);
    expect(await tickAt('2026-11-02T00:00:00Z', nora)).toHaveLength(2);
    expect((await streakRows(nora)).map((r) => r.period_key)).toEqual(['streak:2026-10-31', 'streak:2026-11-01']);
  });

  it('none for a learner who worked today, nor without a streak; one queued is dropped if they work before it goes', async () => {
    const busy = await learner('Europe/Berlin', ['2026-11-23', '2026-11-24']);
    const lapsed = await learner('Europe/Berlin', ['2026-11-20']);
    expect(await tickAt('2026-11-24T19:00:00Z', busy)).toEqual([]);
    expect(await tickAt('2026-11-24T19:00:00Z', lapsed)).toEqual([]);

    const late = await learner('Europe/Berlin', ['2026-11-24']);
    // Queued, and the mail server asks to try later (so it is still queued, whichever runs first:
    // the scheduler's own send or this test); then the learner works before the next attempt.
    smtp.respond(() => 451);
    clock.now = Date.parse('2026-11-25T18:30:00Z');
    await t.app.reminders.tick();
    await t.app.background.drain();
    const waiting = await t.app.db
      .selectFrom('notification_outbox')
      .select(['status', 'attempts'])
      .where('user_id', '=', late.id)
      .where('kind', '=', 'streak')
      .execute();
    expect(waiting).toEqual([{ status: 'queued', attempts: 1 }]);
    await worked(late, '2026-11-25');
    smtp.respond(() => null);
    clock.now = Date.parse('2026-11-25T18:35:00Z');
    await t.app.outbox.sendDue();
    expect(smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === late.user.email && m.subject?.endsWith('ends at midnight'))).toEqual([]);
    expect(await streakRows(late)).toEqual([
      { period_key: 'streak:2026-11-25', channel: 'email', status: 'failed', last_error: 'not sent: the learner worked that day' },
    ]);
  });

  it('works through the API: a task ticked today means no reminder tonight', async () => {
    const user = newUser();
    const { id } = await register(t.app, user);
    const who = { id, user };
    const call = async (iso: string, method: 'PUT' | 'POST', url: string, body: unknown) => {
      clock.now = Date.parse(iso);
      const response = await t.app.inject({
        method,
        url,
        headers: { ...bearer(await tokenOf(who)), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, url).toBeLessThan(300);
    };
    await call('2026-11-26T09:00:00Z', 'PUT', '/learning/clock', { timeZone: 'Europe/Berlin' });
    await call('2026-11-26T09:00:00Z', 'POST', `/learning/projects/${first.id}/start`, {});
    // Friday: the streak from Thursday is at risk in the evening.
    expect(await tickAt('2026-11-27T18:00:00Z', who)).toHaveLength(1);
    await call('2026-11-27T18:10:00Z', 'PUT', `/learning/tasks/${first.tasks[0]!.id}`, {});
    // Saturday: ticked a task in the morning, so no reminder in the evening.
    await call('2026-11-28T08:00:00Z', 'PUT', `/learning/tasks/${first.tasks[1]!.id}`, {});
    expect(await tickAt('2026-11-28T18:00:00Z', who)).toHaveLength(1);
    expect((await streakRows(who)).map((r) => r.period_key)).toEqual(['streak:2026-11-27']);
  });
});

describe('pausing after two ignored weeks', () => {
  it('pauses (Settings says so) after two weeks of ignored reminders, and turning the switch on resumes them', async () => {
    const sam = await learner('UTC', ['2026-11-01']);
    // 2 November: reminded, ignored (the streak ends). 9 November: worked again; 10th: reminded, ignored.
    expect(await tickAt('2026-11-02T19:00:00Z', sam)).toHaveLength(1);
    await worked(sam, '2026-11-09');
    expect(await tickAt('2026-11-10T19:00:00Z', sam)).toHaveLength(2);
    // 17 November: a streak at risk again, but every reminder for two weeks was ignored: paused.
    await worked(sam, '2026-11-16');
    expect(await tickAt('2026-11-17T19:00:00Z', sam)).toHaveLength(2);
    const paused = await settingsOf(sam);
    expect(paused.reminders.pausedAt).toBe('2026-11-17T19:00:00.000Z');
    expect(paused.reminders.nextStreakReminderAt).toBeNull();
    expect(paused.preferences.notifications).toMatchObject({ streakEmail: false, streakPush: false, digestEmail: true });

    // The learner turns streak email on again: the pause ends and the reminders before do not count.
    clock.now = Date.parse('2026-11-17T19:05:00Z');
    await putPreferences(sam, ON);
    const resumed = await settingsOf(sam);
    expect(resumed.reminders.pausedAt).toBeNull();
    expect(resumed.reminders.nextStreakReminderAt).toBe('2026-11-17T19:05:00.000Z');
    expect(await tickAt('2026-11-17T19:06:00Z', sam)).toHaveLength(3);
  });

  it('does not pause a learner who acted on a reminder', async () => {
    const kim = await learner('UTC', ['2026-11-01']);
    expect(await tickAt('2026-11-02T19:00:00Z', kim)).toHaveLength(1);
    await worked(kim, '2026-11-09');
    expect(await tickAt('2026-11-10T19:00:00Z', kim)).toHaveLength(2);
    // Worked on the day of that reminder (after it came): it was not ignored.
    await worked(kim, '2026-11-10', '2026-11-16');
    expect(await tickAt('2026-11-17T19:00:00Z', kim)).toHaveLength(3);
    expect((await settingsOf(kim)).reminders.pausedAt).toBeNull();
  });
});

describe('the weekly digest', () => {
  it("on the learner's Monday morning: last week's tasks, XP and the next task, once; none for a learner who never worked", async () => {
    const user = newUser();
    const { id } = await register(t.app, user);
    const who = { id, user };
    const idle = await learner('Europe/Berlin', []);
    const call = async (iso: string, method: 'PUT' | 'POST', url: string, body: unknown) => {
      clock.now = Date.parse(iso);
      const response = await t.app.inject({
        method,
        url,
        headers: { ...bearer(await tokenOf(who)), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, url).toBeLessThan(300);
    };
    // The week of 16 November in Berlin: a project started, two tasks ticked.
    await call('2026-11-17T09:00:00Z', 'PUT', '/learning/clock', { timeZone: 'Europe/Berlin' });
    await call('2026-11-17T09:00:00Z', 'POST', `/learning/projects/${first.id}/start`, {});
    await call('2026-11-18T09:00:00Z', 'PUT', `/learning/tasks/${first.tasks[0]!.id}`, {});
    await call('2026-11-19T09:00:00Z', 'PUT', `/learning/tasks/${first.tasks[1]!.id}`, {});
    const digests = (iso: string, of: Learner) => tickAt(iso, of, /^Your week on PathForge/);

    // Monday 23 November, 07:59 in Berlin: not yet; 08:00: the digest.
    expect(await digests('2026-11-23T06:59:00Z', who)).toEqual([]);
    const [digest] = await digests('2026-11-23T07:00:00Z', who);
    expect(digest?.subject).toBe('Your week on PathForge: 2 tasks done');
    expect(digest?.text).toContain('Your week, 16 November to 22 November:');
    expect(digest?.text).toMatch(/You completed 2 tasks and 0 projects, and earned \d+ XP\./);
    expect(digest?.text).toContain(`Next in ${first.title}: ${first.tasks[2]!.title}`);
    expect(digest?.text).toMatch(/You are number \d+ on the all-time leaderboard\./);
    expect(digest?.headerLines.some((line) => line.line === 'List-Unsubscribe-Post: List-Unsubscribe=One-Click')).toBe(true);
    expect(await digests('2026-11-23T12:00:00Z', who)).toHaveLength(1);
    expect(await digests('2026-11-23T12:00:00Z', idle)).toEqual([]);

    // Our own unsubscribe page posts JSON; the digest is off at once.
    const token = /unsubscribe\/([A-Za-z0-9_.-]+)/.exec(digest!.text ?? '')![1]!;
    const response = await postJson(t.app, `/unsubscribe/${token}`, {});
    expect(response.json()).toEqual({ kind: 'digest', message: unsubscribeMessages.digest });
    expect((await settingsOf(who)).reminders.nextDigestAt).toBeNull();
  });

  it('Settings says when the next digest and reminder would go, in the learner’s own time', async () => {
    const eve = await learner('Europe/Berlin', ['2026-11-24']);
    clock.now = Date.parse('2026-11-25T10:00:00Z');
    const { reminders } = await settingsOf(eve);
    // Wednesday: the streak is at risk tonight at 19:00 Berlin; the digest next Monday at 08:00.
    expect(reminders).toMatchObject({ nextStreakReminderAt: '2026-11-25T18:00:00.000Z', nextDigestAt: '2026-11-30T07:00:00.000Z', email: 'ready' });
    // After work today: tomorrow's evening.
    await worked(eve, '2026-11-25');
    expect((await settingsOf(eve)).reminders.nextStreakReminderAt).toBe('2026-11-26T18:00:00.000Z');
  });
});

describe('one-click unsubscribe', () => {
  it('a forged or unknown token is a 404; another body type is a 415', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${'A'.repeat(22)}.${'B'.repeat(22)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(404);
    expect((await postJson(t.app, '/unsubscribe/not-a-token', {})).statusCode).toBe(404);
    const text = await t.app.inject({ method: 'POST', url: '/unsubscribe/x', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
  });
});
