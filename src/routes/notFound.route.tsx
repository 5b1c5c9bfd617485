import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen';

export function NotFoundRoute() {
  return <NotFoundScreen />;
}
