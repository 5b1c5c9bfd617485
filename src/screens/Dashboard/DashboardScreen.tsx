import type { ReactNode } from 'react';
import { Grid, GridItem, Heading, Stack } from '@chakra-ui/react';
import type { DashboardView } from '../../domain/dashboard';
import type { LeaderboardView, XpSummary } from '../../api/xp/contract';
import { pathHref, projectHref } from '../../domain/learning';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import type { Remote } from '../../components/RemoteView/remote';
import { BestPathsCard } from './parts/BestPathsCard';
import { CurrentProjectCard } from './parts/CurrentProjectCard';
import { FirstStepsCard } from './parts/FirstStepsCard';
import { PathCompletedCard } from './parts/PathCompletedCard';
import { PathProgressCard } from './parts/PathProgressCard';
import { TopLearnersCard } from './parts/TopLearnersCard';
import { UpcomingProjectsCard } from './parts/UpcomingProjectsCard';
import { WelcomeBanner } from './parts/WelcomeBanner';

export type DashboardScreenProps = {
  username: string;
  /** Built from the learning API by dashboardView (src/domain/dashboard.ts). */
  dashboard: Remote<DashboardView>;
  /** The learner's XP, level and daily streak (GET /learning/xp): loads and fails on its own. */
  xp: Remote<XpSummary>;
  /** This week's leaderboard (GET /learning/leaderboard?period=week): loads and fails on its own. */
  board: Remote<LeaderboardView>;
  /** Called when Continue Learning is clicked (it is a link; this is only a hook for analytics). */
  onContinueLearning?(): void;
};

const stack = { base: '6', md: '8' } as const;

/** Two columns on desktop (a wide main one, a narrow side one), one on phones; `areas` in the lg grid's rows. */
function Columns({ areas, children }: { areas: string; children: ReactNode }) {
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
      templateAreas={{ lg: areas }}
      alignItems="start"
      gap={{ base: '4', md: '6' }}
    >
      {children}
    </Grid>
  );
}

function Area({ name, stretch = false, children }: { name: string; stretch?: boolean; children: ReactNode }) {
  return (
    <GridItem minW="0" gridArea={{ lg: name }} alignSelf={stretch ? 'stretch' : undefined}>
      {children}
    </GridItem>
  );
}

/**
 * Dashboard: the greeting with the learner's daily streak, level, XP
 * and completed projects, the current path and project, what comes next, the best paths to start
 * and this week's top learners. A new learner gets a first step instead (pick a path); a learner
 * who completed their path, congratulations and the next paths. XP and the leaderboard load on
 * their own: while they load or when they fail, only their part says so.
 */
export function DashboardScreen({ username, dashboard, xp, board, onContinueLearning }: DashboardScreenProps) {
  if (dashboard.status !== 'ready') {
    return (
      <Stack gap={stack}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Welcome back, {username}!
        </Heading>
        <RemoteView remote={dashboard} loadingLabel="Loading your dashboard">
          {() => null}
        </RemoteView>
      </Stack>
    );
  }
  const { currentPath, currentProject, pathCompleted, upcoming, bestPaths, projectsCompleted } = dashboard.data;

  if (!currentPath) {
    return (
      <Stack gap={stack}>
        <WelcomeBanner
          greeting={`Welcome to PathForge, ${username}!`}
          message="Your first step: pick a learning path and start its first project."
          projectsCompleted={projectsCompleted}
          xp={xp}
          continueLabel="Start Learning"
          continueHref="/app/paths"
          onContinueLearning={onContinueLearning}
        />
        <Columns areas={`"best steps" "best board"`}>
          <Area name="best">
            <BestPathsCard
              paths={bestPaths}
              title="Pick your first path"
              description={bestPaths.some((path) => path.rating) ? 'The paths learners rate best, to start with.' : 'A few paths to start with.'}
            />
          </Area>
          <Area name="steps">
            <FirstStepsCard />
          </Area>
          <Area name="board">
            <TopLearnersCard board={board} />
          </Area>
        </Columns>
      </Stack>
    );
  }

  if (pathCompleted) {
    return (
      <Stack gap={stack}>
        <WelcomeBanner
          greeting={`Welcome back, ${username}!`}
          message={`You completed ${currentPath.title}: well done! Pick your next path when you are ready.`}
          projectsCompleted={projectsCompleted}
          xp={xp}
          continueLabel="Continue Learning"
          continueHref="/app/paths"
          onContinueLearning={onContinueLearning}
        />
        <Columns areas={`"done path" "best board"`}>
          <Area name="done" stretch>
            <PathCompletedCard path={currentPath} />
          </Area>
          <Area name="path" stretch>
            <PathProgressCard path={currentPath} />
          </Area>
          <Area name="best">
            <BestPathsCard paths={bestPaths} />
          </Area>
          <Area name="board">
            <TopLearnersCard board={board} />
          </Area>
        </Columns>
      </Stack>
    );
  }

  return (
    <Stack gap={stack}>
      <WelcomeBanner
        greeting={`Welcome back, ${username}!`}
        message="Keep the momentum going: every project brings you closer to your goal."
        projectsCompleted={projectsCompleted}
        xp={xp}
        continueLabel="Continue Learning"
        continueHref={currentProject ? projectHref(currentPath.slug, currentProject.slug) : pathHref(currentPath.slug)}
        onContinueLearning={onContinueLearning}
      />
      <Columns areas={`"current path" "upcoming board" "best board"`}>
        <Area name="current" stretch>
          <CurrentProjectCard project={currentProject} pathSlug={currentPath.slug} />
        </Area>
        <Area name="path" stretch>
          <PathProgressCard path={currentPath} />
        </Area>
        <Area name="upcoming">
          <UpcomingProjectsCard projects={upcoming} pathSlug={currentPath.slug} />
        </Area>
        <Area name="board">
          <TopLearnersCard board={board} />
        </Area>
        <Area name="best">
          <BestPathsCard paths={bestPaths} />
        </Area>
      </Columns>
    </Stack>
  );
}
