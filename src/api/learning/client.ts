import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { z } from 'zod';
import {
  pathResponseSchema,
  pathsResponseSchema,
  pathSummaryResponseSchema,
  projectResponseSchema,
  type PathDetailView,
  type PathSummary,
  type ProjectDetailView,
} from './contract';
import { withTick } from '../../domain/learningViews';
import { REPORT_POLL_MS } from '../../domain/verification';
import { api } from '../common/client';

/**
 * The learning API as react-query options (XP's are ../xp/client.ts's, the account's
 * ../account/client.ts's). Every answer is parsed with the zod schema the server serialises
 * through (./contract.ts), so a shape the two
 * sides disagree on fails loudly here instead of drawing a wrong screen. A path or project that
 * does not exist answers null (the screens say "not found"). Learning data refetches whenever the
 * window gets focus again, so two tabs agree.
 */
export const parse = <S extends z.ZodType>(schema: S, data: unknown): z.infer<S> => schema.parse(data);

/** null for a 404, the data otherwise; anything else is thrown for the screen's error state. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

export const fresh = { staleTime: 0, refetchOnWindowFocus: 'always' as const };

export const learningKeys = {
  all: ['learning'] as const,
  paths: () => ['learning', 'paths'] as const,
  path: (slug: string) => ['learning', 'path', slug] as const,
  project: (slug: string) => ['learning', 'project', slug] as const,
  /** XP, its history and the boards (../xp/client.ts) live under `learning`: whatever changes progress refreshes them. */
  xp: () => ['learning', 'xp'] as const,
  xpHistory: (pathSlug: string | null) => ['learning', 'xp', 'history', pathSlug ?? 'all'] as const,
  leaderboard: (period: string) => ['learning', 'leaderboard', period] as const,
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
