/**
 * Makes `snapshot.json.gz` beside this file (gzipped JSON): a database as production has it today, for
 * server/content/content-migration.test.ts, which loads it into the schema it was taken at, applies
 * every later migration and the content/ of the day, and checks that no learner lost anything.
 *
 * Run it by hand, from the repository's root, with Node 24 (the one `npm run` uses):
 *
 *     node server/test/production-snapshot/make.ts
 *
 * Run it again only to take a new snapshot on purpose (say, after a migration that learners' data
 * must also cross from its own starting point), and commit the result: an old snapshot is what
 * proves that data written by older code survives. It refuses to run unless the newest migration
 * is SNAPSHOT_MIGRATION below, so a snapshot always names the schema it was taken at.
 *
 * How: a fresh SQLite database, migrated to the newest migration and seeded with content/ by the
 * app itself (buildApp, as the API starts); then eight learners work through the real HTTP API
 * (`app.inject`) for a month, on a test clock, each with a story below: registering, confirming
 * an email, choosing a time zone, a weekly goal and settings, starting projects, ticking and
 * unticking tasks, submitting (self-reported while verification is off, then checked by the real
 * verification worker against a fake GitHub once it is on: one passing report, one failing),
 * rating paths, a path reset, a pending email change, a password reset link, a push subscription,
 * and the reminder scheduler's streak reminders and digests every hour. The API's own XP summary
 * of each learner at the end is kept beside the rows (`learners[].seen`). Then every table except
 * Kysely's migration bookkeeping is written out, rows in primary-key order.
 *
 * The same run makes the same file: ids and tokens come from a seeded generator instead of
 * node:crypto's randomness (randomUUID and randomBytes are replaced before the app is loaded), the
 * clock is the test clock, the app's minute and hour timers are not started (the scheduler runs at
 * the hours below instead), password hashes are made again with a fixed salt (same password, same
 * cost), and `xp_board_changes.changed_at`, which the app stamps with the real time, is set to the
 * snapshot's time.
 */
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { MailMessage } from '../../mail/mailer.ts';
import type { RepoHost } from '../../verify/contract.ts';

/** The migration the snapshot is taken at: the newest one when it was made. */
export const SNAPSHOT_MIGRATION = '0015_outbox';
/** The learners' month: from the first registration to the moment the snapshot is taken. */
const START = '2026-10-01T08:00:00.000Z';
const TAKEN_AT = '2026-11-02T12:00:00.000Z';
/** Verification is switched on (the app restarted with VERIFICATION=on) at this moment. */
const VERIFICATION_ON_AT = '2026-10-26T08:00:00.000Z';

// ---------------------------------------------------------------------------------------------
// The same randomness every run, in place before any module of the app is loaded
// ---------------------------------------------------------------------------------------------

let drawn = 0;
const stream = (label: string) =>
  crypto
    .createHash('sha256')
    .update(`pathforge-snapshot:${label}:${(drawn += 1)}`)
    .digest();
function seededBytes(size: number): Buffer {
  const chunks: Buffer[] = [];
  for (let length = 0; length < size; length += 32) chunks.push(stream('bytes'));
  return Buffer.concat(chunks).subarray(0, size);
}
const realRandomBytes = crypto.randomBytes;
crypto.randomUUID = (() => {
  const hex = stream('uuid').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16] as string, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}) as typeof crypto.randomUUID;
// Synchronous calls (the app's tokens and ids) are seeded; a library's asynchronous call keeps the real source.
crypto.randomBytes = ((size: number, callback?: (error: Error | null, buffer: Buffer) => void) =>
  callback ? realRandomBytes(size, callback) : seededBytes(size)) as typeof crypto.randomBytes;
syncBuiltinESMExports();

// The app's timers of a minute and more (leaderboard windows, reminders, token clean-up) would run
// on the real clock, at moments that differ from run to run: not started here.
const realSetInterval = globalThis.setInterval;
globalThis.setInterval = ((handler: () => void, ms?: number, ...rest: unknown[]) =>
  (ms ?? 0) >= 60_000 ? realSetInterval(() => {}, 2 ** 30) : realSetInterval(handler, ms, ...rest)) as typeof setInterval;

