import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { RecipesProvider } from '../components/ui/recipes';
import { notify, preloadToastRegion } from '../components/ui/toaster';
import { messages, setSessionEndedHandler } from '../api/common/client';
import { formRecipes } from '../theme/forms';

setSessionEndedHandler(() => notify('info', messages.sessionEnded));

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Retry network trouble, not answers: a 4xx will not change by asking again.
        retry: (failures, error) => failures < 2 && !(isAxiosError(error) && error.response && error.response.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Routes below this one talk to the API; the landing page does not load this chunk. They get the
 * forms' recipes (src/theme/forms.ts) and, since any of them may show a toast, the toast region is
 * fetched once the browser is idle.
 */
export function DataLayout() {
  const [client] = useState(createQueryClient);
  useEffect(preloadToastRegion, []);
  return (
    <QueryClientProvider client={client}>
      <RecipesProvider recipes={formRecipes}>
        <Outlet />
      </RecipesProvider>
    </QueryClientProvider>
  );
}
