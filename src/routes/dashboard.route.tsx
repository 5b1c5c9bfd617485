import { useQuery } from '@tanstack/react-query';
import { sampleQueries as learningQueries } from '../api/sample';
import { DashboardScreen } from '../screens/Dashboard/DashboardScreen';
import { useSession } from '../stores/session';
import { toRemote } from './useRemote';

/** /app/dashboard: greets the signed-in learner and shows their progress. */
export function DashboardRoute() {
  const user = useSession((s) => s.user);
  const dashboard = useQuery(learningQueries.dashboard());
  return <DashboardScreen username={user?.username ?? ''} dashboard={toRemote(dashboard)} />;
}
