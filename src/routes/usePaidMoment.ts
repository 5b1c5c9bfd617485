import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { learningKeys } from '../api/learning/client';
import { xpQueries } from '../api/xp/client';
import type { ProjectDetailView } from '../api/learning/contract';
import type { XpSummary } from '../api/xp/contract';
import { xpMoment, type XpMomentView } from '../domain/xpViews';

/**
 * The moment of completing a project, played when its report says the XP has been paid (every
 * check passed, or self-reported), never at submission. The total before is the XP answer read when
 * the learner submitted or asked to check again (only one no tick had changed since); the total
 * after is read once paid. Neither is invented: without both there is no moment. Once paid,
 * whatever shows XP (totals, boards, paths) is read again.
 */
export function usePaidMoment(project: ProjectDetailView | null) {
  const client = useQueryClient();
  const xp = useQuery(xpQueries.xp());
  const [moment, setMoment] = useState<XpMomentView | null>(null);
  const before = useRef<XpSummary | undefined>(undefined);
  const paid = project?.submission?.verification.xpPaid ?? false;
  const wasPaid = useRef<boolean | null>(null);

  useEffect(() => {
    const was = wasPaid.current;
    wasPaid.current = paid;
    if (was !== false || !paid) return;
    const from = before.current;
    before.current = undefined;
    if (!from) {
      void client.invalidateQueries({ queryKey: learningKeys.all });
      return;
    }
    // No moment when the new total cannot be read: the report has said what happened.
    client.fetchQuery({ ...xpQueries.xp(), staleTime: 0 }).then(
      (after) => {
        setMoment(xpMoment(from, after));
        void client.invalidateQueries({ queryKey: learningKeys.all });
      },
      () => {},
    );
  }, [paid, client]);

  return {
    moment,
    dismiss: () => setMoment(null),
    /** Keeps the XP total from before a submission or a re-check, when it can be trusted and the XP is not paid yet. */
    rememberBefore: () => {
      const settled = client.isFetching({ queryKey: learningKeys.xp(), exact: true }) === 0 && !client.getQueryState(learningKeys.xp())?.isInvalidated;
      before.current = paid || !settled ? undefined : xp.data;
    },
  };
}
