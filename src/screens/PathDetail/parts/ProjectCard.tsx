import { Box, Card, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, CircleCheck, Clock, Eye, Gauge, Lock, Play, Zap } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { ProjectStatusBadge } from '../../../components/ProjectStatusBadge/ProjectStatusBadge';
import { formatWeeks, formatXp } from '../../../domain/format';
import { LEVEL_LABELS, projectHref } from '../../../domain/learning';
import type { PathProjectView } from '../../../api/learning/contract';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

/** The way into a project the learner may open, by its status (a locked one has none). */
const ACTIONS: Record<Exclude<PathProjectView['status'], 'locked'>, { label: string; icon: ReactNode; variant: 'solid' | 'outline' }> = {
  available: { label: 'Start Project', icon: <Play aria-hidden="true" />, variant: 'solid' },
  'in-progress': { label: 'Continue Project', icon: <ArrowRight aria-hidden="true" />, variant: 'solid' },
  completed: { label: 'View Project', icon: <Eye aria-hidden="true" />, variant: 'outline' },
};

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="1.5" color="fg.muted" fontSize="sm">
      {icon}
      <Text>{children}</Text>
    </HStack>
  );
}

/**
 * "Complete Weather Dashboard to unlock": what stands between the learner and a locked project,
 * each project a link (one of another path named with its path).
 */
function UnlockNote({ project, pathSlug }: { project: PathProjectView; pathSlug: string }) {
  return (
    <Text>
      Complete{' '}
      {project.missingPrerequisites.map((p, index) => (
        <Fragment key={p.id}>
          {index === 0 ? '' : ' and '}
          <Link asChild color="brand.fg" fontWeight="medium" textDecoration="underline">
            <RouterLink to={projectHref(p.path.slug, p.slug)}>{p.title}</RouterLink>
          </Link>
          {p.path.slug === pathSlug ? '' : ` (in ${p.path.title})`}
        </Fragment>
      ))}{' '}
      to unlock
    </Text>
  );
}

export type ProjectCardProps = { pathSlug: string; project: PathProjectView; number: number };

/** One project of a path: what it is, its status, and the way in (while locked: what unlocks it). */
export function ProjectCard({ pathSlug, project, number }: ProjectCardProps) {
  const locked = project.status === 'locked';
  const completed = project.status === 'completed';
  const titleId = `project-${project.id}`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={titleId}
      variant="outline"
      bg={locked ? 'bg.muted' : 'surface'}
      borderStyle={locked ? 'dashed' : 'solid'}
      data-status={project.status}
    >
      <Card.Body p={{ base: '4', md: '5' }}>
        <Flex gap={{ base: '4', md: '5' }} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
          <Flex gap="4" flex="1" minW="0" align="flex-start">
            <Flex
              aria-hidden="true"
              flexShrink="0"
              boxSize="10"
              rounded="full"
              align="center"
              justify="center"
              fontWeight="bold"
              bg={locked ? 'bg.emphasized' : completed ? 'green.subtle' : 'brand.muted'}
              color={locked ? 'fg.muted' : completed ? 'green.fg' : 'brand.fg'}
            >
              {locked ? <Lock size={18} /> : completed ? <CircleCheck size={20} /> : number}
            </Flex>
            <Stack gap="2" minW="0" flex="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Card.Title as="h3" id={titleId} fontSize="md" color={locked ? 'fg.muted' : 'fg'}>
                  {project.title}
                </Card.Title>
                <ProjectStatusBadge status={project.status} />
              </Flex>
              <Text color="fg.muted" fontSize="sm">
                {project.summary}
              </Text>
              <HStack gap="4" wrap="wrap">
                <Meta icon={<Clock size={15} aria-hidden="true" />}>{formatWeeks(project.durationWeeks)}</Meta>
                <Meta icon={<Gauge size={15} aria-hidden="true" />}>{LEVEL_LABELS[project.difficulty]}</Meta>
                <Meta icon={<Zap size={15} aria-hidden="true" />}>{formatXp(project.xp)}</Meta>
              </HStack>
              {project.status === 'in-progress' ? (
                <Box maxW="sm" pt="1">
                  <ProgressBar
                    size="sm"
                    percent={project.progress.percent}
                    label={`Tasks done in ${project.title}`}
                    caption={`${project.progress.completed} of ${project.progress.total} tasks done`}
                  />
                </Box>
              ) : null}
            </Stack>
          </Flex>
          <Box flexShrink="0" ps={{ base: '14', md: '0' }}>
            {project.status === 'locked' ? (
              project.missingPrerequisites.length > 0 ? (
                <HStack gap="2" color="fg.muted" fontSize="sm" maxW={{ md: '15rem' }}>
                  <Lock size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <UnlockNote project={project} pathSlug={pathSlug} />
                </HStack>
              ) : null
            ) : (
              <LinkButton asChild colorPalette="brand" variant={ACTIONS[project.status].variant} size="sm" w={{ base: 'full', md: 'auto' }}>
                <RouterLink to={projectHref(pathSlug, project.slug)} aria-label={`${ACTIONS[project.status].label}: ${project.title}`}>
                  {ACTIONS[project.status].icon}
                  {ACTIONS[project.status].label}
                </RouterLink>
              </LinkButton>
            )}
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
