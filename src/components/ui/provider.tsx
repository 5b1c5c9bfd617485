import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import '@fontsource-variable/inter/wght.css';
import '../../theme/fonts/inter-math.css';
import { getSystem } from '../../theme';
import { Toaster } from './toaster';

/** Chakra with PathForge's system, the bundled Inter font, and the toaster. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={getSystem()}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
