import { Grid, GridItem, Heading, Stack } from '@chakra-ui/react';
import { pathHref, projectHref, type DashboardData } from '../../domain/learning';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import type { Remote } from '../remote';
import { BestPathsCard } from './parts/BestPathsCard';
import { CurrentProjectCard } from './parts/CurrentProjectCard';
import { PathProgressCard } from './parts/PathProgressCard';
import { TopLearnersCard } from './parts/TopLearnersCard';
import { UpcomingProjectsCard } from './parts/UpcomingProjectsCard';
import { WelcomeBanner } from './parts/WelcomeBanner';

export type DashboardScreenProps = {
  username: string;
  dashboard: Remote<DashboardData>;
  /** Called when Continue Learning is clicked (it is a link; this is only a hook for analytics). */
  onContinueLearning?(): void;
};

/**
 * Dashboard (spec §2): the greeting with streak and level, the current path and project, what
 * comes next, recommended paths and the top learners. One column on phones; on desktop a wide main column and a narrow side column.
 */
export function DashboardScreen({ username, dashboard, onContinueLearning }: DashboardScreenProps) {
  if (dashboard.status !== 'ready') {
    return (
      <Stack gap={{ base: '6', md: '8' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Welcome back, {username}!
        </Heading>
        <RemoteView remote={dashboard} loadingLabel="Loading your dashboard">
          {() => null}
        </RemoteView>
      </Stack>
    );
  }
  const data = dashboard.data;
  const { currentPath, currentProject } = data;
  const continueHref = currentProject ? projectHref(currentProject.pathId, currentProject.title) : '/app/paths';
  const pathLink = currentPath ? pathHref(currentPath.id) : '/app/paths';

  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <WelcomeBanner
        username={username}
        streak={data.streak}
        level={data.level}
        continueHref={continueHref}
        onContinueLearning={onContinueLearning}
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        templateAreas={{ lg: `"current path" "upcoming top" "best top"` }}
        alignItems="start"
        gap={{ base: '4', md: '6' }}
      >
        <GridItem minW="0" gridArea={{ lg: 'path' }} alignSelf="stretch">
          <PathProgressCard path={currentPath} />
        </GridItem>
        <GridItem minW="0" gridArea={{ lg: 'current' }} alignSelf="stretch">
          <CurrentProjectCard
            project={currentProject}
            emptyHref={pathLink}
            emptyLabel={currentPath ? 'Open your path' : 'Pick your first path'}
          />
        </GridItem>
        <GridItem minW="0" gridArea={{ lg: 'upcoming' }}>
          <UpcomingProjectsCard projects={data.upcomingProjects} viewAllHref={pathLink} />
        </GridItem>
        <GridItem minW="0" gridArea={{ lg: 'top' }}>
          <TopLearnersCard learners={data.topLearners} />
        </GridItem>
        <GridItem minW="0" gridArea={{ lg: 'best' }}>
          <BestPathsCard paths={data.bestPaths} />
        </GridItem>
      </Grid>
    </Stack>
  );
}
