import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Clock, FolderCode, FolderOpen, Play, Sparkles } from 'lucide-react';
import { formatWeeks, formatXp } from '../../../domain/format';
import { pathHref, projectHref } from '../../../domain/learning';
import type { PathProjectView } from '../../../api/learning/contract';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { ProjectStatusBadge } from '../../../components/ProjectStatusBadge/ProjectStatusBadge';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { CardEmpty } from './CardEmpty';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

export type CurrentProjectCardProps = {
  /** The project in progress (or the next one ready to start); null when the path has none. */
  project: PathProjectView | null;
  pathSlug: string;
};

/** The project the learner is on: what it is, its tasks done, and the way back into it. */
export function CurrentProjectCard({ project, pathSlug }: CurrentProjectCardProps) {
  if (!project) {
    return (
      <TitledCard title="Current Project" icon={<FolderCode />} fill>
        <CardEmpty
          icon={<FolderOpen />}
          title="No project in progress"
          description="Open your path to see which project unlocks next."
          action={
            <LinkButton asChild size="sm" variant="outline" mt="1">
              <RouterLink to={pathHref(pathSlug)}>Open your path</RouterLink>
            </LinkButton>
          }
        />
      </TitledCard>
    );
  }
  const started = project.status === 'in-progress';
  return (
    <TitledCard title="Current Project" icon={<FolderCode />} action={<ProjectStatusBadge status={project.status} />} fill>
      <Stack gap="1">
        <Heading as="h3" size="lg" color="fg">
          {project.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {project.summary}
        </Text>
      </Stack>
      <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
        <HStack gap="1.5">
          <Clock size={16} aria-hidden="true" />
          <Text>{formatWeeks(project.durationWeeks)}</Text>
        </HStack>
        <HStack gap="1.5">
          <Sparkles size={16} aria-hidden="true" />
          <Text>{formatXp(project.xp)}</Text>
        </HStack>
      </HStack>
      <ProgressBar
        size="sm"
        percent={project.progress.percent}
        label={`${project.title} progress`}
        caption={`${project.progress.completed} of ${project.progress.total} tasks done`}
      />
      <LinkButton asChild colorPalette="brand" size="sm" alignSelf="flex-start">
        <RouterLink to={projectHref(pathSlug, project.slug)}>
          <Play aria-hidden="true" />
          {started ? 'Resume' : 'Open project'}
        </RouterLink>
      </LinkButton>
    </TitledCard>
  );
}
