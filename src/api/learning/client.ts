import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { z } from 'zod';
import {
  clockResponseSchema,
  pathResponseSchema,
  pathsResponseSchema,
  leaderboardResponseSchema,
  pathSummaryResponseSchema,
  projectResponseSchema,
  settingsResponseSchema,
  messageResponseSchema,
  passwordChangedResponseSchema,
  xpHistoryResponseSchema,
  xpResponseSchema,
  type LeaderboardView,
  type PathDetailView,
  type PathSummary,
  type Preferences,
  type ProjectDetailView,
  type Settings,
  type XpEventView,
  type XpSummary,
} from './contract';
import { withTick } from '../../domain/learningViews';
import { REPORT_POLL_MS } from '../../domain/verification';
import { useSession } from '../../stores/session';
import { api } from '../common/client';

/**
 * The learning and account APIs as react-query options. Every answer is parsed with
 * the zod schema the server serialises through (src/domain/learningApi.ts), so a shape the two
 * sides disagree on fails loudly here instead of drawing a wrong screen. A path or project that
 * does not exist answers null (the screens say "not found"). Learning data refetches whenever the
 * window gets focus again, so two tabs agree.
 */
const parse = <S extends z.ZodType>(schema: S, data: unknown): z.infer<S> => schema.parse(data);

/** null for a 404, the data otherwise; anything else is thrown for the screen's error state. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

const fresh = { staleTime: 0, refetchOnWindowFocus: 'always' as const };

export const learningKeys = {
  all: ['learning'] as const,
  paths: () => ['learning', 'paths'] as const,
  path: (slug: string) => ['learning', 'path', slug] as const,
  project: (slug: string) => ['learning', 'project', slug] as const,
  settings: () => ['account', 'settings'] as const,
  xp: () => ['learning', 'xp'] as const,
  xpHistory: (pathSlug: string | null) => ['learning', 'xp', 'history', pathSlug ?? 'all'] as const,
  leaderboard: (period: LeaderboardView['period']) => ['learning', 'leaderboard', period] as const,
};

export const learningQueries = {
  paths: () =>
    queryOptions({
      queryKey: learningKeys.paths(),
      queryFn: async (): Promise<PathSummary[]> => parse(pathsResponseSchema, (await api.get('/learning/paths')).data).paths,
      ...fresh,
    }),
  path: (slug: string) =>
    queryOptions({
      queryKey: learningKeys.path(slug),
      queryFn: (): Promise<PathDetailView | null> =>
        orNull(async () => parse(pathResponseSchema, (await api.get(`/learning/paths/${encodeURIComponent(slug)}`)).data).path),
      ...fresh,
    }),
  project: (slug: string) =>
    queryOptions({
      queryKey: learningKeys.project(slug),
      queryFn: (): Promise<ProjectDetailView | null> =>
        orNull(async () => parse(projectResponseSchema, (await api.get(`/learning/projects/${encodeURIComponent(slug)}`)).data).project),
      ...fresh,
    }),
  /** The learner's XP, level, streaks and badges, from their ledger. */
  xp: () =>
    queryOptions({
      queryKey: learningKeys.xp(),
      queryFn: async (): Promise<XpSummary> => parse(xpResponseSchema, (await api.get('/learning/xp')).data).xp,
      ...fresh,
    }),
  /** Every award in words, newest first; one path's with a slug. */
  xpHistory: (pathSlug: string | null) =>
    queryOptions({
      queryKey: learningKeys.xpHistory(pathSlug),
      queryFn: async (): Promise<XpEventView[]> =>
        parse(xpHistoryResponseSchema, (await api.get('/learning/xp/history', { params: pathSlug ? { path: pathSlug } : {} })).data).events,
      ...fresh,
    }),
  leaderboard: (period: LeaderboardView['period']) =>
    queryOptions({
      queryKey: learningKeys.leaderboard(period),
      queryFn: async (): Promise<LeaderboardView> => parse(leaderboardResponseSchema, (await api.get('/learning/leaderboard', { params: { period } })).data),
      ...fresh,
    }),
  settings: () =>
    queryOptions({
      queryKey: learningKeys.settings(),
      queryFn: async (): Promise<Settings> => parse(settingsResponseSchema, (await api.get('/account/settings')).data).settings,
      ...fresh,
    }),
};

