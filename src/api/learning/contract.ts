/**
 * The learning API's shapes, once: zod schemas the server turns into its Fastify
 * schemas (responses are serialised through them, so nothing else leaks) and the browser parses
 * answers with; the TypeScript types are derived from them, never written twice.
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';
import { CATEGORY_VALUES, LEVEL_VALUES } from '../../domain/content.ts';
import { CHECK_KINDS, CHECK_STATUSES, VERIFICATION_STATES } from '../../domain/verification.ts';

export const contentId = (prefix: 'path' | 'prj' | 'task') => z.string().regex(new RegExp(`^${prefix}_[0-9a-f]{8}$`));
/** A path or project in a URL: its slug, a former slug, or the number it was first addressed by. */
export const slugParam = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(120);

// ---------------------------------------------------------------------------------------------
// A submission's report, as the learning API answers it (its vocabulary: src/domain/verification.ts)
// ---------------------------------------------------------------------------------------------

export const evidenceSchema = z.strictObject({
  /** What was looked at: a selector, a request ("POST /todos"), a file path, a workflow. */
  target: z.string().nullable(),
  expected: z.string().nullable(),
  found: z.string().nullable(),
  /** A JPEG of the page as checked (data: URL), for page checks. */
  screenshot: z.string().nullable(),
  /** A link that shows more (the commit, the workflow run). */
  url: z.string().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const checkResultSchema = z.strictObject({
  /** `submission:<SubmissionCheckId>` or `requirement:<index>`. */
  id: z.string(),
  /** The requirement's text, or the submission check's label. */
  label: z.string(),
  kind: z.enum([...CHECK_KINDS, 'submission']),
  status: z.enum(CHECK_STATUSES),
  /** One sentence the learner can act on; null when passed. */
  message: z.string().nullable(),
  evidence: evidenceSchema.nullable(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/**
 * A run waiting in the queue: its place in line (1: the next to be checked; the queue takes
 * learners in turn, so this is the place in that order, not in the order of arrival), and the
 * seconds until its report from the durations of recent runs (null when none was measured yet).
 */
export const queuePlaceSchema = z.strictObject({ position: z.int().min(1), estimateSeconds: z.int().min(0).nullable() });
export type QueuePlace = z.infer<typeof queuePlaceSchema>;

export const verificationSchema = z.strictObject({
  state: z.enum(VERIFICATION_STATES),
  /** The commit checked (null before it is known, or when the repository could not be read). */
  commit: z.strictObject({ sha: z.string(), url: z.string() }).nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The submission's own checks, then one result per requirement, in the project's order. */
  submission: z.array(checkResultSchema),
  requirements: z.array(checkResultSchema),
  /** Whether "Check again" may be pressed now; when not, from when. */
  recheck: z.strictObject({ allowed: z.boolean(), nextAt: z.string().nullable() }),
  /** Whether the project's XP has been paid for this project (verified or self-reported). */
  xpPaid: z.boolean(),
  /** Set while the checks wait for GitHub's limit to reset: when they run again by themselves. */
  retryAt: z.string().nullable().optional(),
  /** While the run waits its turn: its place in line, and how long until the report (null: no estimate yet). */
  queue: queuePlaceSchema.nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** What a project's submission looks like in the learning API. */
export const submissionViewSchema = z.strictObject({
  repositoryUrl: z.string(),
  /** The deployed site or API, for projects that need one. */
  liveUrl: z.string().nullable(),
  submittedAt: z.string(),
  verification: verificationSchema,
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

/** A path or project as its URL names it (`/learning/paths/:slug`, `/learning/projects/:slug`): a slug, a former one or an id. */
export const slugParamsSchema = z.object({ slug: z.string().max(200) });
/** A project, a path or a task by its id (`/learning/projects/:id/start`, `/learning/tasks/:id`…). */
export const idParamsSchema = z.object({ id: z.string().max(64) });

export const progressSchema = z.strictObject({
  completed: z.int().min(0),
  total: z.int().min(0),
  percent: z.int().min(0).max(100),
});

export const pathProgressSchema = z.strictObject({
  completedProjects: z.int().min(0),
  totalProjects: z.int().min(0),
  percent: z.int().min(0).max(100),
});

export const projectStatusSchema = z.enum(['locked', 'available', 'in-progress', 'completed']);

const projectRef = z.strictObject({ id: z.string(), slug: z.string(), title: z.string() });
/** A project another builds on, in any path: with its path, to link to it. */
const prerequisiteRef = projectRef.extend({ path: projectRef });

export const pathSummarySchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  level: z.enum(LEVEL_VALUES),
  category: z.enum(CATEGORY_VALUES),
  durationWeeks: z.int(),
  totalHours: z.int(),
  color: z.string(),
  image: z.string().nullable(),
  progress: pathProgressSchema,
  /** The learner started at least one of its projects. */
  started: z.boolean(),
  /** Learners who started at least one of its projects. */
  students: z.int().min(0),
  /** The average of learners' ratings (1 decimal) and how many; null: no ratings yet. */
  rating: z.strictObject({ average: z.number().min(1).max(5), count: z.int().min(1) }).nullable(),
  /** This learner's rating, or null. */
  myRating: z.int().min(1).max(5).nullable(),
  /** A learner may rate a path once they have completed one of its projects. */
  canRate: z.boolean(),
});

export const pathProjectSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  difficulty: z.enum(LEVEL_VALUES),
  durationWeeks: z.int(),
  hours: z.int(),
  xp: z.int(),
  status: projectStatusSchema,
  progress: progressSchema,
  /** The prerequisites not completed yet (what unlocks a locked project). */
  missingPrerequisites: z.array(prerequisiteRef),
});

export const pathDetailSchema = pathSummarySchema.extend({
  sections: z.array(z.strictObject({ id: z.string(), title: z.string(), summary: z.string(), projects: z.array(pathProjectSchema) })),
});

export const projectDetailSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  path: projectRef,
  title: z.string(),
  summary: z.string(),
  /** Markdown. */
  brief: z.string(),
  difficulty: z.enum(LEVEL_VALUES),
  durationWeeks: z.int(),
  hours: z.int(),
  xp: z.int(),
  objectives: z.array(z.string()),
  skills: z.array(z.string()),
  requirements: z.array(z.string()),
  resources: z.array(z.strictObject({ title: z.string(), type: z.enum(['doc', 'github']), url: z.string() })),
  status: projectStatusSchema,
  progress: progressSchema,
  tasks: z.array(z.strictObject({ id: z.string(), title: z.string(), completed: z.boolean() })),
  prerequisites: z.array(prerequisiteRef.extend({ completed: z.boolean() })),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The learner's last submission and the report on it (null: nothing submitted yet). */
  submission: submissionViewSchema.nullable(),
  /** Whether a submission needs a live URL (the project is deployed: a requirement checks the live site or API). */
  liveUrlRequired: z.boolean(),
  /** Tasks added or retired since the learner started: shown instead of a silently moved percentage. */
  changesSinceStart: z.strictObject({ added: z.array(z.string()), retired: z.array(z.string()) }).nullable(),
});

/** POST /learning/projects/:id/submission: the repository, and the live URL of a deployed project. */
export const submissionBodySchema = z.strictObject({ repositoryUrl: z.string(), liveUrl: z.string().nullable().optional() });
/** PUT /learning/paths/:id/rating. */
export const ratingBodySchema = z.strictObject({ stars: z.int().min(1).max(5) });

export const pathsResponseSchema = z.strictObject({ paths: z.array(pathSummarySchema) });
export const pathResponseSchema = z.strictObject({ path: pathDetailSchema });
export const projectResponseSchema = z.strictObject({ project: projectDetailSchema });
export const pathSummaryResponseSchema = z.strictObject({ path: pathSummarySchema });

export type PathSummary = z.infer<typeof pathSummarySchema>;
export type PathDetailView = z.infer<typeof pathDetailSchema>;
export type PathProjectView = z.infer<typeof pathProjectSchema>;
export type ProjectDetailView = z.infer<typeof projectDetailSchema>;
