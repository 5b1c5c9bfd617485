import { useQuery } from '@tanstack/react-query';
import { learningQueries } from '../api/learning/client';
import { xpQueries } from '../api/xp/client';
import { currentPathOf, dashboardView, type DashboardView } from '../domain/dashboard';
import { DashboardScreen } from '../screens/Dashboard/DashboardScreen';
import type { Remote } from '../components/RemoteView/remote';
import { useSession } from '../stores/session';
import { toRemote } from '../app/useRemote';

/**
 * /app/dashboard: the learner's path list, then the detail of their current path (the one
 * currentPathOf picks; a new learner has none, so only the list is loaded); their XP and this
 * week's leaderboard beside, each on its own (one failing leaves the rest of the page).
 */
export function DashboardRoute() {
  const user = useSession((s) => s.user);
  const paths = useQuery(learningQueries.paths());
  const slug = paths.data ? currentPathOf(paths.data)?.slug : undefined;
  const path = useQuery({ ...learningQueries.path(slug ?? ''), enabled: slug !== undefined });
  const xp = useQuery(xpQueries.xp());
  const board = useQuery(xpQueries.leaderboard('week'));

  let dashboard: Remote<DashboardView>;
  const list = toRemote(paths);
  const detail = toRemote(path);
  if (list.status !== 'ready') dashboard = list;
  else if (slug === undefined) dashboard = { status: 'ready', data: dashboardView(list.data, null) };
  else if (detail.status !== 'ready') dashboard = detail;
  else dashboard = { status: 'ready', data: dashboardView(list.data, detail.data) };

  return <DashboardScreen username={user?.username ?? ''} dashboard={dashboard} xp={toRemote(xp)} board={toRemote(board)} />;
}
