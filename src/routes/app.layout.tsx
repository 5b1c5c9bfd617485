import { Outlet } from 'react-router-dom';
import { useConfirmSession } from './useConfirmSession';

/** Placeholder until the app layout with its sidebar lands (issue 3). */
export function AppLayoutRoute() {
  useConfirmSession();
  return <Outlet />;
}
