import { Alert, Box, Button, Card, Flex, Grid, Heading, Link, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, ArrowRight, BookOpen, Clock, Gauge, ListChecks, Lock, Play, Sparkles, Target, TrendingUp, Zap } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { LEVEL_LABELS, pathHref, type ProjectDetail, type TaskProgress } from '../../../domain/learning';
import { HelpCard } from './HelpCard';
import { ProgressCard } from './ProgressCard';
import { CheckList, ResourceList, StatusBadge, type ProjectTab } from './shared';

export function BackToPath({ pathId }: { pathId: string }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm" alignSelf="flex-start">
      <RouterLink to={pathHref(pathId)}>
        <ArrowLeft size={16} aria-hidden="true" /> Back to path
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
    <Heading as="h3" size="sm" display="flex" alignItems="center" gap="2">
      <Box as="span" color="brand.fg" display="inline-flex" aria-hidden="true">
        {icon}
      </Box>
      {children}
    </Heading>
  );
}

function SkillTags({ skills }: { skills: readonly string[] }) {
  return (
    <Flex as="ul" gap="2" wrap="wrap" listStyleType="none">
      {skills.map((skill) => (
        <Box as="li" key={skill} px="2.5" py="1" rounded="full" bg="brand.subtle" color="brand.fg" fontSize="sm" fontWeight="medium" borderWidth="1px" borderColor="brand.muted">
          {skill}
        </Box>
      ))}
    </Flex>
  );
}

export type ProjectOverviewProps = {
  project: ProjectDetail;
  pathId: string;
  progress: TaskProgress;
  submitted: boolean;
  tab: ProjectTab;
  onTabChange(tab: ProjectTab): void;
  onStart(): void;
  onAskForHelp?(message: string): void;
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/** The project's detail view: header, stats, tabs, and the progress and help cards. */
export function ProjectOverview({ project, pathId, progress, submitted, tab, onTabChange, onStart, onAskForHelp, headingRef }: ProjectOverviewProps) {
  const locked = project.status === 'locked';
  return (
    <Stack gap="6">
      <BackToPath pathId={pathId} />
      <Card.Root variant="outline" bg="surface" overflow="hidden">
        <Box h="1.5" bg="brand.solid" aria-hidden="true" />
        <Card.Body gap="5" p={{ base: '5', md: '6' }}>
          <Flex gap="4" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }} justify="space-between">
            <Stack gap="2" minW="0" flex="1">
              <Box>
                <StatusBadge status={project.status} submitted={submitted} />
              </Box>
              <Heading
                as="h1"
                size={{ base: 'xl', md: '2xl' }}
                letterSpacing="-0.02em"
                ref={headingRef}
                tabIndex={-1}
                outline="none"
              >
                {project.title}
              </Heading>
              <Text color="fg.muted" maxW="3xl">
                {project.description}
              </Text>
            </Stack>
            {locked ? null : (
              <Button colorPalette="brand" size="lg" onClick={onStart} flexShrink={0} alignSelf={{ base: 'stretch', md: 'flex-start' }}>
                <Play aria-hidden="true" /> {project.status === 'completed' ? 'Open Workspace' : 'Start Project'}
              </Button>
            )}
          </Flex>
          {locked ? (
            <Alert.Root status="info" variant="subtle" colorPalette="gray" alignItems="flex-start">
              <Alert.Indicator>
                <Lock aria-hidden="true" />
              </Alert.Indicator>
              <Alert.Content gap="2">
                <Alert.Description color="fg">
                  This project is locked. Complete the previous project in this path to unlock it.
                </Alert.Description>
                <Link asChild color="brand.fg" fontWeight="semibold" fontSize="sm">
                  <RouterLink to={pathHref(pathId)}>Go to the path</RouterLink>
                </Link>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <SimpleGrid as="dl" columns={{ base: 2, lg: 4 }} gap="3">
            <Stat icon={<Clock size={18} />} label="Duration">
              {project.duration}
            </Stat>
            <Stat icon={<Zap size={18} />} label="XP">
              {project.xp.toLocaleString('en-US')} XP
            </Stat>
            <Stat icon={<TrendingUp size={18} />} label="Progress">
              {progress.percent}%
            </Stat>
            <Stat icon={<Gauge size={18} />} label="Difficulty">
              {LEVEL_LABELS[project.difficulty]}
            </Stat>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 18rem', xl: 'minmax(0, 1fr) 20rem' }} gap="6" alignItems="start">
        <Card.Root variant="outline" bg="surface">
          <Card.Body p={{ base: '4', md: '5' }} pt={{ base: '2', md: '3' }}>
            <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as ProjectTab)} variant="line" colorPalette="brand">
              <Tabs.List aria-label="Project details">
                <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
                <Tabs.Trigger value="requirements">Requirements</Tabs.Trigger>
                <Tabs.Trigger value="resources">Resources</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="overview" pt="5">
                <Stack gap="6">
                  <Stack gap="2">
                    <Heading as="h2" size="md">
                      About this project
                    </Heading>
                    <Text color="fg.muted">{project.description}</Text>
                  </Stack>
                  <Stack gap="3">
                    <SubHeading icon={<Target size={18} />}>Learning objectives</SubHeading>
                    <CheckList items={project.learningObjectives} />
                  </Stack>
                  <Stack gap="3">
                    <SubHeading icon={<Sparkles size={18} />}>Skills you’ll learn</SubHeading>
                    <SkillTags skills={project.skillsYoullLearn} />
                  </Stack>
                  <Stack gap="3">
                    <SubHeading icon={<BookOpen size={18} />}>Prerequisites</SubHeading>
                    <CheckList items={project.prerequisites} icon={<ArrowRight size={18} />} />
                  </Stack>
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
          <ProgressCard progress={progress} />
          <HelpCard onAskForHelp={onAskForHelp} />
        </Stack>
      </Grid>
    </Stack>
  );
}
