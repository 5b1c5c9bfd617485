import { LandingScreen } from '../screens/Landing/LandingScreen';
import { selectIsSignedIn, useSession } from '../stores/session';

/** `/`: the landing page. Kept light: no react-query, axios or src/api on this route (bundle budget). */
export function LandingRoute() {
  const isSignedIn = useSession(selectIsSignedIn);
  return <LandingScreen isSignedIn={isSignedIn} />;
}
