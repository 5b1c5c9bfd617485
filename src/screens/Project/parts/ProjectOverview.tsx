import { Alert, Box, Button, Card, Flex, Grid, Heading, Link, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, Circle, CircleCheck, Clock, FolderOpen, Gauge, ListChecks, Lock, Play, Sparkles, Target, TrendingUp, Zap } from 'lucide-react';
import { Fragment, type ReactNode, type RefObject } from 'react';
import { ProjectStatusBadge } from '../../../components/ProjectStatusBadge/ProjectStatusBadge';
import { formatNumber, formatWeeks, formatXp } from '../../../domain/format';
import { LEVEL_LABELS, pathHref, projectHref } from '../../../domain/learning';
import type { ProjectDetailView } from '../../../api/learning/contract';
import { ChangesNote } from './ChangesNote';
import { HelpCard, type HelpCardProps } from './HelpCard';
import { Markdown } from './Markdown';
import { ProgressCard } from './ProgressCard';
import { CheckList, ResourceList, type ProjectTab } from './shared';

export function BackToPath({ path }: { path: ProjectDetailView['path'] }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm" alignSelf="flex-start">
      <RouterLink to={pathHref(path.slug)}>
        <ArrowLeft size={16} aria-hidden="true" /> Back to {path.title}
      </RouterLink>
    </Link>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box position="relative" bg="bg.subtle" borderWidth="1px" borderColor="border" rounded="lg" ps={{ base: '3', sm: '14' }} pe="3" py="2.5" minW="0">
      <Text as="dt" fontSize="xs" color="fg.muted" fontWeight="medium">
        <Box
          as="span"
          aria-hidden="true"
          position="absolute"
          display={{ base: 'none', sm: 'inline-flex' }}
          left="3"
          top="50%"
          transform="translateY(-50%)"
          alignItems="center"
          justifyContent="center"
          boxSize="9"
          rounded="md"
          bg="brand.muted"
          color="brand.fg"
        >
          {icon}
        </Box>
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold">
        {children}
      </Text>
    </Box>
  );
}

function SubHeading({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Heading as="h2" size="md" display="flex" alignItems="center" gap="2">
      <Box as="span" color="brand.fg" display="inline-flex" aria-hidden="true">
        {icon}
      </Box>
      {children}
    </Heading>
  );
}

function SkillTags({ skills }: { skills: readonly string[] }) {
  return (
    <Flex as="ul" gap="2" wrap="wrap" listStyleType="none" aria-label="Skills you’ll learn">
      {skills.map((skill) => (
        <Box
          as="li"
          key={skill}
          px="2.5"
          py="1"
          rounded="full"
          bg="brand.subtle"
          color="brand.fg"
          fontSize="sm"
          fontWeight="medium"
          borderWidth="1px"
          borderColor="brand.muted"
        >
          {skill}
        </Box>
      ))}
    </Flex>
  );
}

type PrerequisiteRef = ProjectDetailView['prerequisites'][number];

/** " (in Frontend Development)" for a prerequisite of another path; nothing for one of this path. */
const otherPath = (ref: PrerequisiteRef, pathId: string) => (ref.path.id === pathId ? '' : ` (in ${ref.path.title})`);

/** Links to projects, "A and B" (the API's own wording: learningMessages.locked), each in its own path. */
function ProjectLinks({ pathId, projects }: { pathId: string; projects: readonly PrerequisiteRef[] }) {
  return projects.map((project, index) => (
    <Fragment key={project.id}>
      {index === 0 ? '' : ' and '}
      <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
        <RouterLink to={projectHref(project.path.slug, project.slug)}>{project.title}</RouterLink>
      </Link>
      {otherPath(project, pathId)}
    </Fragment>
  ));
}

