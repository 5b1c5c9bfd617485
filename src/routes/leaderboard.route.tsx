import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { sampleQueries as learningQueries } from '../api/sample';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../domain/learning';
import { LeaderboardScreen } from '../screens/Leaderboard/LeaderboardScreen';
import { toRemote } from './useRemote';

const isPeriod = (value: string | null): value is LeaderboardPeriod =>
  (LEADERBOARD_PERIODS as readonly string[]).includes(value ?? '');

/** /app/leaderboard?period=all|month|week|day (default all): the ranked learners for that period. */
export function LeaderboardRoute() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: LeaderboardPeriod = isPeriod(raw) ? raw : 'all';
  const entries = useQuery({ ...learningQueries.leaderboard(period), placeholderData: keepPreviousData });
  return (
    <LeaderboardScreen
      period={period}
      entries={toRemote(entries)}
      onPeriodChange={(next) =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            if (next === 'all') updated.delete('period');
            else updated.set('period', next);
            return updated;
          },
          { replace: true },
        )
      }
    />
  );
}
