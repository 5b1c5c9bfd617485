/**
 * Verified projects: how each requirement of a project is checked (written in `content/`), and the
 * words of the report a learner gets on the project they actually built (the report's shapes, as the
 * learning API answers them, are src/api/learning/contract.ts's).
 *
 * One vocabulary of checks:
 * - `page`: on the learner's live URL, in Chromium run by the server: elements and text present, a
 *   scripted interaction (type, click, expect), no horizontal scroll at 320 and 1440 px, axe with no
 *   serious violation, valid HTML (the Nu checker);
 * - `http`: requests to the learner's deployed API with values the learner cannot predict (`{{random}}`
 *   is a fresh token per run), checking status, JSON shape and headers;
 * - `repo`: through the GitHub API at the one commit checked: files present or absent, a file
 *   containing a text, the README linking the live URL;
 * - `ci`: the latest workflow run on that commit, labelled as the learner's own CI (weaker evidence);
 * - `review`: what no machine can judge: shown as "self-checked", never as passed.
 *
 * Every submission is also checked as a whole (the repository exists and is public, who owns it,
 * commits made after the learner started, not a copy of another learner's submission, the live URL
 * answers): `SUBMISSION_CHECKS`.
 *
 * Pure: imported by the server, the content loader and the browser; relative imports carry `.ts`.
 */
import './zodInBrowser.ts';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Checks, as written in content/projects/<slug>/project.yaml
// ---------------------------------------------------------------------------------------------

export const CHECK_KINDS = ['page', 'http', 'repo', 'ci', 'review'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

const selector = z.string().trim().min(1).max(200);
/** A path on the learner's site or API, relative to the live URL ("/" is the live URL itself). */
const livePath = z
  .string()
  .max(200)
  .regex(/^\/[^\s]*$/, 'must start with "/" and contain no spaces');
/** Text typed or sent; `{{random}}` becomes a fresh token per run, `{{name}}` a value saved by an earlier step. */
const template = z.string().max(500);

/**
 * What each element matched by an `expect` step must hold, its selector read inside that element:
 * at least `min` (default 1) matches, the first containing `text` when given; or none.
 */
export const eachExpectationSchema = z.union([
  z.strictObject({ expect: selector, min: z.int().min(1).max(100).optional(), text: template.optional() }),
  z.strictObject({ expectNone: selector }),
]);
export type EachExpectation = z.infer<typeof eachExpectationSchema>;

/** One step of a scripted interaction on a page. */
export const pageStepSchema = z.union([
  z.strictObject({ click: selector }),
  z.strictObject({ type: selector, text: template }),
  /**
   * At least `min` (default 1) elements match; with `text`, the first match contains it
   * (case-insensitive); with `each`, every match holds every expectation listed (the words "each
   * with a heading and a link": one full element and one empty one do not pass).
   */
  z.strictObject({
    expect: selector,
    min: z.int().min(1).max(100).optional(),
    text: template.optional(),
    each: z.array(eachExpectationSchema).min(1).max(10).optional(),
  }),
  /** No element matches. */
  z.strictObject({ expectNone: selector }),
]);
export type PageStep = z.infer<typeof pageStepSchema>;

export const pageCheckSchema = z.discriminatedUnion('rule', [
  /** Steps run in order on a fresh load of `path`; the first that fails is the evidence. */
  z.strictObject({ kind: z.literal('page'), rule: z.literal('dom'), path: livePath.default('/'), steps: z.array(pageStepSchema).min(1).max(20) }),
  /** The page scrolls only vertically at 320 and at 1440 px wide. */
  z.strictObject({ kind: z.literal('page'), rule: z.literal('no-horizontal-scroll'), path: livePath.default('/') }),
  /** axe-core finds no serious or critical violation. */
  z.strictObject({ kind: z.literal('page'), rule: z.literal('axe'), path: livePath.default('/') }),
  /** The Nu Html Checker finds no error in the HTML the server sent. */
  z.strictObject({ kind: z.literal('page'), rule: z.literal('valid-html'), path: livePath.default('/') }),
]);

export const JSON_TYPES = ['string', 'number', 'boolean', 'array', 'object', 'any'] as const;
/** One request to the learner's API and what must come back. */
export const httpStepSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: template.regex(/^\//, 'must start with "/"'),
  headers: z.record(z.string().max(100), template).optional(),
  /** A JSON body (strings may hold `{{random}}` and saved `{{name}}`s). */
  body: z.unknown().optional(),
  expect: z.strictObject({
    /** One status, or any of several. */
    status: z.union([z.int().min(100).max(599), z.array(z.int().min(100).max(599)).min(1)]),
    /** The JSON answer's type, and the type of some of its fields (dotted paths; `items.0.id`). */
    json: z.strictObject({ type: z.enum(['array', 'object']), fields: z.record(z.string().max(100), z.enum(JSON_TYPES)).optional() }).optional(),
    /** Fields that must equal a value (after templating), e.g. `{ title: '{{random}}' }`. */
    equals: z.record(z.string().max(100), template).optional(),
    /** Response headers that must be present; a value, when given, must be contained (case-insensitive). */
    headers: z.record(z.string().max(100), z.string().max(200)).optional(),
  }),
  /** Values to keep for later steps: name → dotted path in the JSON answer. */
  save: z.record(z.string().regex(/^[a-z][a-zA-Z0-9]*$/), z.string().max(100)).optional(),
});
export type HttpStep = z.infer<typeof httpStepSchema>;

