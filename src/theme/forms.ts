// Deep imports (see the alias in vite.config.ts): `@chakra-ui/react/theme` would bring every recipe.
import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { cardSlotRecipe } from '@chakra-theme/recipes/card';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { separatorRecipe } from '@chakra-theme/recipes/separator';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import type { Recipes } from './withRecipes';

/**
 * The recipes of the pages below the data layer (sign-in, registration, password reset and the
 * app: forms, alerts, loading states, cards), on top of `core` (./index.ts). The data layer
 * (src/routes/data.layout.tsx) provides them with `withRecipes`, so the landing page, which has
 * none of these parts, does not download them; the signed-in area's system (./app.ts) includes them.
 */
export const formRecipes: Recipes = {
  // Chakra's keyframes (the spinner's spin, the skeleton's pulse; dialogs and menus in the app): no
  // public page animates, so they left the landing page's start-up and its HTML.
  keyframes,
  recipes: {
    input: inputRecipe,
    inputAddon: inputAddonRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
    spinner: spinnerRecipe,
  },
  slotRecipes: {
    alert: alertSlotRecipe,
    card: cardSlotRecipe,
    field: fieldSlotRecipe,
  },
};
