import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { UiProvider } from './components/ui/provider';
import { routes } from './routes/router';
import { usePreferences } from './stores/preferences';
import { applyColorMode } from './theme/colorMode';

// The learner's colour mode applies before the first paint and follows every change.
applyColorMode(usePreferences.getState().colorMode);
usePreferences.subscribe((state) => applyColorMode(state.colorMode));

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>
  </StrictMode>,
);