export const httpCheckSchema = z.strictObject({ kind: z.literal('http'), steps: z.array(httpStepSchema).min(1).max(10) });

/** The languages whose files a `contains` check reads with a parser, so comments and strings do not count. */
export const CODE_LANGUAGES = { css: 'CSS', javascript: 'JavaScript', html: 'HTML' } as const;
export type CodeLanguage = keyof typeof CODE_LANGUAGES;

/** The language a repository file is parsed as, by its extension; null: read as plain text. */
export function languageOf(path: string): CodeLanguage | null {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  if (extension === 'css') return 'css';
  if (['js', 'mjs', 'cjs', 'jsx'].includes(extension)) return 'javascript';
  if (extension === 'html' || extension === 'htm') return 'html';
  return null;
}

const containsCheckSchema = z
  .strictObject({
    kind: z.literal('repo'),
    rule: z.literal('contains'),
    path: z.string().min(1).max(200),
    text: z.string().min(1).max(200),
    /**
     * In a CSS or JavaScript file: `code` (the default) counts the text only outside comments and
     * strings; `string` only inside one string literal (a URL passed to fetch, a header's value).
     */
    in: z.enum(['code', 'string']).optional(),
  })
  .refine((check) => check.in === undefined || languageOf(check.path) === 'css' || languageOf(check.path) === 'javascript', {
    message: '`in` applies to CSS and JavaScript files only (.css, .js, .mjs, .cjs, .jsx)',
    path: ['in'],
  });

export const repoCheckSchema = z.discriminatedUnion('rule', [
  /** The file exists at the commit checked. */
  z.strictObject({ kind: z.literal('repo'), rule: z.literal('file'), path: z.string().min(1).max(200) }),
  /** The file does not exist at the commit checked (e.g. `.env`). */
  z.strictObject({ kind: z.literal('repo'), rule: z.literal('absent'), path: z.string().min(1).max(200) }),
  /**
   * The file exists and contains the text (case-sensitive; no pattern). A CSS, JavaScript or HTML
   * file is read with a parser for its language: a comment never counts, nor (in CSS and
   * JavaScript) a string, unless `in: string` asks for the text inside one.
   */
  containsCheckSchema,
  /** The README links the live URL submitted. */
  z.strictObject({ kind: z.literal('repo'), rule: z.literal('readme-links-live') }),
]);

export const ciCheckSchema = z.strictObject({ kind: z.literal('ci') });
export const reviewCheckSchema = z.strictObject({ kind: z.literal('review') });

