import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { sampleQueries as learningQueries } from '../api/sample';
import { notify } from '../components/ui/toaster';
import { toggleTask, type ProjectDetail, type Task } from '../domain/learning';
import { ProjectScreen, isProjectTab, type ProjectMode, type ProjectTab, type Submission } from '../screens/Project/ProjectScreen';
import type { Remote } from '../screens/remote';
import { toRemote } from './useRemote';

/**
 * /app/paths/:pathId/projects/:projectId (the URL-encoded project title). The tab lives in `?tab=` and the
 * workspace in `?view=workspace`, so a reload keeps both. Tasks and the submission stay in memory: nothing
 * is saved to a server (spec §4).
 */
export function ProjectRoute() {
  const { pathId = '', projectId = '' } = useParams();
  const query = useQuery(learningQueries.project(pathId, projectId));
  return <ProjectContainer key={`${pathId}/${projectId}`} pathId={pathId} project={toRemote(query)} />;
}

function ProjectContainer({ pathId, project }: { pathId: string; project: Remote<ProjectDetail | null> }) {
  const [params, setParams] = useSearchParams();
  const [edited, setEdited] = useState<Task[] | null>(null);
  const [submission, setSubmission] = useState<Submission>({ status: 'idle' });

  const loaded = project.status === 'ready' ? (project.data?.tasks ?? []) : [];
  const tasks = edited ?? loaded;
  const rawTab = params.get('tab');
  const tab: ProjectTab = isProjectTab(rawTab) ? rawTab : 'overview';
  const mode: ProjectMode = params.get('view') === 'workspace' ? 'workspace' : 'overview';

  const setParam = (name: string, value: string | null, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace },
    );

  return (
    <ProjectScreen
      project={project}
      pathId={pathId}
      mode={mode}
      onModeChange={(next) => {
        setParam('view', next === 'workspace' ? 'workspace' : null, false);
        window.scrollTo(0, 0);
      }}
      tab={tab}
      onTabChange={(next) => setParam('tab', next === 'overview' ? null : next, true)}
      tasks={tasks}
      onToggleTask={(id) => setEdited(toggleTask(tasks, id))}
      submission={submission}
      onSubmit={(url) => {
        setSubmission({ status: 'submitted', url });
        notify('success', 'Project submitted for review');
      }}
      onAskForHelp={() =>
        notify('success', 'Your question was sent to the community. You’ll get an email when someone answers.')
      }
    />
  );
}
