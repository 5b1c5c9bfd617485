import { queryOptions } from '@tanstack/react-query';
import { unsubscribeResponseSchema, type UnsubscribeResponse } from './contract';
import { api } from '../common/client';

export const unsubscribeQueries = {
  /**
   * Unsubscribe from a mailed link (no sign-in: the token says who and which mail), once the page's
   * button is pressed. Sent once per page (turning a mail off twice changes nothing), never again on
   * focus or reconnect.
   */
  open: (token: string) =>
    queryOptions({
      queryKey: ['unsubscribe', token],
      queryFn: async (): Promise<UnsubscribeResponse> => unsubscribeResponseSchema.parse((await api.post(`/unsubscribe/${encodeURIComponent(token)}`, {})).data),
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};
