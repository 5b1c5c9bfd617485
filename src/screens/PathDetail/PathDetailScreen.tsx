import { Box, Button, Card, Flex, HStack, Heading, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, CircleCheck, Clock, MapPinOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import type { PathDetail } from '../../domain/learning';
import type { Remote } from '../remote';
import { ProjectCard } from './parts/ProjectCard';

export type PathDetailScreenProps = {
  /** Null: no path has that id. */
  path: Remote<PathDetail | null>;
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

function PathDetailView({ path }: { path: PathDetail }) {
  const total = path.sections.reduce((sum, section) => sum + section.projects.length, 0);
  const offsets = path.sections.map((_, index) =>
    path.sections.slice(0, index).reduce((sum, section) => sum + section.projects.length, 0),
  );
  return (
    <Stack gap="8">
      <Stack gap="4">
        <BackLink />
        <Card.Root variant="outline" bg="surface" overflow="hidden">
          <Box h="1.5" bg="brand.solid" aria-hidden="true" />
          <Card.Body gap="4" p={{ base: '5', md: '6' }}>
            <Stack gap="2">
              <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="-0.02em">
                {path.title}
              </Heading>
              <Text color="fg.muted" maxW="3xl">
                {path.description}
              </Text>
            </Stack>
            <Flex gap={{ base: '3', md: '6' }} wrap="wrap">
              <Stat icon={<CircleCheck size={16} aria-hidden="true" />}>
                {path.completedProjects}/{total} projects
              </Stat>
              <Stat icon={<Clock size={16} aria-hidden="true" />}>{path.estimatedHours} hours</Stat>
            </Flex>
            <Progress.Root value={path.progress} colorPalette="brand" size="md">
              <HStack justify="space-between" mb="2">
                <Progress.Label fontSize="sm" fontWeight="medium">
                  Path progress
                </Progress.Label>
                <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
                  {path.progress}% complete
                </Text>
              </HStack>
              <Progress.Track aria-label="Path progress" rounded="full">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Card.Body>
        </Card.Root>
      </Stack>

      {path.sections.map((section, sectionIndex) => (
        <Stack as="section" key={section.title} gap="4" aria-label={section.title}>
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {section.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {section.description}
            </Text>
          </Stack>
          <Stack as="ol" gap="3" listStyleType="none">
            {section.projects.map((project, index) => (
              <li key={project.id}>
                <ProjectCard pathId={path.id} project={project} number={(offsets[sectionIndex] ?? 0) + index + 1} />
              </li>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

/** /app/paths/{pathId}: the path's progress and its projects in order; an unknown id is "Path not found". */
export function PathDetailScreen({ path }: PathDetailScreenProps) {
  return (
    <RemoteView remote={path} loadingLabel="Loading the path">
      {(detail) =>
        detail ? (
          <PathDetailView path={detail} />
        ) : (
          <EmptyState
            as="h1"
            icon={<MapPinOff />}
            title="Path not found"
            description="This learning path doesn’t exist or has moved. Pick another one from your paths."
            action={
              <Button asChild colorPalette="brand">
                <RouterLink to="/app/paths">
                  <ArrowLeft aria-hidden="true" /> All paths
                </RouterLink>
              </Button>
            }
          />
        )
      }
    </RemoteView>
  );
}
