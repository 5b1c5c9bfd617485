import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../router';

/**
 * The app's real route table in a memory router, for the Flows/ stories: they check the glue
 * between screens (containers, mutations, session, guards, toasts) against MSW, not a copy of it.
 */
export function AppFlow({ initialPath }: { initialPath: string }) {
  const [router] = useState(() => createMemoryRouter(routes, { initialEntries: [initialPath] }));
  return <RouterProvider router={router} />;
}
