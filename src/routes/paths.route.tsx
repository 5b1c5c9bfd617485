import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { learningQueries } from '../api/learning/client';
import { DURATION_BUCKETS, EMPTY_PATH_FILTERS, LEVELS, type DurationFilter, type LevelFilter, type PathFilters } from '../domain/learning';
import { PathsScreen } from '../screens/Paths/PathsScreen';
import { toRemote } from '../app/useRemote';

function readFilters(params: URLSearchParams): PathFilters {
  const level = params.get('level');
  const duration = params.get('duration');
  return {
    query: params.get('q') ?? '',
    level: (LEVELS as readonly string[]).includes(level ?? '') ? (level as LevelFilter) : EMPTY_PATH_FILTERS.level,
    duration: (DURATION_BUCKETS as readonly string[]).includes(duration ?? '') ? (duration as DurationFilter) : EMPTY_PATH_FILTERS.duration,
  };
}

function writeFilters(filters: PathFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query !== '') params.set('q', filters.query);
  if (filters.level !== 'all') params.set('level', filters.level);
  if (filters.duration !== 'all') params.set('duration', filters.duration);
  return params;
}

/** /app/paths: the filters live in the URL (?q=&level=&duration=) so they survive reload and back. */
export function PathsRoute() {
  const [params, setParams] = useSearchParams();
  const paths = useQuery(learningQueries.paths());
  const filters = readFilters(params);
  return (
    <PathsScreen
      paths={toRemote(paths)}
      filters={filters}
      onFiltersChange={(next) =>
        // Typing replaces the entry (no history step per key); choosing a filter is a step back can undo.
        setParams(writeFilters(next), { replace: next.query !== filters.query })
      }
    />
  );
}
