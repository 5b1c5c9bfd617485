import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../api/common/client';
import { identityMutations, identityQueries } from '../api/account/client';
import { providerStartUrl } from '../api/oauth/client';
import { isOAuthError, isProvider, oauthErrorMessage, oauthMessages } from '../domain/oauth';
import type { LinkedAccountsCardProps } from '../screens/Settings/SettingsScreen';
import { toRemote } from '../app/useRemote';

/**
 * Settings' linked accounts: the list, Link (the dialog's password, then the API opens a
 * transaction, the browser goes to the provider and comes back here with `?linked=` or
 * `?oauthError=`), and Unlink.
 */
export function useLinkedAccounts(): LinkedAccountsCardProps {
  const client = useQueryClient();
  const query = useQuery(identityQueries.linked());
  const link = useMutation(identityMutations.link());
  const unlink = useMutation(identityMutations.unlink(client));
  const [params] = useSearchParams();
  const linked = params.get('linked');
  const provider = params.get('provider');
  const error = params.get('oauthError');

  let notice: LinkedAccountsCardProps['notice'] = null;
  if (unlink.isError) notice = { status: 'error', message: apiErrorMessage(unlink.error) };
  else if (unlink.isSuccess) notice = { status: 'success', message: oauthMessages.unlinked(unlink.variables) };
  else if (isProvider(linked)) notice = { status: 'success', message: oauthMessages.linked(linked) };
  else if (isOAuthError(error)) notice = { status: 'error', message: oauthErrorMessage(error, isProvider(provider) ? provider : null) };

  return {
    accounts: toRemote(query),
    busy: unlink.isPending ? unlink.variables : null,
    // Still pending after a successful start: the browser is on its way to the provider.
    linking: link.variables
      ? {
          provider: link.variables.provider,
          state:
            link.isPending || link.isSuccess ? { status: 'pending' } : link.isError ? { status: 'error', message: apiErrorMessage(link.error) } : { status: 'idle' },
        }
      : null,
    notice,
    onLink: (provider, password) => {
      unlink.reset();
      link.mutate({ provider, password });
    },
    onUnlink: (p) => {
      link.reset();
      unlink.mutate(p);
    },
    signInUrls: { google: providerStartUrl('google'), github: providerStartUrl('github') },
  };
}
