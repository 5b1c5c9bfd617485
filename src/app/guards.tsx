import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Center, Spinner } from '@chakra-ui/react';
import { SESSION_HYDRATION_TIMEOUT_MS, selectIsSignedIn, useSession } from '../stores/session';

/** True once the stored session has been read, or after SESSION_HYDRATION_TIMEOUT_MS (5000 ms) at the latest. */
export function useSessionHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => useSession.persist.hasHydrated());
  useEffect(() => {
    if (hydrated) return;
    const unsubscribe = useSession.persist.onFinishHydration(() => setHydrated(true));
    const timer = setTimeout(() => setHydrated(true), SESSION_HYDRATION_TIMEOUT_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [hydrated]);
  return hydrated;
}

function Waiting() {
  return (
    <Center minH="100dvh">
      <Spinner size="lg" color="brand.solid" aria-label="Loading your session" />
    </Center>
  );
}

export type RedirectState = { from?: string };

/**
 * Visitors who open an /app route sign in first, then come back to where they were going. A
 * learner who just pressed Sign Out goes to the landing page instead.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const hydrated = useSessionHydrated();
  const signedIn = useSession(selectIsSignedIn);
  const signedOutByUser = useSession((s) => s.signedOutByUser);
  const location = useLocation();
  if (!hydrated) return <Waiting />;
  if (!signedIn && signedOutByUser) return <Navigate to="/" replace />;
  if (!signedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies RedirectState} />;
  }
  return children ?? <Outlet />;
}

/** Signed-in learners have no business on /login and /register: they are sent on to the app. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const hydrated = useSessionHydrated();
  const signedIn = useSession(selectIsSignedIn);
  const location = useLocation();
  if (!hydrated) return <Waiting />;
  if (signedIn) {
    const from = (location.state as RedirectState | null)?.from;
    return <Navigate to={from?.startsWith('/app') ? from : '/app/dashboard'} replace />;
  }
  return children ?? <Outlet />;
}