const { buildApp } = await import('../../app.ts');
const { TABLES } = await import('../../db/database.ts');
const { createDialect } = await import('../../db/dialect.ts');
const { migrations } = await import('../../db/migrations.ts');
const { loadCurriculumOnce } = await import('../../content/load.ts');
const { UNAVAILABLE_PARTS } = await import('../../verify/worker.ts');
const { TEST_ARGON2, testConfig } = await import('../helpers.ts');
const { hash } = await import('@node-rs/argon2');
const { Kysely: KyselyClass } = await import('kysely');

const newest = Object.keys(migrations).sort().at(-1);
if (newest !== SNAPSHOT_MIGRATION) {
  throw new Error(`The newest migration is ${newest}, the snapshot says ${SNAPSHOT_MIGRATION}: update SNAPSHOT_MIGRATION to take a snapshot at ${newest}.`);
}

const curriculum = loadCurriculumOnce();
const project = (slug: string) => {
  const found = curriculum.projects.find((p) => p.slug === slug);
  if (!found) throw new Error(`no project ${slug} in content/`);
  return found;
};
const path = (slug: string) => {
  const found = curriculum.paths.find((p) => p.slug === slug);
  if (!found) throw new Error(`no path ${slug} in content/`);
  return found;
};

// ---------------------------------------------------------------------------------------------
// The learners
// ---------------------------------------------------------------------------------------------

type LearnerSpec = { key: string; username: string; email: string; password: string; timeZone: string; story: string };
const spec = (key: string, username: string, timeZone: string, story: string): LearnerSpec => ({
  key,
  username,
  email: `${key}@example.com`,
  password: `Snapshot-${key}-2026`,
  timeZone,
  story,
});
const LEARNERS = {
  ada: spec(
    'ada',
    'Ada Okafor',
    'Europe/London',
    'Power learner: the whole Cloud path in one week (Speed Runner, Polyglot), then four Backend projects (XP Hunter), both paths rated, a fifth Backend project in progress; public profile, dark mode, weekly goal 5; all self-reported.',
  ),
  bao: spec(
    'bao',
    'Bao Tran',
    'Asia/Tokyo',
    'Nine days in a row on Personal Portfolio, one task a day (Streak Master), then completed it (Polyglot) and rated Frontend; Responsive Landing Page in progress with a task ticked then unticked (its XP kept).',
  ),
  chidi: spec(
    'chidi',
    'Chidi Eze',
    'America/New_York',
    'Ticked every Habit Tracker task while verification was off, submitted after it was switched on: a passing verification report and verified XP; Recipe Finder in progress; rated Mobile.',
  ),
  dana: spec(
    'dana',
    'Dana Kowalski',
    'Europe/Warsaw',
    'Habit Tracker submitted with verification on, from a repository without the file a check needs: completed, failing report, no project XP (task XP only).',
  ),
  emeka: spec(
    'emeka',
    'Emeka Nwosu',
    'Africa/Lagos',
    'Password Strength Checker in progress, one task unticked after ticking; every email switched off; a push subscription.',
  ),
  fatima: spec(
    'fatima',
    'Fatima Haddad',
    'Asia/Dubai',
    'Started Personal Portfolio and ticked three tasks, then reset the Frontend path (its XP taken back); completed Job Board (Polyglot), Social Feed in progress; rated Full-Stack.',
  ),
  gus: spec('gus', 'Gus Lindqvist', 'UTC', 'Registered and confirmed his email, newsletter switched on, asked for a password reset link, never started anything.'),
  hana: spec(
    'hana',
    'Hana Sato',
    'Australia/Sydney',
    'First project of three paths started (Frontend, Backend, Cloud) with a few tasks each; weekly goal 2; an email change waiting for its link; email never confirmed.',
  ),
} satisfies Record<string, LearnerSpec>;
type Key = keyof typeof LEARNERS;

