import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../api/common/client';
import { oauthMutations } from '../api/oauth/client';
import { RemoveLinkScreen, type RemoveLinkState } from '../screens/RemoveLink/RemoveLinkScreen';
import { useSession } from '../stores/session';

/** A token can only be what the API mints (43 base64url characters); anything else is not a link. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** /remove-link?token=…: the "linked" mail's link. Nothing happens until the learner clicks. */
export function RemoveLinkRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const remove = useMutation({
    ...oauthMutations.removeLink(),
    // Every session of the account ended, this device's too.
    onSuccess: () => useSession.getState().logout(),
  });

  let state: RemoveLinkState;
  if (!TOKEN.test(token)) state = { status: 'invalid', reason: 'missing' };
  else if (remove.isPending) state = { status: 'pending' };
  else if (remove.isSuccess) state = { status: 'done', message: remove.data };
  else if (remove.isError && isAxiosError(remove.error) && remove.error.response?.status === 400) state = { status: 'invalid', reason: 'refused' };
  else if (remove.isError) state = { status: 'error', message: apiErrorMessage(remove.error) };
  else state = { status: 'ready' };

  return <RemoveLinkScreen state={state} onRemove={() => remove.mutate(token)} />;
}
