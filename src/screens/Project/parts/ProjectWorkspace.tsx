import { Box, Button, Checkbox, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, BookOpen, Lock, ListChecks, Target } from 'lucide-react';
import { Suspense, type RefObject } from 'react';
import { ProjectStatusBadge } from '../../../components/ProjectStatusBadge/ProjectStatusBadge';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { LazyXpMoment } from '../../../components/XpMoment/lazy';
import { learningMessages } from '../../../domain/learning';
import type { ProjectDetailView } from '../../../api/learning/contract';
import type { XpMomentView } from '../../../domain/xpViews';
import { ChangesNote } from './ChangesNote';
import { CodePanel } from './CodePanel';
import { HelpCard, type HelpCardProps } from './HelpCard';
import { TaskProgress } from './ProgressCard';
import { CheckList, ResourceList } from './shared';
import { SubmitBox, type SubmitBoxProps } from './SubmitBox';
import { VerificationReport, type VerificationReportProps } from './VerificationReport';

export type ProjectWorkspaceProps = Omit<HelpCardProps, 'project'> &
  Omit<SubmitBoxProps, 'project'> &
  Pick<VerificationReportProps, 'rechecking' | 'recheckError' | 'onRecheck' | 'timeZone'> & {
    project: ProjectDetailView;
    onToggleTask(taskId: string, completed: boolean): void;
    onExit(): void;
    headingRef: RefObject<HTMLHeadingElement | null>;
    /** What completing the project just earned (from the XP API, before and after); null: nothing to celebrate. */
    moment: XpMomentView | null;
    onDismissMoment(): void;
  };

function TaskChecklist({ project, onToggleTask }: Pick<ProjectWorkspaceProps, 'project' | 'onToggleTask'>) {
  // A completed project's tasks are final (the API refuses changes): they show, ticked, read-only.
  const final = project.status === 'completed';
  return (
    <TitledCard title="Tasks" icon={<ListChecks />}>
      <TaskProgress progress={project.progress} label="Tasks completed" />
      {final ? (
        <Text fontSize="sm" color="fg.muted" display="flex" alignItems="center" gap="1.5">
          <Lock size={14} aria-hidden="true" /> {learningMessages.completed}
        </Text>
      ) : null}
      <Stack as="ul" gap="0" listStyleType="none" aria-label="Tasks">
        {project.tasks.map((task) => (
          <Box as="li" key={task.id} borderTopWidth="1px" borderColor="border" _first={{ borderTopWidth: 0 }}>
            <Checkbox.Root
              checked={task.completed}
              disabled={final}
              onCheckedChange={(details) => onToggleTask(task.id, details.checked === true)}
              colorPalette="brand"
              w="full"
              py="3"
              px="1"
              gap="3"
              alignItems="flex-start"
              cursor={final ? 'default' : 'pointer'}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label
                fontWeight="normal"
                color={task.completed ? 'fg.muted' : 'fg'}
                textDecoration={task.completed ? 'line-through' : 'none'}
                // A disabled checkbox's label fades by default: a final task stays readable.
                opacity="1"
              >
                {task.title}
              </Checkbox.Label>
            </Checkbox.Root>
          </Box>
        ))}
      </Stack>
    </TitledCard>
  );
}

/**
 * The workspace: tasks (with the report on the submission right after them: the learner's own
 * ticks stay as they are), the editor placeholder, the submit box, goals, resources and help.
 */
export function ProjectWorkspace({
  project,
  onToggleTask,
  submitting,
  error,
  onSubmit,
  allowLocalHttp,
  onExit,
  headingRef,
  moment,
  onDismissMoment,
  rechecking,
  recheckError,
  onRecheck,
  timeZone,
  ...help
}: ProjectWorkspaceProps) {
  return (
    <Stack gap="6">
      <Flex gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }}>
        <Stack gap="2" minW="0">
          <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
            Project workspace
          </Text>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="-0.02em" ref={headingRef} tabIndex={-1} outline="none">
            {project.title}
          </Heading>
          <Box>
            <ProjectStatusBadge status={project.status} size="md" />
          </Box>
        </Stack>
        <Button variant="outline" onClick={onExit} flexShrink={0}>
          <ArrowLeft aria-hidden="true" /> Back to project details
        </Button>
      </Flex>

      {moment ? (
        <Suspense fallback={null}>
          <LazyXpMoment {...moment} onDismiss={onDismissMoment} />
        </Suspense>
      ) : null}

      {project.changesSinceStart ? <ChangesNote changes={project.changesSinceStart} /> : null}

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 18rem', xl: 'minmax(0, 1fr) 22rem' }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <TaskChecklist project={project} onToggleTask={onToggleTask} />
          {project.submission ? (
            <VerificationReport
              // A new submission is a new report: its first failure opens afresh.
              key={project.submission.submittedAt}
              verification={project.submission.verification}
              xp={project.xp}
              rechecking={rechecking}
              recheckError={recheckError}
              onRecheck={onRecheck}
              timeZone={timeZone}
            />
          ) : null}
          <CodePanel />
          <HelpCard project={project} {...help} />
        </Stack>
        <Stack gap="6" minW="0">
          {/* A new submission starts a fresh box (the replace form closes, the typed URL goes). */}
          <SubmitBox
            key={project.submission ? `${project.submission.repositoryUrl} ${project.submission.submittedAt}` : 'none'}
            project={project}
            submitting={submitting}
            error={error}
            onSubmit={onSubmit}
            allowLocalHttp={allowLocalHttp}
          />
          <TitledCard title="Project Goals" icon={<Target />}>
            <CheckList items={project.objectives} />
          </TitledCard>
          <TitledCard title="Resources" icon={<BookOpen />}>
            <ResourceList resources={project.resources} />
          </TitledCard>
        </Stack>
      </Grid>
    </Stack>
  );
}
