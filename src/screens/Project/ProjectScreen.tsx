import { useEffect, useRef } from 'react';
import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, SearchX } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { pathHref, taskProgress, type ProjectDetail, type Task } from '../../domain/learning';
import type { Remote } from '../remote';
import { ProjectOverview } from './parts/ProjectOverview';
import { ProjectWorkspace } from './parts/ProjectWorkspace';
import type { ProjectMode, ProjectTab, Submission } from './parts/shared';

export { PROJECT_TABS, isProjectTab } from './parts/shared';
export type { ProjectMode, ProjectTab, Submission } from './parts/shared';

export type ProjectScreenProps = {
  /** Null: the path has no such project. */
  project: Remote<ProjectDetail | null>;
  pathId: string;
  mode: ProjectMode;
  onModeChange(mode: ProjectMode): void;
  tab: ProjectTab;
  onTabChange(tab: ProjectTab): void;
  /** The learner's checklist (starts as the project's tasks; the container holds it). */
  tasks: Task[];
  onToggleTask(id: string): void;
  submission: Submission;
  /** Called with a valid, trimmed GitHub repository URL. */
  onSubmit(url: string): void;
  onAskForHelp?(message: string): void;
};

type ViewProps = Omit<ProjectScreenProps, 'project'> & { project: ProjectDetail };

function ProjectView({ project, pathId, mode, onModeChange, tab, onTabChange, tasks, onToggleTask, submission, onSubmit, onAskForHelp }: ViewProps) {
  // A locked project has no workspace.
  const view = project.status === 'locked' ? 'overview' : mode;
  const progress = taskProgress(tasks);
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(view);

  // Switching views replaces the page: move focus to its heading so keyboard and screen-reader users follow.
  useEffect(() => {
    if (previous.current !== view) heading.current?.focus();
    previous.current = view;
  }, [view]);

  if (view === 'workspace') {
    return (
      <ProjectWorkspace
        project={project}
        tasks={tasks}
        progress={progress}
        onToggleTask={onToggleTask}
        submission={submission}
        onSubmit={onSubmit}
        onExit={() => onModeChange('overview')}
        headingRef={heading}
      />
    );
  }
  return (
    <ProjectOverview
      project={project}
      pathId={pathId}
      progress={progress}
      submitted={submission.status === 'submitted'}
      tab={tab}
      onTabChange={onTabChange}
      onStart={() => onModeChange('workspace')}
      onAskForHelp={onAskForHelp}
      headingRef={heading}
    />
  );
}

/** /app/paths/{pathId}/projects/{projectId}: the project's details, or its workspace; unknown → "Project not found". */
export function ProjectScreen({ project, ...rest }: ProjectScreenProps) {
  return (
    <RemoteView remote={project} loadingLabel="Loading the project">
      {(detail) =>
        detail ? (
          <ProjectView project={detail} {...rest} />
        ) : (
          <EmptyState
            as="h1"
            icon={<SearchX />}
            title="Project not found"
            description="This project doesn’t exist in this path or has moved. Pick one from the path’s project list."
            action={
              <Button asChild colorPalette="brand">
                <RouterLink to={pathHref(rest.pathId)}>
                  <ArrowLeft aria-hidden="true" /> Back to path
                </RouterLink>
              </Button>
            }
          />
        )
      }
    </RemoteView>
  );
}
