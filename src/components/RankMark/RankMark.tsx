import { Box, Flex, Icon, VisuallyHidden } from '@chakra-ui/react';
import { Medal, Trophy } from 'lucide-react';
import { formatNumber } from '../../domain/format';

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  if (tens >= 11 && tens <= 13) return `${formatNumber(rank)}th`;
  return `${formatNumber(rank)}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[rank % 10] ?? 'th'}`;
}

/** Gold trophy for 1st, silver and bronze medals for 2nd and 3rd. */
const PODIUM: Record<number, { Icon: typeof Trophy; palette: string }> = {
  1: { Icon: Trophy, palette: 'yellow' },
  2: { Icon: Medal, palette: 'gray' },
  3: { Icon: Medal, palette: 'orange' },
};

export type RankMarkProps = {
  rank: number;
  /** Below the podium, the bare number (a table's Rank column) instead of a round chip. */
  plain?: boolean;
};

/** A learner's place on a board: a trophy or medal for the first three, the number after; "12th place" to screen readers. */
export function RankMark({ rank, plain = false }: RankMarkProps) {
  const place = PODIUM[rank];
  if (!place && plain) {
    return (
      <Box minW="8" textAlign="center" fontWeight="semibold" color="fg.muted" fontVariantNumeric="tabular-nums">
        <span aria-hidden="true">{formatNumber(rank)}</span>
        <VisuallyHidden>{ordinal(rank)} place</VisuallyHidden>
      </Box>
    );
  }
  return (
    <Flex
      colorPalette={place?.palette ?? 'gray'}
      bg={place ? 'colorPalette.subtle' : 'bg.muted'}
      color={place ? 'colorPalette.fg' : 'fg.muted'}
      borderWidth="1px"
      borderColor={place ? 'colorPalette.emphasized' : 'transparent'}
      rounded="full"
      minW="8"
      h="8"
      px="1"
      align="center"
      justify="center"
      flexShrink={0}
      fontSize="xs"
      fontWeight="semibold"
      fontVariantNumeric="tabular-nums"
      title={place ? `${ordinal(rank)} place` : undefined}
    >
      {place ? (
        <Icon boxSize="4" aria-hidden="true">
          <place.Icon />
        </Icon>
      ) : (
        <span aria-hidden="true">{formatNumber(rank)}</span>
      )}
      <VisuallyHidden>{ordinal(rank)} place</VisuallyHidden>
    </Flex>
  );
}
