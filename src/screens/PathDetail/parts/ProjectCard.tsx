import { Badge, Box, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, CircleCheck, CirclePlay, Clock, Eye, Gauge, Lock, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { LEVEL_LABELS, projectHref, type PathProject, type ProjectStatus } from '../../../domain/learning';

const STATUS: Record<ProjectStatus, { label: string; palette: string; icon: ReactNode }> = {
  completed: { label: 'Completed', palette: 'green', icon: <CircleCheck size={14} aria-hidden="true" /> },
  'in-progress': { label: 'In progress', palette: 'brand', icon: <CirclePlay size={14} aria-hidden="true" /> },
  locked: { label: 'Locked', palette: 'gray', icon: <Lock size={14} aria-hidden="true" /> },
};

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="1.5" color="fg.muted" fontSize="sm">
      {icon}
      <Text>{children}</Text>
    </HStack>
  );
}

export type ProjectCardProps = { pathId: string; project: PathProject; number: number };

/** One project of a path: what it is, its status, and the way in (none while locked). */
export function ProjectCard({ pathId, project, number }: ProjectCardProps) {
  const status = STATUS[project.status];
  const locked = project.status === 'locked';
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
              bg={locked ? 'bg.emphasized' : project.status === 'completed' ? 'green.subtle' : 'brand.muted'}
              color={locked ? 'fg.muted' : project.status === 'completed' ? 'green.fg' : 'brand.fg'}
            >
              {locked ? <Lock size={18} /> : project.status === 'completed' ? <CircleCheck size={20} /> : number}
            </Flex>
            <Stack gap="2" minW="0" flex="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Card.Title as="h3" id={titleId} fontSize="md" color={locked ? 'fg.muted' : 'fg'}>
                  {project.title}
                </Card.Title>
                <Badge colorPalette={status.palette} variant="subtle">
                  {status.icon}
                  {status.label}
                </Badge>
              </Flex>
              <Text color="fg.muted" fontSize="sm">
                {project.description}
              </Text>
              <HStack gap="4" wrap="wrap">
                <Meta icon={<Clock size={15} aria-hidden="true" />}>{project.duration}</Meta>
                <Meta icon={<Gauge size={15} aria-hidden="true" />}>{LEVEL_LABELS[project.difficulty]}</Meta>
                <Meta icon={<Zap size={15} aria-hidden="true" />}>{project.xp.toLocaleString('en-US')} XP</Meta>
              </HStack>
            </Stack>
          </Flex>
          <Box flexShrink="0" ps={{ base: '14', md: '0' }}>
            {locked ? (
              <HStack gap="2" color="fg.muted" fontSize="sm" maxW={{ md: '13rem' }}>
                <Lock size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                <Text>Complete the previous project to unlock</Text>
              </HStack>
            ) : (
              <Button
                asChild
                colorPalette="brand"
                variant={project.status === 'completed' ? 'outline' : 'solid'}
                size="sm"
                w={{ base: 'full', md: 'auto' }}
              >
                <RouterLink
                  to={projectHref(pathId, project.title)}
                  aria-label={`${project.status === 'completed' ? 'View Project' : 'Continue Project'}: ${project.title}`}
                >
                  {project.status === 'completed' ? <Eye aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
                  {project.status === 'completed' ? 'View Project' : 'Continue Project'}
                </RouterLink>
              </Button>
            )}
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
