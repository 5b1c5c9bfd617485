import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../screens/Error/ErrorScreen';
import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen';

/** Whatever breaks below the router, the learner sees a page with a way forward, never a blank one. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  console.error(error);
  return <ErrorScreen onReload={() => window.location.reload()} />;
}
