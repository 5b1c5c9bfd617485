// Deep imports (see the alias in vite.config.ts): `@chakra-ui/react/theme` would bring every recipe.
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import type { Recipes } from './withRecipes';

/** The toast region's recipes (a loading toast shows a spinner), loaded with its chunk (src/components/ui/toastRegion.tsx). */
export const toastRecipes: Recipes = {
  keyframes,
  recipes: { spinner: spinnerRecipe },
  slotRecipes: { toast: toastSlotRecipe },
};