// ---------------------------------------------------------------------------------------------
// The app, on one database for the whole month
// ---------------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'pathforge-snapshot-'));
const target = { kind: 'sqlite', path: join(dir, 'pathforge.db') } as const;
let clock = Date.parse(START);
const mails: MailMessage[] = [];
const mailer = { description: 'memory', send: async (message: MailMessage) => void mails.push(message), close() {} };

/** GitHub as verification reads it: two learners' Habit Tracker repositories, one without app/new.tsx. */
const repos: Record<string, { id: number; ownerId: number; sha: string; files: Record<string, string> }> = {
  'chidi-eze/habit-tracker': {
    id: 801_000_001,
    ownerId: 70_001,
    sha: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0',
    files: {
      'README.md': '# Habit tracker\n',
      'app/new.tsx': 'export default function New() {}\n',
      'package.json': '{"dependencies":{"@react-native-async-storage/async-storage":"2.1.0"}}',
    },
  },
  'dana-k/habits': {
    id: 801_000_002,
    ownerId: 70_002,
    sha: 'd4a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3',
    files: { 'README.md': '# Habits\n', 'package.json': '{"dependencies":{"@react-native-async-storage/async-storage":"2.1.0"}}' },
  },
};
const fakeGitHub: RepoHost = {
  async repository(owner, name) {
    const repo = repos[`${owner}/${name}`];
    return repo
      ? { id: repo.id, owner, name, ownerId: repo.ownerId, private: false, fork: false, defaultBranch: 'main', htmlUrl: `https://github.com/${owner}/${name}` }
      : null;
  },
  async headCommit(owner, name) {
    const repo = repos[`${owner}/${name}`];
    return repo ? { sha: repo.sha, date: '2026-10-25T20:00:00.000Z', htmlUrl: `https://github.com/${owner}/${name}/commit/${repo.sha}` } : null;
  },
  async fileAt(owner, name, _sha, file) {
    return repos[`${owner}/${name}`]?.files[file] ?? null;
  },
  async readmeAt(owner, name) {
    return repos[`${owner}/${name}`]?.files['README.md'] ?? null;
  },
  async commitsSince() {
    return 6;
  },
  async latestWorkflowRun() {
    return null;
  },
};

let verificationOn = false;
async function openApp(): Promise<FastifyInstance> {
  const config = testConfig(dir, { database: target, verification: verificationOn ? 'on' : 'off' });
  return buildApp(config, {
    logger: false,
    now: () => clock,
    mailer,
    curriculum,
    verification: { ...UNAVAILABLE_PARTS, ...(verificationOn ? { repoHost: fakeGitHub } : {}), manual: true },
  });
}
let app = await openApp();

/** Everything a request left behind is done before the clock moves: mail sent, checks run. */
async function settle() {
  await app.background.drain();
  await app.outbox.sendDue();
  if (verificationOn) await app.verification.drain();
  await app.background.drain();
  await app.outbox.sendDue();
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
}

async function request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(body === undefined ? (method === 'POST' ? { payload: '{}' } : {}) : { payload: JSON.stringify(body) }),
  });
}

const ids = new Map<Key, string>();

/** One visit of a learner: signed in at the clock's time, then their actions, each checked. */
async function visit(key: Key, actions: (api: ReturnType<typeof apiFor>) => Promise<void>) {
  const learner = LEARNERS[key];
  const login = expectStatus(await request('POST', '/auth/login', null, { email: learner.email, password: learner.password }), 200, `${key} signs in`);
  await actions(apiFor(key, (login.json() as { token: string }).token));
  await settle();
}

