import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Compass, Route } from 'lucide-react';
import { pathHref, type DashboardPathProgress } from '../../../domain/learning';
import { CardEmpty, DashboardCard } from './DashboardCard';

/** The current path: title, percent with a progress bar, completed/total projects. */
export function PathProgressCard({ path }: { path: DashboardPathProgress | null }) {
  if (!path) {
    return (
      <DashboardCard title="Your Path" icon={<Route />}>
        <CardEmpty
          icon={<Compass />}
          title="No path started yet"
          description="Choose a learning path to start tracking your progress."
          action={
            <Button asChild size="sm" colorPalette="brand" mt="1">
              <RouterLink to="/app/paths">Pick your first path</RouterLink>
            </Button>
          }
        />
      </DashboardCard>
    );
  }
  const percent = Math.min(100, Math.max(0, Math.round(path.progress)));
  return (
    <DashboardCard title={path.title} icon={<Route />}>
      <Stack gap="3" flex="1" justify="center">
        <HStack align="baseline" gap="2">
          <Text fontSize="4xl" fontWeight="bold" lineHeight="1" color="fg">
            {percent}%
          </Text>
          <Text color="fg.muted">complete</Text>
        </HStack>
        <Progress.Root value={percent} size="md" colorPalette="brand">
          <Progress.Track aria-label={`${path.title} progress`} rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm" color="fg.muted">
          <Text as="span" fontWeight="semibold" color="fg">
            {path.completedProjects} of {path.totalProjects}
          </Text>{' '}
          projects completed
        </Text>
      </Stack>
      <Button asChild variant="outline" size="sm" alignSelf="flex-start">
        <RouterLink to={pathHref(path.id)}>Open path</RouterLink>
      </Button>
    </DashboardCard>
  );
}
