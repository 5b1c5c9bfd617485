import { Badge, Box, Card, Flex, HStack, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, CalendarDays, CircleCheck, Clock, Gauge, MapPinOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ProgressBar } from '../../components/ProgressBar/ProgressBar';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { formatWeeks } from '../../domain/format';
import { LEVEL_LABELS } from '../../domain/learning';
import { learningMessages } from '../../domain/learning';
import type { PathDetailView } from '../../api/learning/contract';
import type { Remote } from '../../components/RemoteView/remote';
import { RATING_IDLE, type ActionStatus, type RatingState } from './parts/actionStatus';
import { ProjectCard } from './parts/ProjectCard';
import { RatePath } from './parts/RatePath';
import { ResetPath } from './parts/ResetPath';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type { ActionStatus, RatingState } from './parts/actionStatus';

export type PathDetailScreenProps = {
  /** The path as the API answers it for this learner; null: there is no such path. */
  path: Remote<PathDetailView | null>;
  /** The stars the learner chose last and where saving them stands. */
  rating?: RatingState;
  onRate(stars: number): void;
  /** Where resetting the learner's progress on the path stands. */
  resetStatus?: ActionStatus;
  onReset(): void;
};

function BackLink() {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm" alignSelf="flex-start">
      <RouterLink to="/app/paths">
        <ArrowLeft size={16} aria-hidden="true" /> All paths
      </RouterLink>
    </Link>
  );
}

function Stat({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="2" color="fg.muted" fontSize="sm" fontWeight="medium">
      {icon}
      <Text>{children}</Text>
    </HStack>
  );
}

type ActionProps = Omit<PathDetailScreenProps, 'path'>;

function PathView({ path, rating = RATING_IDLE, onRate, resetStatus = 'idle', onReset }: ActionProps & { path: PathDetailView }) {
  const { completedProjects, totalProjects, percent } = path.progress;
  const done = totalProjects > 0 && completedProjects === totalProjects;
  const offsets = path.sections.map((_, index) => path.sections.slice(0, index).reduce((sum, section) => sum + section.projects.length, 0));
  return (
    <Stack gap="8">
      <Stack gap="4">
        <BackLink />
        <Card.Root variant="outline" bg="surface" overflow="hidden">
          <Box h="1.5" bg="brand.solid" aria-hidden="true" />
          <Card.Body gap="4" p={{ base: '5', md: '6' }}>
            <Stack gap="2">
              <Flex gap="3" align="center" wrap="wrap">
                <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="-0.02em">
                  {path.title}
                </Heading>
                {done ? (
                  <Badge colorPalette="green" variant="subtle" size="md">
                    <CircleCheck size={14} aria-hidden="true" /> Path completed
                  </Badge>
                ) : null}
              </Flex>
              <Text color="fg.muted" maxW="3xl">
                {path.summary}
              </Text>
            </Stack>
            <Flex gap={{ base: '3', md: '6' }} wrap="wrap">
              <Stat icon={<CircleCheck size={16} aria-hidden="true" />}>
                {completedProjects}/{totalProjects} projects
              </Stat>
              <Stat icon={<Clock size={16} aria-hidden="true" />}>{path.totalHours} hours</Stat>
              <Stat icon={<CalendarDays size={16} aria-hidden="true" />}>{formatWeeks(path.durationWeeks)}</Stat>
              <Stat icon={<Gauge size={16} aria-hidden="true" />}>{LEVEL_LABELS[path.level]}</Stat>
            </Flex>
            <ProgressBar percent={percent} label="Path progress" valueText={`${percent}% complete`} />
          </Card.Body>
        </Card.Root>
      </Stack>

      {path.sections.map((section, sectionIndex) => (
        <Stack as="section" key={section.id} gap="4" aria-label={section.title}>
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {section.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {section.summary}
            </Text>
          </Stack>
          <Stack as="ol" gap="3" listStyleType="none">
            {section.projects.map((project, index) => (
              <li key={project.id}>
                <ProjectCard pathSlug={path.slug} project={project} number={(offsets[sectionIndex] ?? 0) + index + 1} />
              </li>
            ))}
          </Stack>
        </Stack>
      ))}

      <SimpleGrid columns={{ base: 1, md: path.started ? 2 : 1 }} gap="4">
        <RatePath path={path} state={rating} onRate={onRate} />
        {path.started ? <ResetPath path={path} status={resetStatus} onReset={onReset} /> : null}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /app/paths/{pathId}: the learner's progress on the path and its projects in order (each with its
 * status and way in, or what unlocks it), rating the path, and starting it over. A slug the API
 * does not know is "Path not found".
 */
export function PathDetailScreen({ path, ...actions }: PathDetailScreenProps) {
  return (
    <RemoteView remote={path} loadingLabel="Loading the path">
      {(detail) =>
        detail ? (
          <PathView path={detail} {...actions} />
        ) : (
          <EmptyState
            as="h1"
            icon={<MapPinOff />}
            title="Path not found"
            description={`${learningMessages.noSuchPath} Pick another one from your paths.`}
            action={
              <LinkButton asChild colorPalette="brand">
                <RouterLink to="/app/paths">
                  <ArrowLeft aria-hidden="true" /> All paths
                </RouterLink>
              </LinkButton>
            }
          />
        )
      }
    </RemoteView>
  );
}
