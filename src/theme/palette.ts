import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

/*
 * PathForge's colours: Chakra UI's scales and semantic colours (the values of Chakra 3.37's theme,
 * unchanged), but only the palettes the product uses. Chakra's own modules hold ten palettes;
 * each colour is a CSS variable that every page parses and the system processes at start-up,
 * and their code sat in the landing page's entry chunk. The brand palette is in ./index.ts.
 * To use another palette in `colorPalette`, add its scale and semantic colours here first.
 */

const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;

const scales = {
  gray: ['#fafafa', '#f4f4f5', '#e4e4e7', '#d4d4d8', '#a1a1aa', '#71717a', '#52525b', '#3f3f46', '#27272a', '#18181b', '#111111'],
  red: ['#fef2f2', '#fee2e2', '#fecaca', '#fca5a5', '#f87171', '#ef4444', '#dc2626', '#991919', '#511111', '#300c0c', '#1f0808'],
  orange: ['#fff7ed', '#ffedd5', '#fed7aa', '#fdba74', '#fb923c', '#f97316', '#ea580c', '#92310a', '#6c2710', '#3b1106', '#220a04'],
  yellow: ['#fefce8', '#fef9c3', '#fef08a', '#fde047', '#facc15', '#eab308', '#ca8a04', '#845209', '#713f12', '#422006', '#281304'],
  green: ['#f0fdf4', '#dcfce7', '#bbf7d0', '#86efac', '#4ade80', '#22c55e', '#16a34a', '#116932', '#124a28', '#042713', '#03190c'],
  blue: ['#eff6ff', '#dbeafe', '#bfdbfe', '#a3cfff', '#60a5fa', '#3b82f6', '#2563eb', '#173da6', '#1a3478', '#14204a', '#0c142e'],
  purple: ['#faf5ff', '#f3e8ff', '#e9d5ff', '#d8b4fe', '#c084fc', '#a855f7', '#9333ea', '#641ba3', '#4a1772', '#2f0553', '#1a032e'],
};

/** The palettes `colorPalette` may name (besides `brand`). */
export type PaletteName = keyof typeof scales;

const ALPHAS = ['0.04', '0.06', '0.08', '0.16', '0.24', '0.36', '0.48', '0.64', '0.80', '0.92', '0.95'];
const scale = (values: readonly string[]) => Object.fromEntries(values.map((value, index) => [SHADES[index], { value }]));

export const colors = defineTokens.colors({
  transparent: { value: 'transparent' },
  current: { value: 'currentColor' },
  black: { value: '#09090B' },
  white: { value: '#FFFFFF' },
  whiteAlpha: scale(ALPHAS.map((alpha) => `rgba(255, 255, 255, ${alpha})`)),
  blackAlpha: scale(ALPHAS.map((alpha) => `rgba(0, 0, 0, ${alpha})`)),
  ...Object.fromEntries(Object.entries(scales).map(([name, values]) => [name, scale(values)])),
});

/**
 * A light/dark pair. 'gray.50' and 'white' name tokens ({colors.gray.50}, {colors.white});
 * a plain CSS colour is written as `css:black` (Chakra's palettes use CSS `black`, not the token).
 */
type Pair = readonly [light: string, dark: string];
const valueOf = (color: string) => (color.startsWith('css:') ? color.slice(4) : `{colors.${color}}`);
const pair = ([light, dark]: Pair) => ({ value: { _light: valueOf(light), _dark: valueOf(dark) } });
const pairs = (entries: Record<string, Pair>) => Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, pair(value)]));

type PaletteRole = 'contrast' | 'fg' | 'subtle' | 'muted' | 'emphasized' | 'solid' | 'focusRing' | 'border';

/** What `colorPalette="x"` offers (x.solid, x.fg...): Chakra's pattern, with its exceptions per palette. */
function paletteRoles(name: string, exceptions: Partial<Record<PaletteRole, Pair>> = {}) {
  const shade = (light: number, dark: number): Pair => [`${name}.${light}`, `${name}.${dark}`];
  return pairs({
    contrast: ['css:white', 'css:white'],
    fg: shade(700, 300),
    subtle: shade(100, 900),
    muted: shade(200, 800),
    emphasized: shade(300, 700),
    solid: shade(600, 600),
    focusRing: shade(500, 500),
    border: shade(500, 400),
    ...exceptions,
  });
}

export const semanticColors = defineSemanticTokens.colors({
  bg: pairs({
    DEFAULT: ['white', 'black'],
    subtle: ['gray.50', 'gray.950'],
    muted: ['gray.100', 'gray.900'],
    emphasized: ['gray.200', 'gray.800'],
    inverted: ['black', 'white'],
    panel: ['white', 'gray.950'],
    error: ['red.50', 'red.950'],
    warning: ['orange.50', 'orange.950'],
    success: ['green.50', 'green.950'],
    info: ['blue.50', 'blue.950'],
  }),
  fg: pairs({
    DEFAULT: ['black', 'gray.50'],
    muted: ['gray.600', 'gray.400'],
    subtle: ['gray.400', 'gray.500'],
    inverted: ['gray.50', 'black'],
    error: ['red.500', 'red.400'],
    warning: ['orange.600', 'orange.300'],
    success: ['green.600', 'green.300'],
    info: ['blue.600', 'blue.300'],
  }),
  border: pairs({
    DEFAULT: ['gray.200', 'gray.800'],
    muted: ['gray.100', 'gray.900'],
    subtle: ['gray.50', 'gray.950'],
    emphasized: ['gray.300', 'gray.700'],
    inverted: ['gray.800', 'gray.200'],
    error: ['red.500', 'red.400'],
    warning: ['orange.500', 'orange.400'],
    success: ['green.500', 'green.400'],
    info: ['blue.500', 'blue.400'],
  }),
  gray: paletteRoles('gray', {
    contrast: ['white', 'black'],
    fg: ['gray.800', 'gray.200'],
    solid: ['gray.900', 'white'],
    focusRing: ['gray.400', 'gray.400'],
    border: ['gray.200', 'gray.800'],
  }),
  red: paletteRoles('red'),
  orange: paletteRoles('orange', { contrast: ['css:white', 'css:black'], solid: ['orange.600', 'orange.500'] }),
  green: paletteRoles('green'),
  blue: paletteRoles('blue'),
  yellow: paletteRoles('yellow', {
    contrast: ['css:black', 'css:black'],
    fg: ['yellow.800', 'yellow.300'],
    solid: ['yellow.300', 'yellow.300'],
    border: ['yellow.500', 'yellow.500'],
  }),
  purple: paletteRoles('purple'),
});
