import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { xpQueries } from '../api/xp/client';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../domain/learning';
import { LeaderboardScreen } from '../screens/Leaderboard/LeaderboardScreen';
import { toRemote } from '../app/useRemote';

const isPeriod = (value: string | null): value is LeaderboardPeriod => (LEADERBOARD_PERIODS as readonly string[]).includes(value ?? '');

/**
 * /app/leaderboard?period=all|month|week|day (default all). While another period loads, the board
 * shown stays (keepPreviousData) and the screen marks it as loading, so the table does not flash.
 */
export function LeaderboardRoute() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: LeaderboardPeriod = isPeriod(raw) ? raw : 'all';
  const board = useQuery({ ...xpQueries.leaderboard(period), placeholderData: keepPreviousData });
  return (
    <LeaderboardScreen
      period={period}
      board={toRemote(board)}
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
