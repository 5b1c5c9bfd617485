import { Box, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CalendarClock, Clock, Sparkles } from 'lucide-react';
import { formatWeeks, formatXp } from '../../../domain/format';
import { pathHref, projectHref } from '../../../domain/learning';
import type { PathProjectView } from '../../../api/learning/contract';
import { ProjectStatusBadge } from '../../../components/ProjectStatusBadge/ProjectStatusBadge';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { CardEmpty } from './CardEmpty';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

export type UpcomingProjectsCardProps = {
  projects: PathProjectView[];
  pathSlug: string;
};

/** The current path's next projects with their status (a locked one cannot be opened yet) and View All. */
export function UpcomingProjectsCard({ projects, pathSlug }: UpcomingProjectsCardProps) {
  return (
    <TitledCard
      title="Upcoming Projects"
      icon={<CalendarClock />}
      action={
        <LinkButton asChild variant="ghost" size="sm" color="brand.fg">
          <RouterLink to={pathHref(pathSlug)}>View All</RouterLink>
        </LinkButton>
      }
    >
      {projects.length === 0 ? (
        <CardEmpty icon={<CalendarClock />} title="Nothing else lined up" description="Your current project is the last one of this path." />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {projects.map((project, index) => (
            <Flex as="li" key={project.id} gap="3" align="center" p="3" rounded="lg" borderWidth="1px" borderColor="border" bg="bg.subtle">
              <Flex
                flexShrink={0}
                boxSize="9"
                align="center"
                justify="center"
                rounded="full"
                bg="bg.muted"
                color="fg.muted"
                fontWeight="semibold"
                fontSize="sm"
                aria-hidden="true"
              >
                {index + 1}
              </Flex>
              <Box minW="0" flex="1">
                {project.status === 'locked' ? (
                  <Text fontWeight="semibold" color="fg">
                    {project.title}
                  </Text>
                ) : (
                  <Link asChild fontWeight="semibold" color="fg">
                    <RouterLink to={projectHref(pathSlug, project.slug)}>{project.title}</RouterLink>
                  </Link>
                )}
                <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                  <HStack gap="1">
                    <Clock size={14} aria-hidden="true" />
                    <Text>{formatWeeks(project.durationWeeks)}</Text>
                  </HStack>
                  <HStack gap="1">
                    <Sparkles size={14} aria-hidden="true" />
                    <Text>{formatXp(project.xp)}</Text>
                  </HStack>
                </HStack>
              </Box>
              <Box flexShrink={0}>
                <ProjectStatusBadge status={project.status} />
              </Box>
            </Flex>
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}
