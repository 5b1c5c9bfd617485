import type { SystemContext, ThemingConfig } from '@chakra-ui/react';

/**
 * Recipes to add to a system: `{ recipes: { input: inputRecipe }, slotRecipes: { field: fieldSlotRecipe } }`,
 * and the keyframes they animate with (`{ keyframes: { spin: … } }`).
 */
export type Recipes = Pick<ThemingConfig, 'recipes' | 'slotRecipes' | 'keyframes'>;

const extended = new WeakMap<SystemContext, WeakMap<Recipes, SystemContext>>();

/**
 * `base` with more recipes, for the part of the page that needs them (provided by a nested
 * `<ChakraProvider value={withRecipes(base, recipes)}>`).
 *
 * Chakra's system looks a recipe up only when a component renders (`getRecipe`, `getRecipeFn`):
 * creating it reads no recipe. So this is not a second `createSystem` (the heaviest step of a page's
 * start-up): it shares the base's tokens, conditions, utilities and `css`, and only answers for
 * more recipes. It brings none of the base's global styles (no layer order either): the base's
 * provider, at the root, has them on the page already, and a copy would insert every token's CSS
 * again. Its only global styles are the keyframes `more` brings, if any (the base has none: ./index.ts).
 * Memoised: the same base and recipes give the same object (a stable context value).
 */
export function withRecipes(base: SystemContext, more: Recipes): SystemContext {
  const known = extended.get(base) ?? new WeakMap<Recipes, SystemContext>();
  extended.set(base, known);
  const cached = known.get(more);
  if (cached) return cached;

  const theme = base._config.theme ?? {};
  const recipes = { ...theme.recipes, ...more.recipes };
  const slotRecipes = { ...theme.slotRecipes, ...more.slotRecipes };
  const recipeFns = new Map<string, unknown>();
  const slotRecipeFns = new Map<string, unknown>();
  const isRecipe = (key: string) => Object.hasOwn(recipes, key);
  const isSlotRecipe = (key: string) => Object.hasOwn(slotRecipes, key);
  const system: SystemContext = {
    ...base,
    _config: { ...base._config, disableLayers: true, theme: { ...theme, recipes, slotRecipes, keyframes: { ...theme.keyframes, ...more.keyframes } } },
    // The provider's global styles: the keyframes (as createSystem writes them), nothing of the base again.
    _global: more.keyframes ? [Object.fromEntries(Object.entries(more.keyframes).map(([name, frames]) => [`@keyframes ${name}`, frames]))] : [],
    getRecipe: (key, fallback) => recipes[key] ?? fallback,
    getSlotRecipe: (key, fallback) => slotRecipes[key] ?? fallback,
    getRecipeFn(key, fallback) {
      if (!recipeFns.has(key)) recipeFns.set(key, base.cva(recipes[key] ?? fallback ?? {}));
      return recipeFns.get(key);
    },
    getSlotRecipeFn(key, fallback) {
      if (!slotRecipeFns.has(key)) slotRecipeFns.set(key, base.sva(slotRecipes[key] ?? fallback ?? {}));
      return slotRecipeFns.get(key);
    },
    isRecipe,
    isSlotRecipe,
    hasRecipe: (key) => isRecipe(key) || isSlotRecipe(key),
  };
  known.set(more, system);
  return system;
}