/**
 * A project's `refetchInterval`: asked for again every REPORT_POLL_MS while its submission is
 * being checked, and no more once the report has a result.
 */
export const pollWhileChecking = (query: { state: { data?: ProjectDetailView | null } }): number | false =>
  query.state.data?.submission?.verification.state === 'checking' ? REPORT_POLL_MS : false;

/** After a change on the server: whatever shows progress is refetched. */
const refreshLearning = (client: QueryClient) => client.invalidateQueries({ queryKey: learningKeys.all });

/** A project as the server answered it, under its own slug and the one the page was opened with. */
function storeProject(client: QueryClient, project: ProjectDetailView, openedAs?: string) {
  client.setQueryData(learningKeys.project(project.slug), project);
  if (openedAs && openedAs !== project.slug) client.setQueryData(learningKeys.project(openedAs), project);
}

export type TickVariables = { slug: string; taskId: string; completed: boolean };

export const learningMutations = {
  start: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['learning', 'start'],
      mutationFn: async ({ projectId }: { projectId: string; slug: string }) =>
        parse(projectResponseSchema, (await api.post(`/learning/projects/${projectId}/start`, {})).data).project,
      onSuccess: (project, { slug }) => {
        storeProject(client, project, slug);
        void refreshLearning(client);
      },
    }),
  /**
   * Optimistic: the tick shows at once; if the API refuses or cannot be reached, it is rolled back
   * (the container tells the learner why). Each call is idempotent (PUT / DELETE), so a retry or a
   * double click cannot count twice.
   */
  tick: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['learning', 'tick'],
      mutationFn: async ({ taskId, completed }: TickVariables) => {
        if (completed) await api.put(`/learning/tasks/${taskId}`);
        else await api.delete(`/learning/tasks/${taskId}`);
      },
      onMutate: async ({ slug, taskId, completed }) => {
        const key = learningKeys.project(slug);
        await client.cancelQueries({ queryKey: key });
        const before = client.getQueryData<ProjectDetailView | null>(key);
        if (before) client.setQueryData(key, withTick(before, taskId, completed));
        return { before };
      },
      onError: (_error, { slug, taskId, completed }, context) => {
        const key = learningKeys.project(slug);
        const now = client.getQueryData<ProjectDetailView | null>(key);
        // Undo this tick only: other ticks made meanwhile stay as they are.
        if (now && context?.before) {
          const was = context.before.tasks.find((t) => t.id === taskId)?.completed ?? !completed;
          client.setQueryData(key, withTick(now, taskId, was));
        }
      },
      onSettled: (_data, _error, { slug }) => {
        // Once the last tick in flight has settled, agree with the server again.
        if (client.isMutating({ mutationKey: ['learning', 'tick'] }) <= 1) void client.invalidateQueries({ queryKey: learningKeys.project(slug) });
        void client.invalidateQueries({ queryKey: learningKeys.paths() });
        void client.invalidateQueries({ queryKey: ['learning', 'path'] });
        // A tick pays XP: the totals, the history and the boards move with it.
        void client.invalidateQueries({ queryKey: learningKeys.xp() });
        void client.invalidateQueries({ queryKey: ['learning', 'leaderboard'] });
      },
    }),
  submit: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['learning', 'submit'],
      /** Answered 202 with the project, its submission being checked (the report follows by polling). */
      mutationFn: async ({ projectId, repositoryUrl, liveUrl }: { projectId: string; slug: string; repositoryUrl: string; liveUrl: string | null }) =>
        parse(projectResponseSchema, (await api.post(`/learning/projects/${projectId}/submission`, { repositoryUrl, liveUrl })).data).project,
      onSuccess: (project, { slug }) => {
        storeProject(client, project, slug);
        void refreshLearning(client);
      },
    }),
  /**
   * "Check again": the same submission checked afresh (no new commit needed), a few times an hour;
   * the API answers the project with its report checking again, or 429 with when it may be asked again.
   */
  recheck: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['learning', 'recheck'],
      mutationFn: async ({ projectId }: { projectId: string; slug: string }) =>
        parse(projectResponseSchema, (await api.post(`/learning/projects/${projectId}/verification`, {})).data).project,
      onSuccess: (project, { slug }) => storeProject(client, project, slug),
    }),
  rate: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['learning', 'rate'],
      mutationFn: async ({ pathId, stars }: { pathId: string; stars: number }) =>
        parse(pathSummaryResponseSchema, (await api.put(`/learning/paths/${pathId}/rating`, { stars })).data).path,
      onSuccess: () => void refreshLearning(client),
    }),
  resetPath: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['learning', 'reset'],
      mutationFn: async ({ pathId }: { pathId: string }) => parse(pathSummaryResponseSchema, (await api.post(`/learning/paths/${pathId}/reset`, {})).data).path,
      onSuccess: () => void refreshLearning(client),
    }),
};

