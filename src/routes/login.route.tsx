import { useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { LoginScreen, type LoginNotice } from '../screens/Login/LoginScreen';
import { authMutations } from '../api/auth/client';
import { oauthMutations, oauthQueries, providerLinks } from '../api/oauth/client';
import { isOAuthError, isProvider, oauthErrorMessage, providerLabels } from '../domain/oauth';
import { useSession } from '../stores/session';
import { useValueAfterHydration } from '../delivery/hydration';

/** What the API's redirect back from a provider says: `?oauthError=`, `?link=`, or `?oauth=signed-in`. */
function readProviderReturn(search: string) {
  const params = new URLSearchParams(search);
  const provider = params.get('provider');
  const error = params.get('oauthError');
  return {
    provider: isProvider(provider) ? provider : null,
    error: isOAuthError(error) ? error : null,
    link: params.get('link'),
    signedIn: params.get('oauth') === 'signed-in',
  };
}

/** After a successful sign-in, GuestOnly sends the learner on (to where they were going). */
export function LoginRoute() {
  const login = useMutation(authMutations.login());
  const confirmLink = useMutation(oauthMutations.confirmLink());
  const finish = useMutation(oauthMutations.finishSignIn());
  const providers = useQuery(oauthQueries.providers());
  const pendingEmail = useSession((s) => s.pendingEmail);
  const { search } = useLocation();
  // The prerendered page is the same for every query string: it is read once hydration is over.
  const hydratedSearch = useValueAfterHydration(search);
  const back = useMemo(() => (hydratedSearch === null ? null : readProviderReturn(hydratedSearch)), [hydratedSearch]);
  const finishing = useRef(false);
  useEffect(() => {
    // Once: a second refresh with the same cookie would count as a stolen one.
    if (back?.signedIn && back.provider && !finishing.current) {
      finishing.current = true;
      finish.mutate();
    }
  }, [back, finish]);

  let notice: LoginNotice | null = null;
  if (back?.provider && back.error) notice = { kind: 'error', message: oauthErrorMessage(back.error, back.provider) };
  else if (back?.provider && back.link) notice = { kind: 'link', provider: back.provider };
  else if (back?.provider && back.signedIn && finish.isError) {
    notice = { kind: 'error', message: `Your ${providerLabels[back.provider]} sign-in could not be finished, so you are not signed in. Please try again.` };
  } else if (back?.provider && back.signedIn) notice = { kind: 'finishing', provider: back.provider };

  const link = notice?.kind === 'link' ? back?.link : null;
  return (
    <LoginScreen
      isSubmitting={login.isPending || confirmLink.isPending}
      defaultEmail={pendingEmail ?? undefined}
      onSubmit={(values) => (link ? confirmLink.mutate({ link, ...values }) : login.mutate(values))}
      providers={providerLinks(providers.data)}
      notice={notice}
    />
  );
}
