import { useSearchParams } from 'react-router-dom';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../domain/learning';
import { LeaderboardScreen } from '../screens/Leaderboard/LeaderboardScreen';

const isPeriod = (value: string | null): value is LeaderboardPeriod =>
  (LEADERBOARD_PERIODS as readonly string[]).includes(value ?? '');

/** /app/leaderboard?period=all|month|week|day (default all). Nobody is ranked yet: nothing to load. */
export function LeaderboardRoute() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: LeaderboardPeriod = isPeriod(raw) ? raw : 'all';
  return (
    <LeaderboardScreen
      period={period}
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
