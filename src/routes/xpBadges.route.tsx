import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { xpQueries } from '../api/xp/client';
import type { XpSummary } from '../api/xp/contract';
import { xpMoment, type XpMomentView } from '../domain/xpViews';
import { XpBadgesScreen } from '../screens/XpBadges/XpBadgesScreen';
import { toRemote } from '../app/useRemote';

/**
 * A level or a badge reached while the page shows XP: the cached answer first, then the fresh one
 * (back from a project, or to this tab). Nothing on the first answer: no moment is invented.
 */
function useLevelUp(xp: XpSummary | undefined) {
  const [seen, setSeen] = useState(xp);
  const [levelUp, setLevelUp] = useState<XpMomentView | null>(null);
  if (xp !== seen) {
    setSeen(xp);
    const moment = seen && xp ? xpMoment(seen, xp) : null;
    if (moment && (moment.toLevel > moment.fromLevel || moment.badges.length > 0)) setLevelUp(moment);
  }
  return [levelUp, () => setLevelUp(null)] as const;
}

/** /app/xp-badges: the learner's XP, level, streaks and badges (GET /learning/xp). */
export function XpBadgesRoute() {
  const xp = useQuery(xpQueries.xp());
  const [levelUp, dismiss] = useLevelUp(xp.data);
  return <XpBadgesScreen xp={toRemote(xp)} levelUp={levelUp} onDismissLevelUp={dismiss} />;
}
