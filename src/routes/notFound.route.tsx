import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen';

export function NotFoundRoute() {
  return <NotFoundScreen />;
}

/** An unknown address below /app: the 404 inside the app's frame (its sidebar and main landmark). */
export function AppNotFoundRoute() {
  return <NotFoundScreen inApp />;
}