function apiFor(key: Key, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, status: number, body?: unknown) =>
    expectStatus(await request(method, url, token, body), status, `${key}: ${method} ${url}`);
  return {
    call,
    start: (slug: string) => call('POST', `/learning/projects/${project(slug).id}/start`, 200),
    tick: async (slug: string, ...indexes: number[]) => {
      for (const i of indexes) await call('PUT', `/learning/tasks/${project(slug).tasks[i]?.id}`, 204);
    },
    untick: (slug: string, index: number) => call('DELETE', `/learning/tasks/${project(slug).tasks[index]?.id}`, 204),
    tickAll: async (slug: string) => {
      for (const task of project(slug).tasks) await call('PUT', `/learning/tasks/${task.id}`, 204);
    },
    submit: (slug: string, repositoryUrl: string, liveUrl?: string) =>
      call('POST', `/learning/projects/${project(slug).id}/submission`, 202, { repositoryUrl, ...(liveUrl ? { liveUrl } : {}) }),
    rate: (slug: string, stars: number) => call('PUT', `/learning/paths/${path(slug).id}/rating`, 200, { stars }),
    reset: (slug: string) => call('POST', `/learning/paths/${path(slug).id}/reset`, 200),
    clock: (body: { timeZone?: string; weeklyGoal?: number }) => call('PUT', '/learning/clock', 200, body),
    preferences: (
      notifications: Partial<Record<'streakEmail' | 'streakPush' | 'digestEmail' | 'updatesEmail' | 'newsletterEmail', boolean>>,
      darkMode = false,
      publicProfile = false,
    ) =>
      call('PUT', '/account/preferences', 200, {
        notifications: { streakEmail: true, streakPush: true, digestEmail: true, updatesEmail: false, newsletterEmail: false, ...notifications },
        darkMode,
        publicProfile,
      }),
  };
}

/** A whole project in one visit: started, every task ticked, submitted. */
const complete = (slug: string, repositoryUrl: string, liveUrl?: string) => async (api: ReturnType<typeof apiFor>) => {
  await api.start(slug);
  await api.tickAll(slug);
  await api.submit(slug, repositoryUrl, liveUrl);
};

// ---------------------------------------------------------------------------------------------
// The month, in order (UTC)
// ---------------------------------------------------------------------------------------------

type Step = { at: string; run: () => Promise<void> };
const steps: Step[] = [];
const on = (at: string, run: () => Promise<void>) => steps.push({ at, run });
const by = (at: string, key: Key, actions: (api: ReturnType<typeof apiFor>) => Promise<void>) => on(at, () => visit(key, actions));

// Registration day: everyone signs up; some confirm their address from the mail, set a time zone and settings.
(Object.keys(LEARNERS) as Key[]).forEach((key, i) => {
  const minute = String(i * 7).padStart(2, '0');
  on(`2026-10-01T09:${minute}:00.000Z`, async () => {
    const { username, email, password } = LEARNERS[key];
    const response = expectStatus(await request('POST', '/auth/register', null, { username, email, password }), 201, `${key} registers`);
    ids.set(key, (response.json() as { user: { id: string } }).user.id);
    await settle();
  });
});
for (const key of ['ada', 'bao', 'chidi', 'fatima', 'gus'] as const) {
  on(`2026-10-01T10:${String(Object.keys(LEARNERS).indexOf(key) * 3).padStart(2, '0')}:00.000Z`, async () => {
    const mail = mails.findLast((m) => m.to.includes(LEARNERS[key].email) && /token=/.test(m.text));
    const token = mail ? /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
    if (!token) throw new Error(`no confirmation mail for ${key}`);
    expectStatus(await request('POST', '/auth/confirm-email', null, { token }), 200, `${key} confirms the email`);
    await settle();
  });
}
by('2026-10-01T11:00:00.000Z', 'ada', async (api) => {
  await api.clock({ timeZone: LEARNERS.ada.timeZone, weeklyGoal: 5 });
  await api.preferences({}, true, true);
});
by('2026-10-01T11:05:00.000Z', 'bao', (api) => api.clock({ timeZone: LEARNERS.bao.timeZone }).then(() => {}));
by('2026-10-01T11:10:00.000Z', 'chidi', (api) => api.clock({ timeZone: LEARNERS.chidi.timeZone }).then(() => {}));
by('2026-10-01T11:15:00.000Z', 'dana', (api) => api.clock({ timeZone: LEARNERS.dana.timeZone, weeklyGoal: 4 }).then(() => {}));
by('2026-10-01T11:20:00.000Z', 'emeka', async (api) => {
  await api.clock({ timeZone: LEARNERS.emeka.timeZone });
  await api.preferences({ streakEmail: false, digestEmail: false, updatesEmail: false, newsletterEmail: false });
});
by('2026-10-01T11:25:00.000Z', 'fatima', (api) => api.clock({ timeZone: LEARNERS.fatima.timeZone }).then(() => {}));
by('2026-10-01T11:30:00.000Z', 'gus', (api) => api.preferences({ newsletterEmail: true, updatesEmail: true }).then(() => {}));
by('2026-10-01T11:35:00.000Z', 'hana', (api) => api.clock({ timeZone: LEARNERS.hana.timeZone, weeklyGoal: 2 }).then(() => {}));

