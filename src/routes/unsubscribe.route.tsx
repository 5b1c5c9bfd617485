import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useParams } from 'react-router-dom';
import { apiErrorMessage } from '../api/common/client';
import { unsubscribeQueries } from '../api/unsubscribe/client';
import { UnsubscribeScreen, type UnsubscribeState } from '../screens/Unsubscribe/UnsubscribeScreen';

/**
 * /unsubscribe/:token: turns the mail's kind off with one click on the page (no sign-in). Nothing
 * is sent when the page opens: a mail scanner that runs it must not unsubscribe anyone.
 */
export function UnsubscribeRoute() {
  const { token = '' } = useParams();
  const [asked, setAsked] = useState(false);
  const query = useQuery({ ...unsubscribeQueries.open(token), enabled: token !== '' && asked });

  let state: UnsubscribeState;
  if (token === '' || (query.isError && isAxiosError(query.error) && query.error.response?.status === 404)) state = { status: 'invalid' };
  else if (query.isError) state = { status: 'error', message: apiErrorMessage(query.error) };
  else if (query.isSuccess) state = { status: 'done', kind: query.data.kind };
  else if (!asked) state = { status: 'ready' };
  else state = { status: 'working' };

  return <UnsubscribeScreen state={state} onConfirm={() => setAsked(true)} onRetry={() => void query.refetch()} />;
}
