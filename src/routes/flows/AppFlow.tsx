import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../app/router';

type FlowRouter = ReturnType<typeof createMemoryRouter>;
let shown: FlowRouter | null = null;

/** The router of the Flows story on show, so a play can check where the app is (address, push or replace). */
export function flowRouter(): FlowRouter | null {
  return shown;
}

/**
 * The app's real route table in a memory router, for the Flows/ stories: they check the glue
 * between screens (containers, mutations, session, guards, toasts) against MSW, not a copy of it.
 */
export function AppFlow({ initialPath }: { initialPath: string }) {
  const [router] = useState(() => (shown = createMemoryRouter(routes, { initialEntries: [initialPath] })));
  return <RouterProvider router={router} />;
}