// Ada: the Cloud path Monday to Friday, rated; four Backend projects the next week, rated; a fifth started.
const cloud = ['static-site-on-s3', 'containerised-api', 'ci-cd-pipeline', 'infrastructure-as-code', 'monitoring-and-alerts'];
cloud.forEach((slug, day) =>
  by(`2026-10-0${5 + day}T18:00:00.000Z`, 'ada', complete(slug, `https://github.com/ada-okafor/${slug}`, `https://${slug}.ada-okafor.dev/`)),
);
by('2026-10-10T10:00:00.000Z', 'ada', (api) => api.rate('cloud-computing', 5).then(() => {}));
const backend = ['rest-api-with-express', 'url-shortener', 'blog-database-with-postgresql', 'authentication-service'];
backend.forEach((slug, day) =>
  by(`2026-10-1${2 + day}T18:30:00.000Z`, 'ada', complete(slug, `https://github.com/ada-okafor/${slug}`, `https://${slug}.ada-okafor.dev/`)),
);
by('2026-10-16T09:00:00.000Z', 'ada', (api) => api.rate('backend-development', 4).then(() => {}));
by('2026-10-19T19:00:00.000Z', 'ada', async (api) => {
  await api.start('real-time-chat-server');
  await api.tick('real-time-chat-server', 0, 1, 2);
});

// Bao: one Personal Portfolio task a day for nine days (19:00 in Tokyo), then submitted; the next project.
for (let day = 0; day < 9; day += 1) {
  by(`2026-10-${String(5 + day).padStart(2, '0')}T10:00:00.000Z`, 'bao', async (api) => {
    if (day === 0) await api.start('personal-portfolio');
    await api.tick('personal-portfolio', day);
    if (day === 8) await api.submit('personal-portfolio', 'https://github.com/baotran/portfolio', 'https://baotran.github.io/portfolio/');
  });
}
by('2026-10-14T11:00:00.000Z', 'bao', (api) => api.rate('frontend-development', 5).then(() => {}));
by('2026-10-15T10:00:00.000Z', 'bao', async (api) => {
  await api.start('responsive-landing-page');
  await api.tick('responsive-landing-page', 0, 1);
});
by('2026-10-16T10:00:00.000Z', 'bao', async (api) => {
  await api.tick('responsive-landing-page', 2);
  await api.untick('responsive-landing-page', 1);
});

// Chidi: Habit Tracker's tasks over two evenings; submitted once verification is on (below).
by('2026-10-07T23:00:00.000Z', 'chidi', async (api) => {
  await api.start('habit-tracker');
  await api.tick('habit-tracker', 0, 1, 2, 3);
});
by('2026-10-08T23:30:00.000Z', 'chidi', (api) => api.tick('habit-tracker', 4, 5, 6, 7));

// Dana: Habit Tracker ticked through in one sitting.
by('2026-10-20T17:00:00.000Z', 'dana', async (api) => {
  await api.start('habit-tracker');
  await api.tickAll('habit-tracker');
});

// Emeka: five tasks, one unticked the next day; a browser subscribed to push.
by('2026-10-06T14:00:00.000Z', 'emeka', async (api) => {
  await api.start('password-strength-checker');
  await api.tick('password-strength-checker', 0, 1, 2, 3, 4);
  const key = Buffer.concat([
    Buffer.from([4]),
    crypto.createHash('sha256').update('emeka-p256dh-x').digest(),
    crypto.createHash('sha256').update('emeka-p256dh-y').digest(),
  ]);
  const auth = crypto.createHash('sha256').update('emeka-auth').digest().subarray(0, 16);
  await api.call('POST', '/account/push-subscriptions', 204, {
    endpoint: 'https://fcm.googleapis.com/fcm/send/emeka-snapshot-device',
    keys: { p256dh: key.toString('base64url'), auth: auth.toString('base64url') },
  });
});
by('2026-10-07T14:00:00.000Z', 'emeka', (api) => api.untick('password-strength-checker', 2).then(() => {}));

