import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { sampleQueries as learningQueries } from '../api/sample';
import { PathDetailScreen } from '../screens/PathDetail/PathDetailScreen';
import { toRemote } from './useRemote';

/** /app/paths/:pathId. An unknown id answers null, which the screen shows as "Path not found". */
export function PathDetailRoute() {
  const { pathId = '' } = useParams();
  const path = useQuery(learningQueries.path(pathId));
  return <PathDetailScreen path={toRemote(path)} />;
}
