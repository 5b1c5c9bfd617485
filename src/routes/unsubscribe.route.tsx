import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useParams } from 'react-router-dom';
import { apiErrorMessage } from '../api/client';
import { unsubscribeQueries } from '../api/unsubscribe';
import { UnsubscribeScreen, type UnsubscribeState } from '../screens/Unsubscribe/UnsubscribeScreen';

/** /unsubscribe/:token: turns the mail's kind off as soon as the page opens (one click, no sign-in). */
export function UnsubscribeRoute() {
  const { token = '' } = useParams();
  const query = useQuery({ ...unsubscribeQueries.open(token), enabled: token !== '' });

  let state: UnsubscribeState;
  if (token === '' || (query.isError && isAxiosError(query.error) && query.error.response?.status === 404)) state = { status: 'invalid' };
  else if (query.isError) state = { status: 'error', message: apiErrorMessage(query.error) };
  else if (query.isSuccess) state = { status: 'done', kind: query.data.kind };
  else state = { status: 'working' };

  return <UnsubscribeScreen state={state} onRetry={() => void query.refetch()} />;
}
