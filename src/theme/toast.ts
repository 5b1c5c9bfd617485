// Deep imports (see the alias in vite.config.ts): `@chakra-ui/react/theme` would bring every recipe.
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import type { Recipes } from './withRecipes';

const { spin } = keyframes;

/**
 * The toast region's recipes (a loading toast shows a spinner) and the one keyframe they use (the
 * region sits at the root: the forms' keyframes are not around it on every page), loaded with its
 * chunk (src/components/ui/toastRegion.tsx).
 */
export const toastRecipes: Recipes = {
  keyframes: spin ? { spin } : {},
  recipes: { spinner: spinnerRecipe },
  slotRecipes: { toast: toastSlotRecipe },
};
