import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
// Chakra's theme, module by module (see the alias in vite.config.ts): importing
// '@chakra-ui/react/theme' would bring every recipe Chakra has into the entry chunk.
import { breakpoints } from '@chakra-theme/breakpoints';
import { globalCss } from '@chakra-theme/global-css';
import { layerStyles } from '@chakra-theme/layer-styles';
import { textStyles } from '@chakra-theme/text-styles';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts } from '@chakra-theme/tokens/fonts';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';
import { colors, semanticColors } from './palette';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { containerRecipe } from '@chakra-theme/recipes/container';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { linkRecipe } from '@chakra-theme/recipes/link';

// As Chakra's theme/index.js assembles them.
const tokens = {
  aspectRatios,
  animations,
  blurs,
  borders,
  colors,
  durations,
  easings,
  fonts,
  fontSizes,
  fontWeights,
  letterSpacings,
  lineHeights,
  radii,
  spacing,
  sizes,
  zIndex: zIndices,
  cursor,
};
const semanticTokens = { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii };
const cssVarsPrefix = 'chakra';
const cssVarsRoot = ':where(html, .chakra-theme)';

/**
 * PathForge's one design system.
 *
 * Built from Chakra's base config (conditions and utilities only) plus the tokens and only
 * the recipes the product uses: the full default theme ships every recipe, used or not.
 * A component whose recipe is not listed renders unstyled: add its recipe to `core` below (every
 * page, the landing page included), to `./forms.ts` (the pages below the data layer: sign-in,
 * registration and the app) or to `./app.ts` (the signed-in area only).
 */
const brand = {
  50: { value: '#eef2ff' },
  100: { value: '#e0e7ff' },
  200: { value: '#c7d2fe' },
  300: { value: '#a5b4fc' },
  400: { value: '#818cf8' },
  500: { value: '#6366f1' },
  600: { value: '#4f46e5' },
  700: { value: '#4338ca' },
  800: { value: '#3730a3' },
  900: { value: '#312e81' },
  950: { value: '#1e1b4b' },
};

const pathforge = defineConfig({
  theme: {
    tokens: {
      colors: { brand },
      fonts: {
        heading: { value: "'Inter Variable', 'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif" },
        body: { value: "'Inter Variable', 'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif" },
        // All text is Inter, code too (the workspace's code panel): a system monospace font would
        // differ from machine to machine. Code panels use Inter's tabular figures.
        mono: { value: "'Inter Variable', 'Inter', ui-monospace, monospace" },
      },
    },
    semanticTokens: {
      colors: {
        // `colorPalette="brand"` works like any built-in palette. Every pair passes WCAG AA
        // (solid/contrast: 7.0:1 light on #4338ca, 8.6:1 dark on #c7d2fe... see theme.test.ts).
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
          border: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
        },
        // Page surfaces: a faint tint behind cards so white cards read as cards.
        page: { value: { _light: '#f7f8fc', _dark: '{colors.gray.950}' } },
        surface: { value: { _light: 'white', _dark: '{colors.gray.900}' } },
      },
    },
  },
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'page', color: 'fg' },
  },
});

/**
 * Chakra's tokens and styles, with the recipes of every page, the landing page included (and the
 * error and not-found pages outside the data layer). The pages below the data layer (sign-in,
 * registration, the app) add theirs with `withRecipes` (./forms.ts), the signed-in area more
 * (./app.ts): the landing page does not download them.
 */
export const core = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      link: linkRecipe,
    },
  },
});

let publicSystem: SystemContext | undefined;

/**
 * The system of the public pages (landing, sign-in, registration...). The signed-in area adds its
 * own recipes (tabs, table, dialogs...) in `./app.ts`, loaded with the app layout, so visitors
 * never download them.
 *
 * Created on first use (the first render), not while the modules load: it is the heaviest step of
 * start-up (all tokens and their CSS variables), and done during module
 * evaluation it made one long task of the two.
 */
export function getSystem(): SystemContext {
  publicSystem ??= createSystem(defaultBaseConfig, core, pathforge);
  return publicSystem;
}

export { pathforge };