// Fatima: three Portfolio tasks, then Job Board; the Frontend path reset; Social Feed.
by('2026-10-05T06:00:00.000Z', 'fatima', async (api) => {
  await api.start('personal-portfolio');
  await api.tick('personal-portfolio', 0, 1, 2);
});
by('2026-10-06T06:00:00.000Z', 'fatima', async (api) => {
  await api.start('job-board');
  await api.tick('job-board', 0, 1, 2, 3, 4);
});
by('2026-10-07T06:00:00.000Z', 'fatima', async (api) => {
  await api.tick('job-board', 5, 6, 7, 8);
  await api.submit('job-board', 'https://github.com/fhaddad/job-board');
});
by('2026-10-08T06:00:00.000Z', 'fatima', (api) => api.reset('frontend-development').then(() => {}));
by('2026-10-09T06:00:00.000Z', 'fatima', async (api) => {
  await api.rate('full-stack-development', 3);
  await api.start('social-feed');
  await api.tick('social-feed', 0, 1, 2, 3);
});

// Hana: the first project of three paths, a little of each (her new email address comes at the end of the month).
by('2026-10-12T09:00:00.000Z', 'hana', async (api) => {
  await api.start('personal-portfolio');
  await api.tick('personal-portfolio', 0, 1);
});
by('2026-10-13T09:00:00.000Z', 'hana', async (api) => {
  await api.start('rest-api-with-express');
  await api.tick('rest-api-with-express', 0);
});
by('2026-10-14T09:00:00.000Z', 'hana', async (api) => {
  await api.start('static-site-on-s3');
  await api.tick('static-site-on-s3', 0, 1);
});

// Verification switched on: the API restarts with VERIFICATION=on.
on(VERIFICATION_ON_AT, async () => {
  await app.close();
  verificationOn = true;
  app = await openApp();
});
by('2026-10-27T00:30:00.000Z', 'chidi', (api) => api.submit('habit-tracker', 'https://github.com/chidi-eze/habit-tracker').then(() => {}));
by('2026-10-27T17:00:00.000Z', 'dana', (api) => api.submit('habit-tracker', 'https://github.com/dana-k/habits').then(() => {}));
by('2026-10-28T23:00:00.000Z', 'chidi', async (api) => {
  await api.rate('mobile-development', 4);
  await api.start('recipe-finder');
  await api.tick('recipe-finder', 0, 1);
});

// Links still waiting when the snapshot is taken: Hana's new address, Gus's password reset.
by('2026-11-01T21:00:00.000Z', 'hana', (api) =>
  api
    .call('PUT', '/account/profile', 200, { username: LEARNERS.hana.username, email: 'hana.sato@example.net', currentPassword: LEARNERS.hana.password })
    .then(() => {}),
);
on('2026-11-02T11:40:00.000Z', async () => {
  expectStatus(await request('POST', '/auth/forgot-password', null, { email: LEARNERS.gus.email }), 202, 'gus asks for a reset link');
  await settle();
});

// The reminder scheduler, every hour of the month (the app runs it every minute).
for (let at = Date.parse(START); at <= Date.parse(TAKEN_AT); at += 3_600_000) {
  on(new Date(at).toISOString(), async () => {
    await app.reminders.tick();
    await settle();
  });
}

steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
for (const step of steps) {
  if (Date.parse(step.at) < clock) throw new Error(`steps out of order at ${step.at}`);
  clock = Date.parse(step.at);
  await step.run();
}

