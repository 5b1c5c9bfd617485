import { describe, expect, it } from 'vitest';
// Chakra's own colour modules: for this comparison only, never in the app (see ./palette.ts).
import { colors as chakraColors } from '@chakra-theme/tokens/colors';
import { semanticColors as chakraSemanticColors } from '@chakra-theme/semantic-tokens/colors';
import { colors, semanticColors } from './palette';

const UNUSED = ['teal', 'cyan', 'pink'];

describe('our palette', () => {
  it('has exactly Chakra’s colour scales, less the palettes the product does not use', () => {
    const expected = Object.fromEntries(Object.entries(chakraColors).filter(([name]) => !UNUSED.includes(name)));
    expect(colors).toEqual(expected);
  });

  it('has exactly Chakra’s semantic colours (bg, fg, border and each palette’s roles), less the unused palettes', () => {
    const expected = Object.fromEntries(Object.entries(chakraSemanticColors).filter(([name]) => !UNUSED.includes(name)));
    expect(semanticColors).toEqual(expected);
  });
});
