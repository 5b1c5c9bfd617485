/**
 * The floor of `npm run bench:lighthouse`: the least a page built on the same stack can cost. One
 * page of React 19 + react-router + Chakra UI, rendered in the browser: Chakra's own theme (tokens,
 * semantic tokens, global CSS, as `defaultConfig` has them) with only the button recipe. Built by
 * Vite (scripts/floor/vite.config.ts) and served like the app (scripts/serve.mjs).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Button, ChakraProvider, createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { breakpoints } from '@chakra-theme/breakpoints';
import { globalCss } from '@chakra-theme/global-css';
import { layerStyles } from '@chakra-theme/layer-styles';
import { textStyles } from '@chakra-theme/text-styles';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { colors } from '@chakra-theme/tokens/colors';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts } from '@chakra-theme/tokens/fonts';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';
import { buttonRecipe } from '@chakra-theme/recipes/button';

// Chakra's defaultConfig (theme/index.js), its recipes reduced to the button's.
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
const theme = { breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, recipes: { button: buttonRecipe } };
const system = createSystem(
  defaultBaseConfig,
  defineConfig({ preflight: true, cssVarsPrefix: 'chakra', cssVarsRoot: ':where(html, .chakra-theme)', globalCss, theme }),
);

function Page() {
  return (
    <main style={{ padding: '2rem' }}>
      <h1>Learn software development by building real projects</h1>
      <p>The floor: one page, one button, the same libraries as PathForge.</p>
      <Button colorPalette="blue">Start Free Trial</Button>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', Component: Page }]);
const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>
  </StrictMode>,
);
