import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { API_URL, apiErrorMessage } from '../api/common/client';
import { learningQueries, learningMutations, pollWhileChecking } from '../api/learning/client';
import { notify } from '../components/ui/toaster';
import { projectHref } from '../domain/learning';
import { isLocalUrl } from '../domain/liveUrl';
import { slugParam, type ProjectDetailView } from '../api/learning/contract';
import { ProjectScreen, isProjectTab } from '../screens/Project/ProjectScreen';
import { SUBMITTED_CHECKING_TEXT } from '../screens/Project/parts/SubmitBox';
import type { Remote } from '../components/RemoteView/remote';
import { titled } from '../app/pageMeta';
import { usePageTitle } from '../app/RouteMeta';
import { toRemote } from '../app/useRemote';
import { usePaidMoment } from './usePaidMoment';

/** The community forum's new-topic address (build env), e.g. https://forum.example.com/new-topic. */
const COMMUNITY_URL: string | null = (import.meta.env.VITE_COMMUNITY_URL as string | undefined)?.trim() || null;

/** False when the browser refuses (no permission, not a secure page): the screen then says so. */
const copyText = (text: string): Promise<boolean> =>
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(text))
    .then(
      () => true,
      () => false,
    );

/**
 * Built against an API on this machine (development, the end-to-end tests): that API is not in
 * production and takes http live URLs on this machine, so the submit form does too.
 */
const LOCAL_HTTP_ALLOWED = isLocalUrl(API_URL);

const isSlug = (value: string) => slugParam.safeParse(value).success;

/**
 * /app/paths/:pathId/projects/:projectId, where projectId is the project's slug (or a former one).
 * The original addresses (the path's number, the project's URL-encoded title) and any other
 * non-canonical address are replaced by the canonical one, keeping `?tab=` and `?view=workspace`.
 */
export function ProjectRoute() {
  const { pathId = '', projectId = '' } = useParams();
  const key = `${pathId}/${projectId}`;
  return isSlug(projectId) ? <BySlug key={key} pathId={pathId} slug={projectId} /> : <ByTitle key={key} pathId={pathId} title={projectId} />;
}

function BySlug({ pathId, slug }: { pathId: string; slug: string }) {
  const { search } = useLocation();
  // While the submission is being checked, the report is asked for again until it has a result.
  const query = useQuery({ ...learningQueries.project(slug), refetchInterval: pollWhileChecking });
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
  const paidMoment = usePaidMoment(data);
  const submit = useMutation(learningMutations.submit(client));
  const recheck = useMutation(learningMutations.recheck(client));
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
      allowLocalHttp={LOCAL_HTTP_ALLOWED}
      submitError={submit.isError ? apiErrorMessage(submit.error) : null}
      onSubmit={({ repositoryUrl, liveUrl }) => {
        if (!data) return;
        paidMoment.rememberBefore();
        submit.mutate(
          { projectId: data.id, slug, repositoryUrl, liveUrl },
          {
            onSuccess: (project) => {
              // Said as it is: checking, or (verification off) already reported.
              const checking = project.submission?.verification.state === 'checking';
              notify('success', checking ? SUBMITTED_CHECKING_TEXT : data.submission ? 'Repository replaced' : 'Project submitted');
            },
          },
        );
      }}
      rechecking={recheck.isPending}
      recheckError={recheck.isError ? apiErrorMessage(recheck.error) : null}
      onRecheck={() => {
        if (!data) return;
        paidMoment.rememberBefore();
        recheck.mutate({ projectId: data.id, slug });
      }}
      timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
      moment={paidMoment.moment}
      onDismissMoment={paidMoment.dismiss}
      communityUrl={COMMUNITY_URL}
      onCopyHelpRequest={copyText}
    />
  );
}
