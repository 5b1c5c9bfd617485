import { Text } from '@chakra-ui/react';
import { ListChecks } from 'lucide-react';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import type { ProjectDetailView } from '../../../api/learning/contract';
import { formatDate } from '../../../domain/format';

/** "3 of 8 tasks completed" and a bar; the project's progress as the API counts it. */
export function TaskProgress({ progress, label }: { progress: ProjectDetailView['progress']; label: string }) {
  return <ProgressBar percent={progress.percent} label={label} caption={`${progress.completed} of ${progress.total} tasks completed`} live />;
}

/** Side card: how many of the project's tasks are done, and when it was started or completed. */
export function ProgressCard({ project }: { project: ProjectDetailView }) {
  const when = project.completedAt
    ? `Completed on ${formatDate(project.completedAt)}`
    : project.startedAt
      ? `Started on ${formatDate(project.startedAt)}`
      : 'Not started yet';
  return (
    <TitledCard title="Your Progress" icon={<ListChecks />}>
      <TaskProgress progress={project.progress} label="Project progress" />
      <Text fontSize="sm" color="fg.muted">
        {when}
      </Text>
    </TitledCard>
  );
}
