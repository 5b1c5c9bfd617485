import { useQuery } from '@tanstack/react-query';
import { learningQueries } from '../api/learning';
import { learnerTotals } from '../domain/dashboard';
import { XpBadgesScreen } from '../screens/XpBadges/XpBadgesScreen';
import { toRemote } from './useRemote';

/** /app/xp-badges: the learner's real figures from the path list, and the badges to come. */
export function XpBadgesRoute() {
  const totals = useQuery({ ...learningQueries.paths(), select: learnerTotals });
  return <XpBadgesScreen totals={toRemote(totals)} />;
}
