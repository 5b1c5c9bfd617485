import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
// Deep imports (see the alias in vite.config.ts): `@chakra-ui/react/theme` would bring every recipe.
import { accordionSlotRecipe } from '@chakra-theme/recipes/accordion';
import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs';
import { tooltipSlotRecipe } from '@chakra-theme/recipes/tooltip';
import { animationStyles } from '@chakra-theme/motion-styles';
import { formRecipes } from './forms';
import { core, pathforge } from './index';

/**
 * The signed-in area's system: everything in `./index.ts` and `./forms.ts` plus the recipes only
 * the app uses. AppShell provides it, so it arrives with the app layout's chunk, not with the
 * landing page.
 */
export const appSystem = createSystem(
  defaultBaseConfig,
  core,
  pathforge,
  defineConfig({ theme: formRecipes }),
  defineConfig({
    theme: {
      // Only the app's recipes (tooltip) use animation styles.
      animationStyles,
      slotRecipes: {
        accordion: accordionSlotRecipe,
        avatar: avatarSlotRecipe,
        checkbox: checkboxSlotRecipe,
        dialog: dialogSlotRecipe,
        drawer: drawerSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        progress: progressSlotRecipe,
        switch: switchSlotRecipe,
        table: tableSlotRecipe,
        tabs: tabsSlotRecipe,
        tooltip: tooltipSlotRecipe,
      },
    },
  }),
);