export const clockMutations = {
  /** Tells the API the browser's time zone: the learner's days (their streak) follow it. */
  timeZone: () =>
    mutationOptions({
      mutationKey: ['learning', 'clock'],
      mutationFn: async (timeZone: string) => {
        await api.put('/learning/clock', { timeZone });
      },
    }),
  /**
   * The weekly goal (active days a week): kept by the API, which counts the weekly streak
   * with it. Settles once the learner's XP (streaks, goal) has been read again, so whatever shows
   * the goal next shows the new one.
   */
  weeklyGoal: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['learning', 'clock', 'weeklyGoal'],
      mutationFn: async (weeklyGoal: number) => parse(clockResponseSchema, (await api.put('/learning/clock', { weeklyGoal })).data).weeklyGoal,
      onSuccess: () => client.invalidateQueries({ queryKey: learningKeys.xp() }),
    }),
};

export const accountMutations = {
  saveProfile: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'profile'],
      /** `currentPassword` only with a new email (which then waits for its link: `pendingEmail`). */
      mutationFn: async (profile: { username: string; email: string; currentPassword?: string }) =>
        parse(settingsResponseSchema, (await api.put('/account/profile', profile)).data).settings,
      onSuccess: (settings) => client.setQueryData(learningKeys.settings(), settings),
    }),
  /** Mails the waiting change's link again, or the account's confirmation link; the API's sentence. */
  resendEmailLink: () =>
    mutationOptions({
      mutationKey: ['account', 'email', 'resend'],
      mutationFn: async () => parse(messageResponseSchema, (await api.post('/account/email/resend', {})).data).message,
    }),
  /** Mails a link that sets the first password of an account a provider made; the API's sentence. */
  sendPasswordLink: () =>
    mutationOptions({
      mutationKey: ['account', 'password', 'link'],
      mutationFn: async () => parse(messageResponseSchema, (await api.post('/account/password-link', {})).data).message,
    }),
  cancelEmailChange: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'email', 'cancel'],
      mutationFn: async () => parse(settingsResponseSchema, (await api.delete('/account/email/pending')).data).settings,
      onSuccess: (settings) => client.setQueryData(learningKeys.settings(), settings),
    }),
  savePreferences: (client: QueryClient) =>
    mutationOptions({
      mutationKey: ['account', 'preferences'],
      mutationFn: async (preferences: Preferences) => parse(settingsResponseSchema, (await api.put('/account/preferences', preferences)).data).settings,
      onSuccess: (settings) => client.setQueryData(learningKeys.settings(), settings),
    }),
  changePassword: () =>
    mutationOptions({
      mutationKey: ['account', 'password'],
      // Every session ended; this browser goes on in the new one the answer starts (its cookie set).
      mutationFn: async (values: { currentPassword: string; newPassword: string }) => {
        const { message, token } = passwordChangedResponseSchema.parse((await api.post('/account/password', values)).data);
        useSession.getState().tokenRefreshed(token);
        return message;
      },
    }),
  deleteAccount: () =>
    mutationOptions({
      mutationKey: ['account', 'delete'],
      mutationFn: async (values: { password: string }) => (await api.delete<{ message: string }>('/account', { data: values })).data.message,
    }),
};
