import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, SearchX } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { pathHref } from '../../domain/learning';
import type { ProjectDetailView } from '../../api/learning/contract';
import type { XpMomentView } from '../../domain/xpViews';
import type { Remote } from '../../components/RemoteView/remote';
import { ProjectOverview } from './parts/ProjectOverview';
import { ProjectWorkspace } from './parts/ProjectWorkspace';
import type { ProjectMode, ProjectTab } from './parts/shared';
import type { SubmissionValues } from './parts/SubmitBox';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export { PROJECT_TABS, isProjectTab } from './parts/shared';
export type { ProjectMode, ProjectTab } from './parts/shared';

export type ProjectScreenProps = {
  /** The learner's project as the API answers it; null: there is no such project. */
  project: Remote<ProjectDetailView | null>;
  /** The path named in the address ("Back to path" when the project is not found). */
  pathId: string;
  mode: ProjectMode;
  onModeChange(mode: ProjectMode): void;
  tab: ProjectTab;
  onTabChange(tab: ProjectTab): void;
  /** Starting the project is on its way (Start Project waits). */
  starting: boolean;
  onStart(): void;
  onToggleTask(taskId: string, completed: boolean): void;
  /** A submission is on its way. */
  submitting: boolean;
  /** Why the API refused the last submission, in its words; null when it did not. */
  submitError: string | null;
  /** Called with a valid, trimmed GitHub repository URL, and the live URL when the project needs one. */
  onSubmit(submission: SubmissionValues): void;
  /** The submit form takes http live URLs on this machine (the API is on this machine too). */
  allowLocalHttp?: boolean;
  /** "Check again" on the submission's report is on its way. */
  rechecking: boolean;
  /** Why the API refused the last "Check again" (its words), or null. */
  recheckError: string | null;
  onRecheck(): void;
  /** The learner's time zone, for the times the report shows (default UTC). */
  timeZone?: string;
  /** The community forum's new-topic address (VITE_COMMUNITY_URL); null when there is none. */
  communityUrl: string | null;
  /** Copies the help request; resolves true when it is on the clipboard. */
  onCopyHelpRequest(text: string): Promise<boolean>;
  /** What completing the project just earned (XP counted up, a level, badges); shown in the workspace until dismissed. */
  moment?: XpMomentView | null;
  onDismissMoment?(): void;
};

type ViewProps = Omit<ProjectScreenProps, 'project' | 'pathId'> & { project: ProjectDetailView };

function ProjectView({
  project,
  mode,
  onModeChange,
  tab,
  onTabChange,
  starting,
  onStart,
  onToggleTask,
  submitting,
  submitError,
  onSubmit,
  allowLocalHttp,
  rechecking,
  recheckError,
  onRecheck,
  timeZone = 'UTC',
  communityUrl,
  onCopyHelpRequest,
  moment = null,
  onDismissMoment = () => {},
}: ViewProps) {
  // Only a started (or completed) project has a workspace.
  const view = project.status === 'in-progress' || project.status === 'completed' ? mode : 'overview';
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(view);
  const help = { communityUrl, onCopyHelpRequest };

  // Switching views replaces the page: move focus to its heading so keyboard and screen-reader users follow.
  useEffect(() => {
    if (previous.current !== view) heading.current?.focus();
    previous.current = view;
  }, [view]);

  if (view === 'workspace') {
    return (
      <ProjectWorkspace
        project={project}
        onToggleTask={onToggleTask}
        submitting={submitting}
        error={submitError}
        onSubmit={onSubmit}
        allowLocalHttp={allowLocalHttp}
        rechecking={rechecking}
        recheckError={recheckError}
        onRecheck={onRecheck}
        timeZone={timeZone}
        onExit={() => onModeChange('overview')}
        headingRef={heading}
        moment={moment}
        onDismissMoment={onDismissMoment}
        {...help}
      />
    );
  }
  return (
    <ProjectOverview
      project={project}
      tab={tab}
      onTabChange={onTabChange}
      starting={starting}
      onStart={onStart}
      onOpenWorkspace={() => onModeChange('workspace')}
      headingRef={heading}
      {...help}
    />
  );
}

/** /app/paths/{path}/projects/{project}: the project's details, or its workspace; unknown → "Project not found". */
export function ProjectScreen({ project, pathId, ...rest }: ProjectScreenProps) {
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
              <LinkButton asChild colorPalette="brand">
                <RouterLink to={pathHref(pathId)}>
                  <ArrowLeft aria-hidden="true" /> Back to path
                </RouterLink>
              </LinkButton>
            }
          />
        )
      }
    </RemoteView>
  );
}
