import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authQueries } from '../api/auth/client';
import { useSession } from '../stores/session';

/**
 * A session read from storage is confirmed with the API once per visit. An expired access token
 * is refreshed silently by the client; a revoked session signs the learner out (with a toast).
 * When the API cannot be reached the stored session stays: the app area works on sample data.
 */
export function useConfirmSession() {
  const token = useSession((s) => s.token);
  const { data: user } = useQuery({ ...authQueries.me(), enabled: token !== null });
  useEffect(() => {
    if (user) useSession.getState().userConfirmed(user);
  }, [user]);
}
