import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { toastRecipes } from '../../theme/toast';
import { RecipesProvider } from './recipes';
import { TOAST_DURATION_MS, toastRegionMounted, type ToastType } from './toastMount';

/**
 * The toast machinery (Zag's toast group, Chakra's toast recipe). It is loaded on demand by
 * `./toaster` (on the first toast, or when the browser is idle), so it is not part of the
 * JavaScript a page needs before it is interactive.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 4,
});

const accent: Record<ToastType, { color: string; Icon: typeof Info }> = {
  success: { color: 'green.300', Icon: CircleCheck },
  error: { color: 'red.300', Icon: CircleAlert },
  info: { color: 'blue.300', Icon: Info },
  warning: { color: 'orange.300', Icon: TriangleAlert },
};

/**
 * Toasts always use the dark theme, whatever the page's colour mode:
 * a near-black card with light text and a coloured icon per type.
 */
export function ToastRegion() {
  useEffect(() => toastRegionMounted(), []);
  return (
    <RecipesProvider recipes={toastRecipes}>
      <Portal>
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => {
            const type = (toast.type ?? 'info') as ToastType | 'loading';
            const look = type === 'loading' ? null : (accent[type] ?? accent.info);
            return (
              <Toast.Root width={{ md: 'sm' }} bg="gray.900" color="gray.50" borderWidth="1px" borderColor="gray.700" boxShadow="lg" alignItems="flex-start">
                {look ? (
                  <look.Icon size={20} color={`var(--chakra-colors-${look.color.replace('.', '-')})`} aria-hidden="true" />
                ) : (
                  <Spinner size="sm" color="brand.300" />
                )}
                <Stack gap="1" flex="1" maxWidth="100%">
                  {toast.title && <Toast.Title color="gray.50">{toast.title}</Toast.Title>}
                  {toast.description && <Toast.Description color="gray.300">{toast.description}</Toast.Description>}
                </Stack>
                {toast.closable !== false && <Toast.CloseTrigger color="gray.300" aria-label="Dismiss notification" />}
              </Toast.Root>
            );
          }}
        </ChakraToaster>
      </Portal>
    </RecipesProvider>
  );
}
