import { StrictMode, type ReactNode } from 'react';
import { UiProvider } from '../components/ui/provider';

/**
 * The one tree around the router, in the browser (src/main.tsx) and at build time (src/delivery/prerender.tsx):
 * hydration reuses the prerendered HTML only if both render exactly the same elements.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <UiProvider>{children}</UiProvider>
    </StrictMode>
  );
}
