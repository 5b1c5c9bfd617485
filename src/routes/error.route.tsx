import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../screens/Error/ErrorScreen';

/** Whatever breaks below the router, the learner sees a page with a way forward, never a blank one. */
export function RouteError() {
  const error = useRouteError();
  // (Unknown paths never get here: the '*' routes answer them with the lazy 404 page.)
  console.error(error);
  return <ErrorScreen onReload={() => window.location.reload()} />;
}