/** Why a locked project cannot start yet: the prerequisites still missing, each a link. */
function LockedNote({ project }: { project: ProjectDetailView }) {
  const missing = project.prerequisites.filter((p) => !p.completed);
  return (
    <Alert.Root status="info" variant="subtle" colorPalette="gray" alignItems="flex-start">
      <Alert.Indicator>
        <Lock aria-hidden="true" />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Description color="fg">
          Complete <ProjectLinks pathId={project.path.id} projects={missing} /> first. This project builds on {missing.length === 1 ? 'it' : 'them'} and opens once{' '}
          {missing.length === 1 ? 'it is' : 'they are'} completed.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Prerequisites({ project }: { project: ProjectDetailView }) {
  return (
    <Stack as="ul" gap="2.5" listStyleType="none">
      {project.prerequisites.map((p) => (
        <Box as="li" key={p.id} display="flex" gap="2.5" alignItems="flex-start">
          <Box as="span" color={p.completed ? 'green.fg' : 'fg.muted'} mt="0.5" flexShrink={0} aria-hidden="true" display="inline-flex">
            {p.completed ? <CircleCheck size={18} /> : <Circle size={18} />}
          </Box>
          <Text>
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={projectHref(p.path.slug, p.slug)}>{p.title}</RouterLink>
            </Link>
            {otherPath(p, project.path.id)}
            <Text as="span" color="fg.muted">
              {' '}
              ({p.completed ? 'completed' : 'not completed yet'})
            </Text>
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function ActionButton({ project, starting, onStart, onOpenWorkspace }: Pick<ProjectOverviewProps, 'project' | 'starting' | 'onStart' | 'onOpenWorkspace'>) {
  const common = { colorPalette: 'brand', size: 'lg', flexShrink: 0, alignSelf: { base: 'stretch', md: 'flex-start' } } as const;
  switch (project.status) {
    case 'locked':
      return null;
    case 'available':
      return (
        <Button {...common} onClick={onStart} loading={starting} loadingText="Starting…">
          <Play aria-hidden="true" /> Start Project
        </Button>
      );
    case 'in-progress':
      return (
        <Button {...common} onClick={onOpenWorkspace}>
          <Play aria-hidden="true" /> Continue Project
        </Button>
      );
    case 'completed':
      return (
        <Button {...common} onClick={onOpenWorkspace}>
          <FolderOpen aria-hidden="true" /> View Project
        </Button>
      );
  }
}

export type ProjectOverviewProps = Omit<HelpCardProps, 'project'> & {
  project: ProjectDetailView;
  tab: ProjectTab;
  onTabChange(tab: ProjectTab): void;
  /** Starting the project is on its way. */
  starting: boolean;
  onStart(): void;
  onOpenWorkspace(): void;
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/** The project's detail view: header, stats, tabs (the brief first), and the progress and help cards. */
export function ProjectOverview({ project, tab, onTabChange, starting, onStart, onOpenWorkspace, headingRef, ...help }: ProjectOverviewProps) {
  return (
    <Stack gap="6">
      <BackToPath path={project.path} />
      <Card.Root variant="outline" bg="surface" overflow="hidden">
        <Box h="1.5" bg="brand.solid" aria-hidden="true" />
        <Card.Body gap="5" p={{ base: '5', md: '6' }}>
          <Flex gap="4" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }} justify="space-between">
            <Stack gap="2" minW="0" flex="1">
              <Box>
                <ProjectStatusBadge status={project.status} size="md" />
              </Box>
              <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="-0.02em" ref={headingRef} tabIndex={-1} outline="none">
                {project.title}
              </Heading>
              <Text color="fg.muted" maxW="3xl">
                {project.summary}
              </Text>
            </Stack>
            <ActionButton project={project} starting={starting} onStart={onStart} onOpenWorkspace={onOpenWorkspace} />
          </Flex>
          {project.status === 'locked' ? <LockedNote project={project} /> : null}
          <SimpleGrid as="dl" columns={{ base: 2, lg: 4 }} gap="3">
            <Stat icon={<Clock size={18} />} label="Duration">
              {formatWeeks(project.durationWeeks)}
              <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
                {formatNumber(project.hours)} hours of work
              </Text>
            </Stat>
            <Stat icon={<Zap size={18} />} label="XP">
              {formatXp(project.xp)}
            </Stat>
            <Stat icon={<TrendingUp size={18} />} label="Progress">
              {project.progress.percent}%
            </Stat>
            <Stat icon={<Gauge size={18} />} label="Difficulty">
              {LEVEL_LABELS[project.difficulty]}
            </Stat>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      {project.changesSinceStart ? <ChangesNote changes={project.changesSinceStart} /> : null}

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 18rem', xl: 'minmax(0, 1fr) 20rem' }} gap="6" alignItems="start">
        <Card.Root variant="outline" bg="surface" minW="0">
          <Card.Body p={{ base: '4', md: '5' }} pt={{ base: '2', md: '3' }}>
            <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as ProjectTab)} variant="line" colorPalette="brand">
              <Tabs.List aria-label="Project details">
                <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
                <Tabs.Trigger value="requirements">Requirements</Tabs.Trigger>
                <Tabs.Trigger value="resources">Resources</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="overview" pt="5">
                <Stack gap="8">
                  <Markdown source={project.brief} />
                  <Stack gap="3">
                    <SubHeading icon={<Target size={18} />}>Learning objectives</SubHeading>
                    <CheckList items={project.objectives} />
                  </Stack>
                  <Stack gap="3">
                    <SubHeading icon={<Sparkles size={18} />}>Skills you’ll learn</SubHeading>
                    <SkillTags skills={project.skills} />
                  </Stack>
                  {project.prerequisites.length > 0 ? (
                    <Stack gap="3">
                      <SubHeading icon={<ListChecks size={18} />}>Prerequisites</SubHeading>
                      <Prerequisites project={project} />
                    </Stack>
                  ) : null}
                </Stack>
              </Tabs.Content>
              <Tabs.Content value="requirements" pt="5">
                <Stack gap="4">
                  <Heading as="h2" size="md">
                    Requirements
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    Your submission should meet every point below.
                  </Text>
                  <CheckList items={project.requirements} icon={<ListChecks size={18} />} />
                </Stack>
              </Tabs.Content>
              <Tabs.Content value="resources" pt="5">
                <Stack gap="4">
                  <Heading as="h2" size="md">
                    Resources
                  </Heading>
                  <ResourceList resources={project.resources} />
                </Stack>
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
        <Stack gap="6" as="aside" aria-label="Project help and progress">
          <ProgressCard project={project} />
          <HelpCard project={project} {...help} />
        </Stack>
      </Grid>
    </Stack>
  );
}
