import type { UseQueryResult } from '@tanstack/react-query';
import type { Remote } from '../screens/remote';
import { apiErrorMessage } from '../api/client';

/** A react-query result as the one `Remote<T>` prop screens take. */
export function toRemote<T>(query: UseQueryResult<T>): Remote<T> {
  if (query.isSuccess) return { status: 'ready', data: query.data };
  if (query.isError) return { status: 'error', message: apiErrorMessage(query.error), onRetry: () => void query.refetch() };
  return { status: 'loading' };
}
