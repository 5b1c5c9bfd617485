import { queryOptions } from '@tanstack/react-query';
import {
  findProject,
  type BrowsePath,
  type DashboardData,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LearningPath,
  type PathDetail,
  type ProjectDetail,
  type SettingsData,
  type XpData,
} from '../domain/learning';
import {
  badges,
  browsePaths,
  dashboardData,
  leaderboards,
  pathDetails,
  paths,
  projectDetails,
  settingsData,
  xpStats,
} from '../fixtures';

/** The app-area screens not on the API yet, answered with src/fixtures' sample data (issue 10 replaces them). */
const sample = <T>(value: T): Promise<T> => Promise.resolve(structuredClone(value));

export const sampleQueries = {
  paths: () =>
    queryOptions({
      queryKey: ['paths'],
      queryFn: (): Promise<LearningPath[]> => sample(paths),
      staleTime: Infinity,
    }),
  path: (pathId: string) =>
    queryOptions({
      queryKey: ['paths', pathId],
      queryFn: (): Promise<PathDetail | null> => sample(pathDetails[pathId] ?? null),
      staleTime: Infinity,
    }),
  project: (pathId: string, projectParam: string) =>
    queryOptions({
      queryKey: ['paths', pathId, 'projects', projectParam],
      queryFn: (): Promise<ProjectDetail | null> => sample(findProject(projectDetails, pathId, projectParam) ?? null),
      staleTime: Infinity,
    }),
  xp: () =>
    queryOptions({
      queryKey: ['xp'],
      queryFn: (): Promise<XpData> => sample({ stats: xpStats, badges }),
      staleTime: Infinity,
    }),
  leaderboard: (period: LeaderboardPeriod) =>
    queryOptions({
      queryKey: ['leaderboard', period],
      queryFn: (): Promise<LeaderboardEntry[]> => sample(leaderboards[period]),
      staleTime: Infinity,
    }),
  browse: () =>
    queryOptions({
      queryKey: ['browse'],
      queryFn: (): Promise<BrowsePath[]> => sample(browsePaths),
      staleTime: Infinity,
    }),
  dashboard: () =>
    queryOptions({
      queryKey: ['dashboard'],
      queryFn: (): Promise<DashboardData> => sample(dashboardData),
      staleTime: Infinity,
    }),
  settings: () =>
    queryOptions({
      queryKey: ['settings'],
      queryFn: (): Promise<SettingsData> => sample(settingsData),
      staleTime: Infinity,
    }),
};
