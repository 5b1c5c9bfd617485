import { ListChecks } from 'lucide-react';
import type { TaskProgress } from '../../../domain/learning';
import { SectionCard } from './shared';
import { TaskProgressBar } from './TaskProgressBar';

/** Side card: how many of the project's tasks are done. */
export function ProgressCard({ progress }: { progress: TaskProgress }) {
  return (
    <SectionCard title="Your Progress" headingId="project-progress-heading" icon={<ListChecks size={18} />}>
      <TaskProgressBar progress={progress} label="Project progress" />
    </SectionCard>
  );
}