// What the API says of each learner at the snapshot's moment.
clock = Date.parse(TAKEN_AT);
type Seen = { totalXp: number; projectsCompleted: number; dailyLongest: number; weeklyLongest: number; badges: string[] };
const seen = new Map<Key, Seen>();
for (const key of Object.keys(LEARNERS) as Key[]) {
  await visit(key, async (api) => {
    const { xp } = (await api.call('GET', '/learning/xp', 200)).json() as {
      xp: { totalXp: number; projectsCompleted: number; daily: { longest: number }; weekly: { longest: number }; badges: { id: string; earned: boolean }[] };
    };
    seen.set(key, {
      totalXp: xp.totalXp,
      projectsCompleted: xp.projectsCompleted,
      dailyLongest: xp.daily.longest,
      weeklyLongest: xp.weekly.longest,
      badges: xp.badges.filter((b) => b.earned).map((b) => b.id),
    });
  });
}
await app.close();

// ---------------------------------------------------------------------------------------------
// Every table, written out
// ---------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;
const db = new KyselyClass<Record<string, Row>>({ dialect: await createDialect(target) }) as Kysely<Record<string, Row>>;
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);
const found = (await db.introspection.getTables()).filter((t) => !BOOKKEEPING.has(t.name));
const known = TABLES.map((t) => t.name as string);
const unknown = found.map((t) => t.name).filter((name) => !known.includes(name));
if (unknown.length > 0 || found.length !== known.length) throw new Error(`TABLES (server/db/database.ts) and the schema differ: ${unknown.join(', ')}`);

const compare = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : String(a) < String(b) ? -1 : 1);
const tables = [];
for (const { name, key } of TABLES) {
  const columns = (found.find((t) => t.name === name)?.columns ?? []).map((c) => c.name);
  const rows = await db.selectFrom(name).selectAll().execute();
  rows.sort((a, b) => key.reduce((order, column) => order || compare(a[column], b[column]), 0));
  for (const row of rows) {
    if (name === 'users') {
      const learner = Object.values(LEARNERS).find((l) => ids.get(l.key as Key) === row.id);
      if (!learner) throw new Error(`a user no learner is: ${String(row.id)}`);
      const salt = crypto.createHash('sha256').update(`salt:${learner.email}`).digest().subarray(0, 16);
      row.password_hash = await hash(learner.password, { ...TEST_ARGON2, algorithm: 2, salt });
    }
    if (name === 'xp_board_changes') row.changed_at = TAKEN_AT;
  }
  tables.push({ name, key, columns, rows: rows.map((row) => columns.map((c) => row[c] ?? null)) });
}
await db.destroy();
rmSync(dir, { recursive: true, force: true });

const learners = (Object.keys(LEARNERS) as Key[]).map((key) => {
  const { username, email, password, timeZone, story } = LEARNERS[key];
  return { id: ids.get(key), username, email, password, timeZone, story, seen: seen.get(key) };
});

// One row a line: a new snapshot reads as a diff of rows.
const lines = [
  '{',
  `  "migration": ${JSON.stringify(SNAPSHOT_MIGRATION)},`,
  `  "takenAt": ${JSON.stringify(TAKEN_AT)},`,
  `  "madeBy": "server/test/production-snapshot/make.ts",`,
  '  "learners": [',
  learners.map((l) => `    ${JSON.stringify(l)}`).join(',\n'),
  '  ],',
  '  "tables": [',
  tables
    .map(({ name, key, columns, rows }) =>
      [
        `    { "name": ${JSON.stringify(name)}, "key": ${JSON.stringify(key)}, "columns": ${JSON.stringify(columns)}, "rows": [`,
        rows.map((row) => `      ${JSON.stringify(row)}`).join(',\n'),
        '    ] }',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    )
    .join(',\n'),
  '  ]',
  '}',
  '',
];
// Gzipped: the projects' briefs alone are most of it (`zcat snapshot.json.gz` reads it).
const file = fileURLToPath(new URL('./snapshot.json.gz', import.meta.url));
const gzipped = gzipSync(lines.join('\n'), { level: 9 });
writeFileSync(file, gzipped);
console.log(`${file}: ${tables.reduce((n, t) => n + t.rows.length, 0)} rows in ${tables.length} tables, ${gzipped.length} bytes`);
for (const l of learners) console.log(`  ${l.username}: ${JSON.stringify(l.seen)}`);
