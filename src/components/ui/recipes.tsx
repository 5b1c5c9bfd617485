import type { ReactNode } from 'react';
import { ChakraProvider, useChakraContext } from '@chakra-ui/react';
import { withRecipes, type Recipes } from '../../theme/withRecipes';

/**
 * Gives the components below it `recipes` on top of the system around it (see withRecipes: no
 * second system, no second copy of the global styles). The data layer provides the forms' recipes
 * this way (src/theme/forms.ts), the toast region the toast's. A module of its own, not in
 * ./provider.tsx: the landing page, which needs no more recipes, does not load it.
 */
export function RecipesProvider({ recipes, children }: { recipes: Recipes; children: ReactNode }) {
  return <ChakraProvider value={withRecipes(useChakraContext(), recipes)}>{children}</ChakraProvider>;
}
