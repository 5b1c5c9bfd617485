import { Outlet } from 'react-router-dom';

/** Placeholder until the app layout with its sidebar lands (issue 3). */
export function AppLayoutRoute() {
  return <Outlet />;
}
