import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  clockResponseSchema,
  leaderboardResponseSchema,
  xpHistoryResponseSchema,
  xpResponseSchema,
  type LeaderboardView,
  type XpEventView,
  type XpSummary,
} from './contract';
import { api } from '../common/client';
import { fresh, learningKeys, parse } from '../learning/client';

/** The XP API as react-query options: the learner's XP, its history, the boards; and the learner's clock. */
export const xpQueries = {
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