export const checkSchema = z.union([pageCheckSchema, httpCheckSchema, repoCheckSchema, ciCheckSchema, reviewCheckSchema]);
export type Check = z.infer<typeof checkSchema>;
export type PageCheck = z.infer<typeof pageCheckSchema>;
export type HttpCheck = z.infer<typeof httpCheckSchema>;
export type RepoCheck = z.infer<typeof repoCheckSchema>;

/** A requirement of a project and how it is checked. */
export const requirementSchema = z.strictObject({ text: z.string().trim().min(1).max(200), check: checkSchema });
export type Requirement = z.infer<typeof requirementSchema>;

/** A project is deployed (and its submission needs a live URL) when a requirement checks the live site or API. */
export const needsLiveUrl = (requirements: readonly { check: Check }[]) => requirements.some((r) => r.check.kind === 'page' || r.check.kind === 'http');

// ---------------------------------------------------------------------------------------------
// The report's vocabulary (its shapes, as the learning API answers it: src/api/learning/contract.ts)
// ---------------------------------------------------------------------------------------------

/**
 * - passed: a machine checked it and it holds;
 * - failed: a machine checked it and it does not (the learner's project needs work);
 * - error: it could not be checked (our side, GitHub, a timeout): never counted as passed or failed;
 * - self-checked: no machine can judge it (`review`): the learner's own word, never "passed";
 * - not-checked: not run, with the reason (e.g. GitHub sign-in is not set up here, an earlier check failed);
 * - pending: waiting to run.
 */
