import { useQuery } from '@tanstack/react-query';
import { learningQueries } from '../api/learning';
import { XpBadgesScreen } from '../screens/XpBadges/XpBadgesScreen';
import { toRemote } from './useRemote';

/** /app/xp-badges: the learner's XP stats and badges. */
export function XpBadgesRoute() {
  const xp = useQuery(learningQueries.xp());
  return <XpBadgesScreen xp={toRemote(xp)} />;
}
