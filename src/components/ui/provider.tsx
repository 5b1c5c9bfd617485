import type { ReactNode } from 'react';
import { ChakraProvider, useChakraContext } from '@chakra-ui/react';
import '@fontsource-variable/inter/wght.css';
import '../../theme/fonts/inter-math.css';
import { getSystem } from '../../theme';
import { withRecipes, type Recipes } from '../../theme/withRecipes';
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

/**
 * Gives the components below it `recipes` on top of the system around it (see withRecipes: no
 * second system, no second copy of the global styles). The data layer provides the forms' recipes
 * this way (src/theme/forms.ts), the toast region the toast's.
 */
export function RecipesProvider({ recipes, children }: { recipes: Recipes; children: ReactNode }) {
  return <ChakraProvider value={withRecipes(useChakraContext(), recipes)}>{children}</ChakraProvider>;
}