export const CHECK_STATUSES = ['passed', 'failed', 'error', 'self-checked', 'not-checked', 'pending'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The checks every submission gets, before its requirements. */
export const SUBMISSION_CHECKS = {
  repository: 'The repository exists and is public',
  owner: 'The repository belongs to your linked GitHub account',
  history: 'Commits were made after you started the project',
  original: 'The repository and its commits are not another learner’s submission',
  live: 'The live URL answers',
} as const;
export type SubmissionCheckId = keyof typeof SUBMISSION_CHECKS;

/**
 * - checking: queued or running;
 * - passed: every automatic check passed on one commit: the project's XP is paid;
 * - failed: a check failed: the learner fixes it and submits or re-checks;
 * - error: a check could not run (and none failed): re-check later; no XP until it passes;
 * - held: the submission looks like a copy of another learner's: held for review, no XP;
 * - self-reported: verification is switched off on this server: XP paid, labelled and ranked apart;
 * - not-verified: submitted before projects were verified: the XP earned then stays.
 */
export const VERIFICATION_STATES = ['checking', 'passed', 'failed', 'error', 'held', 'self-reported', 'not-verified'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** How many times an hour a learner may press "Check again" for one project. */
export const RECHECKS_PER_HOUR = 6;
/**
 * How many checks a learner may ask for in an hour, submissions and "Check again" together, over
 * all their projects: a learner cannot flood the queue (or spend GitHub's quota) by resubmitting.
 */
export const CHECKS_PER_HOUR = 10;
/**
 * How many submissions and "Check again" requests a learner may send a minute, refused or not:
 * a burst is turned away before it waits on the database (the hourly limit above is the rule).
 */
export const CHECK_REQUESTS_PER_MINUTE = 20;
/** The longest one check may take before it is reported as "couldn't check". */
export const CHECK_TIMEOUT_SECONDS = 15;
/** How often the project page asks for the report while it is checking. */
export const REPORT_POLL_MS = 2000;

/** How a page of the learner's site is named in a sentence: the live URL itself, or one of its paths. */
const yourPage = (path: string) => (path === '/' ? 'Your live URL' : `Your page ${path}`);

export const verificationMessages = {
  liveUrlNeeded: 'This project is deployed: enter the URL where it runs.',
  liveUrlInvalid: 'Enter the live URL as a full https:// address, such as https://you.github.io/portfolio/.',
  checking: 'Checking your project…',
  passed: 'Every check passed. Your XP is in.',
  failed: (n: number) => (n === 1 ? '1 requirement needs work.' : `${n} requirements need work.`),
  error: 'Some checks could not run. Nothing is wrong with your project as far as we know: check again in a few minutes.',
  held: 'This submission is held for review: the check that failed below says why, and whom to ask. No XP is paid until a person has looked at it.',
  selfReported: 'Verification is switched off on this server: your XP is self-reported and ranked apart.',
  notVerified: 'Submitted before projects were verified: not verified yet. Your XP stays. Check it now to verify it.',
  recheckLimit: (at: string) => `You can check again from ${at}.`,
  submitLimit: (at: string) => `You have sent ${CHECKS_PER_HOUR} checks in the last hour (submissions and “Check again” together): you can submit again from ${at}.`,
  timedOut: (seconds: number) => `The page did not answer in ${seconds} s.`,
  // What the learner's site itself did, said in one line: reported as failed at once, never retried.
  siteAnswers: (status: number, path = '/') => `${yourPage(path)} answers ${status}.`,
  redirectsToPrivate: (path = '/') => `${yourPage(path)} redirects to a private address, which PathForge never visits.`,
  tooLarge: (limit: string) => `Your page is larger than ${limit}, PathForge's limit.`,
  pageCrashed: (heapMb: number) => `The browser stopped the page: it ran out of memory (a page may use ${heapMb} MB for its JavaScript).`,
  githubSignInNotSetUp: 'Owner not checked: GitHub sign-in is not set up on this server.',
  linkGithub: 'Link your GitHub account in Settings so we can check the repository is yours.',
  reviewOnly: 'Self-checked: no machine can judge this one, so it rests on your word.',
} as const;

/**
 * Why a submission is held for review (the `original` check's message), by rule, and who to ask.
 * Never names another learner. The rules: only a run that passed the owner check claims its
 * repository and its head commit; the repository's owner (their linked GitHub account, by numeric
 * id) is never held for a claim on their own repository; a fork is held unless the learner's linked
 * GitHub account owns the repository it was forked from and the root of its fork network.
 */
export const heldMessages = {
  sameRepository:
    'Another learner submitted this repository before you did. It is held until a person has looked at it, and no XP is paid until then. If the repository is yours, link the GitHub account that owns it in Settings and check again, or ask whoever runs this PathForge to review it.',
  sameCommit:
    'Another learner submitted a repository with this same commit before you did. It is held until a person has looked at it, and no XP is paid until then. If the work is yours, ask whoever runs this PathForge to review it.',
  fork: (parent: string) =>
    `This repository is a fork of ${parent}. A fork is held for review unless your linked GitHub account owns the repository it was forked from, as most of its commits may be someone else’s. No XP is paid until a person has looked at it. Submit a repository you started yourself, or ask whoever runs this PathForge to review it.`,
} as const;

/** A check that waits for GitHub's limit to reset; `at` as the learner reads it (formatTime). */
export const githubLimitMessage = (at: string) => `GitHub’s limit for PathForge is used up; we’ll try again from ${at}.`;
/** The report's sentence while its checks wait for GitHub's limit (`retryAt`). */
export const githubLimitReport = (at: string) =>
  `Nothing is wrong with your project as far as we know: GitHub’s limit for PathForge is used up, and we’ll check it again by ourselves from ${at}.`;

/** 1st, 2nd, 3rd, 4th… 11th, 12th, 13th… 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** How long until the report, in words: "about 3 minutes", or "no estimate yet" when none was measured. */
export function queueEstimate(seconds: number | null): string {
  if (seconds === null) return 'no estimate yet';
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
}

/** A queued run's place and estimate, as the report shows it: "3rd in line, about 1 minute". */
export const queueMessage = (place: { position: number; estimateSeconds: number | null }): string =>
  `${ordinal(place.position)} in line, ${queueEstimate(place.estimateSeconds)}`;
