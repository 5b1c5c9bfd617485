import { Button, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Clock, FolderCode, FolderOpen, Play, Sparkles } from 'lucide-react';
import { projectHref, type DashboardProject } from '../../../domain/learning';
import { CardEmpty, DashboardCard } from './DashboardCard';

export type CurrentProjectCardProps = {
  project: DashboardProject | null;
  /** Where to go when nothing is in progress. */
  emptyHref: string;
  emptyLabel: string;
};

const number = (value: number) => value.toLocaleString('en-US');

/** The project in progress with its progress and a Resume button. */
export function CurrentProjectCard({ project, emptyHref, emptyLabel }: CurrentProjectCardProps) {
  if (!project) {
    return (
      <DashboardCard title="Current Project" icon={<FolderCode />}>
        <CardEmpty
          icon={<FolderOpen />}
          title="No project in progress"
          description="Start a project from your path and it will show up here."
          action={
            <Button asChild size="sm" variant="outline" mt="1">
              <RouterLink to={emptyHref}>{emptyLabel}</RouterLink>
            </Button>
          }
        />
      </DashboardCard>
    );
  }
  const percent = Math.min(100, Math.max(0, Math.round(project.progress)));
  return (
    <DashboardCard title="Current Project" icon={<FolderCode />}>
      <Stack gap="1">
        <Heading as="h3" size="lg" color="fg">
          {project.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {project.description}
        </Text>
      </Stack>
      <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
        <HStack gap="1.5">
          <Clock size={16} aria-hidden="true" />
          <Text>{project.duration}</Text>
        </HStack>
        <HStack gap="1.5">
          <Sparkles size={16} aria-hidden="true" />
          <Text>{number(project.xp)} XP</Text>
        </HStack>
      </HStack>
      <Progress.Root value={percent} size="sm" colorPalette="brand">
        <HStack justify="space-between" mb="1.5">
          <Progress.Label fontSize="xs" color="fg.muted" fontWeight="medium">
            Progress
          </Progress.Label>
          <Progress.ValueText fontSize="xs" color="fg" fontWeight="semibold">
            {percent}%
          </Progress.ValueText>
        </HStack>
        <Progress.Track aria-label={`${project.title} progress`} rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Button asChild colorPalette="brand" size="sm" alignSelf="flex-start">
        <RouterLink to={projectHref(project.pathId, project.title)}>
          <Play aria-hidden="true" />
          Resume
        </RouterLink>
      </Button>
    </DashboardCard>
  );
}
