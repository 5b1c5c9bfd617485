import { Box, Button, Checkbox, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, BookOpen, ListChecks, Target } from 'lucide-react';
import type { RefObject } from 'react';
import type { ProjectDetail, Task, TaskProgress } from '../../../domain/learning';
import { CodePanel } from './CodePanel';
import { CheckList, ResourceList, SectionCard, StatusBadge, type Submission } from './shared';
import { SubmitBox } from './SubmitBox';
import { TaskProgressBar } from './TaskProgressBar';

export type ProjectWorkspaceProps = {
  project: ProjectDetail;
  tasks: readonly Task[];
  progress: TaskProgress;
  onToggleTask(id: string): void;
  submission: Submission;
  onSubmit(url: string): void;
  onExit(): void;
  headingRef: RefObject<HTMLHeadingElement | null>;
};

function TaskChecklist({ tasks, progress, onToggleTask }: Pick<ProjectWorkspaceProps, 'tasks' | 'progress' | 'onToggleTask'>) {
  return (
    <SectionCard title="Tasks" headingId="workspace-tasks-heading" icon={<ListChecks size={18} />}>
      <TaskProgressBar progress={progress} label="Tasks completed" />
      <Stack as="ul" gap="0" listStyleType="none" aria-labelledby="workspace-tasks-heading">
        {tasks.map((task) => (
          <Box as="li" key={task.id} borderTopWidth="1px" borderColor="border" _first={{ borderTopWidth: 0 }}>
            <Checkbox.Root
              checked={task.completed}
              onCheckedChange={() => onToggleTask(task.id)}
              colorPalette="brand"
              w="full"
              py="3"
              px="1"
              gap="3"
              alignItems="flex-start"
              cursor="pointer"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label
                fontWeight="normal"
                color={task.completed ? 'fg.muted' : 'fg'}
                textDecoration={task.completed ? 'line-through' : 'none'}
              >
                {task.title}
              </Checkbox.Label>
            </Checkbox.Root>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** The workspace: tasks, the editor placeholder, goals, resources and the submit box. */
export function ProjectWorkspace({ project, tasks, progress, onToggleTask, submission, onSubmit, onExit, headingRef }: ProjectWorkspaceProps) {
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
            <StatusBadge status={project.status} submitted={submission.status === 'submitted'} />
          </Box>
        </Stack>
        <Button variant="outline" onClick={onExit} flexShrink={0}>
          <ArrowLeft aria-hidden="true" /> Back to project details
        </Button>
      </Flex>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 18rem', xl: 'minmax(0, 1fr) 22rem' }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <TaskChecklist tasks={tasks} progress={progress} onToggleTask={onToggleTask} />
          <CodePanel />
        </Stack>
        <Stack gap="6" minW="0">
          <SubmitBox submission={submission} onSubmit={onSubmit} />
          <SectionCard title="Project Goals" headingId="workspace-goals-heading" icon={<Target size={18} />}>
            <CheckList items={project.learningObjectives} />
          </SectionCard>
          <SectionCard title="Resources" headingId="workspace-resources-heading" icon={<BookOpen size={18} />}>
            <ResourceList resources={project.resources} />
          </SectionCard>
        </Stack>
      </Grid>
    </Stack>
  );
}
