import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../api/client';
import { learningKeys, learningMutations, learningQueries } from '../api/learning';
import { notify } from '../components/ui/toaster';
import { projectHref } from '../domain/learning';
import { slugParam, type ProjectDetailView } from '../domain/learningApi';
import { xpMoment, type XpMomentView } from '../domain/xpViews';
import { ProjectScreen, isProjectTab } from '../screens/Project/ProjectScreen';
import type { Remote } from '../screens/remote';
import { titled } from './pageMeta';
import { usePageTitle } from './RouteMeta';
import { toRemote } from './useRemote';

/** The community forum's new-topic address (build env), e.g. https://forum.example.com/new-topic. */
const COMMUNITY_URL: string | null = (import.meta.env.VITE_COMMUNITY_URL as string | undefined)?.trim() || null;

/** False when the browser refuses (no permission, not a secure page): the screen then says so. */
const copyText = (text: string): Promise<boolean> =>
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(text))
    .then(() => true, () => false);

const isSlug = (value: string) => slugParam.safeParse(value).success;

/**
 * /app/paths/:pathId/projects/:projectId, where projectId is the project's slug (or a former one).
 * The spec's addresses (the path's number, the project's URL-encoded title) and any other
 * non-canonical address are replaced by the canonical one, keeping `?tab=` and `?view=workspace`.
 */
export function ProjectRoute() {
  const { pathId = '', projectId = '' } = useParams();
  const key = `${pathId}/${projectId}`;
  return isSlug(projectId) ? <BySlug key={key} pathId={pathId} slug={projectId} /> : <ByTitle key={key} pathId={pathId} title={projectId} />;
}

function BySlug({ pathId, slug }: { pathId: string; slug: string }) {
  const { search } = useLocation();
  const query = useQuery(learningQueries.project(slug));
  const found = query.data;
  if (found && (found.slug !== slug || found.path.slug !== pathId)) return <Navigate replace to={`${projectHref(found.path.slug, found.slug)}${search}`} />;
  return <ProjectContainer pathId={pathId} slug={slug} project={toRemote(query)} />;
}

function ByTitle({ pathId, title }: { pathId: string; title: string }) {
  const { search } = useLocation();
  const query = useQuery({ ...learningQueries.path(pathId), enabled: isSlug(pathId) });
  const path = query.data;
  const match = path?.sections.flatMap((s) => s.projects).find((p) => p.title === title || encodeURIComponent(p.title) === title);
  if (path && match) return <Navigate replace to={`${projectHref(path.slug, match.slug)}${search}`} />;
  const remote = toRemote(query);
  const none = remote.status === 'ready' || !isSlug(pathId);
  return <ProjectContainer pathId={pathId} slug="" project={none ? { status: 'ready', data: null } : remote} />;
}

function ProjectContainer({ pathId, slug, project }: { pathId: string; slug: string; project: Remote<ProjectDetailView | null> }) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const data = project.status === 'ready' ? project.data : null;
  usePageTitle(data ? titled(data.title) : undefined);
  const start = useMutation(learningMutations.start(client));
  // The moment of completing: the XP answer before the submission and after it, never invented.
  const xp = useQuery(learningQueries.xp());
  const [moment, setMoment] = useState<XpMomentView | null>(null);
  const submit = useMutation(learningMutations.submit(client));
  const tickOptions = learningMutations.tick(client);
  const tick = useMutation({
    ...tickOptions,
    // The tick is rolled back (tickOptions); the learner is told which one and why.
    onError: (...args: Parameters<NonNullable<typeof tickOptions.onError>>) => {
      tickOptions.onError?.(...args);
      const task = data?.tasks.find((t) => t.id === args[1].taskId);
      notify('error', `Couldn’t save “${task?.title ?? 'this task'}”. ${apiErrorMessage(args[0])}`);
    },
  });

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
  const openView = (workspace: boolean) => {
    setParam('view', workspace ? 'workspace' : null, false);
    window.scrollTo(0, 0);
  };
  const rawTab = params.get('tab');

  return (
    <ProjectScreen
      project={project}
      pathId={pathId}
      mode={params.get('view') === 'workspace' ? 'workspace' : 'overview'}
      onModeChange={(next) => openView(next === 'workspace')}
      tab={isProjectTab(rawTab) ? rawTab : 'overview'}
      onTabChange={(next) => setParam('tab', next === 'overview' ? null : next, true)}
      starting={start.isPending}
      onStart={() =>
        data &&
        start.mutate(
          { projectId: data.id, slug },
          { onSuccess: () => openView(true), onError: (error) => notify('error', `Couldn’t start the project. ${apiErrorMessage(error)}`) },
        )
      }
      onToggleTask={(taskId, completed) => {
        if (submit.isError) submit.reset(); // the last refusal may name a task this tick changes
        tick.mutate({ slug, taskId, completed });
      }}
      submitting={submit.isPending}
      submitError={submit.isError ? apiErrorMessage(submit.error) : null}
      onSubmit={(repositoryUrl) => {
        if (!data) return;
        // The total before: only an answer no tick has changed since (else no moment: none is invented).
        const settled = client.isFetching({ queryKey: learningKeys.xp(), exact: true }) === 0 && !client.getQueryState(learningKeys.xp())?.isInvalidated;
        const before = data.status === 'completed' || !settled ? undefined : xp.data;
        submit.mutate(
          { projectId: data.id, slug, repositoryUrl },
          {
            onSuccess: () => {
              notify('success', data.submission ? 'Repository replaced' : 'Project submitted');
              if (!before) return;
              // No moment when the new total cannot be read: the toast has said what happened.
              client.fetchQuery({ ...learningQueries.xp(), staleTime: 0 }).then(
                (after) => setMoment(xpMoment(before, after)),
                () => {},
              );
            },
          },
        );
      }}
      moment={moment}
      onDismissMoment={() => setMoment(null)}
      communityUrl={COMMUNITY_URL}
      onCopyHelpRequest={copyText}
    />
  );
}
