import type { UseQueryResult } from '@tanstack/react-query';
import type { Remote } from '../components/RemoteView/remote';
import { apiErrorMessage } from '../api/common/client';

/**
 * A react-query result as the one `Remote<T>` prop screens take. Data already shown stays shown
 * when a refresh in the background fails (a poll while the API restarts, a refetch on focus): the
 * error screen is for data that could not be loaded at all.
 */
export function toRemote<T>(query: UseQueryResult<T>): Remote<T> {
  if (query.isSuccess || (query.isError && query.data !== undefined)) return { status: 'ready', data: query.data as T };
  if (query.isError) return { status: 'error', message: apiErrorMessage(query.error), onRetry: () => void query.refetch() };
  return { status: 'loading' };
}
