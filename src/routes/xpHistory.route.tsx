import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { learningQueries } from '../api/learning/client';
import { xpQueries } from '../api/xp/client';
import type { PathSummary } from '../api/learning/contract';
import { XpHistoryScreen, type PathOption } from '../screens/XpHistory/XpHistoryScreen';
import { toRemote } from '../app/useRemote';

const options = (paths: PathSummary[]): PathOption[] => paths.map(({ slug, title }) => ({ slug, title }));

/** /app/xp-badges/history: every award of XP, one path's with ?path=slug (an unknown slug shows all). */
export function XpHistoryRoute() {
  const [params, setParams] = useSearchParams();
  const paths = useQuery({ ...learningQueries.paths(), select: options });
  const asked = params.get('path');
  const pathSlug = asked !== null && (!paths.isSuccess || paths.data.some((path) => path.slug === asked)) ? asked : null;
  const events = useQuery(xpQueries.xpHistory(pathSlug));
  return (
    <XpHistoryScreen
      events={toRemote(events)}
      paths={paths.data ?? []}
      pathSlug={pathSlug}
      onPathChange={(slug) => setParams(slug === null ? {} : { path: slug })}
    />
  );
}
