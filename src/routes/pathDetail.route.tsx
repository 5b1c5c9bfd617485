import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage } from '../api/common/client';
import { learningKeys, learningQueries, learningMutations } from '../api/learning/client';
import { notify } from '../components/ui/toaster';
import { pathHref } from '../domain/learning';
import { accountMessages } from '../domain/account';
import { PathDetailScreen } from '../screens/PathDetail/PathDetailScreen';
import { titled } from '../app/pageMeta';
import { usePageTitle } from '../app/RouteMeta';
import { toRemote } from '../app/useRemote';

const failed = (error: unknown) => notify('error', apiErrorMessage(error));

/**
 * /app/paths/:pathId: a slug, a former slug or the path's original number (the API answers all); the URL is
 * then replaced by the path's own slug. Unknown: null, which the screen shows as "Path not found".
 */
export function PathDetailRoute() {
  const { pathId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useQuery(learningQueries.path(pathId));
  const rate = useMutation(learningMutations.rate(client));
  const reset = useMutation(learningMutations.resetPath(client));
  const path = query.data;
  usePageTitle(path ? titled(path.title) : undefined);

  useEffect(() => {
    if (!path || path.slug === pathId) return;
    client.setQueryData(learningKeys.path(path.slug), path);
    void navigate(pathHref(path.slug), { replace: true });
  }, [client, navigate, path, pathId]);

  const ownRating = path && rate.variables?.pathId === path.id;
  return (
    <PathDetailScreen
      path={toRemote(query)}
      rating={ownRating ? { status: rate.status, stars: rate.variables?.stars ?? null } : undefined}
      onRate={(stars) => path && rate.mutate({ pathId: path.id, stars }, { onError: failed })}
      resetStatus={path && reset.variables?.pathId === path.id ? reset.status : 'idle'}
      onReset={() => path && reset.mutate({ pathId: path.id }, { onSuccess: () => notify('success', accountMessages.pathReset), onError: failed })}
    />
  );
}
