import { useQuery } from '@tanstack/react-query';
import { sampleQueries as learningQueries } from '../api/sample';
import { XpBadgesScreen } from '../screens/XpBadges/XpBadgesScreen';
import { toRemote } from './useRemote';

/** /app/xp-badges: the learner's XP stats and badges. */
export function XpBadgesRoute() {
  const xp = useQuery(learningQueries.xp());
  return <XpBadgesScreen xp={toRemote(xp)} />;
}
