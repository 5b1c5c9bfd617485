import { Box, Button } from '@chakra-ui/react';
import { LEADERBOARD_PERIOD_LABELS, LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../../../domain/learning';

export type PeriodFilterProps = {
  period: LeaderboardPeriod;
  onPeriodChange(period: LeaderboardPeriod): void;
};

/** All Time, This Month, This Week, Today: toggle buttons (the pressed one is the board shown). */
export function PeriodFilter({ period, onPeriodChange }: PeriodFilterProps) {
  return (
    <Box
      role="group"
      aria-label="Period"
      bg="bg.muted"
      p="1"
      rounded="lg"
      gap="1"
      display={{ base: 'grid', sm: 'flex' }}
      gridTemplateColumns="repeat(2, minmax(0, 1fr))"
      w={{ base: 'full', sm: 'auto' }}
      flexShrink={0}
    >
      {LEADERBOARD_PERIODS.map((value) => {
        const active = value === period;
        return (
          <Button
            key={value}
            size="sm"
            rounded="md"
            variant={active ? 'solid' : 'ghost'}
            colorPalette={active ? 'brand' : 'gray'}
            color={active ? undefined : 'fg'}
            aria-pressed={active}
            onClick={() => onPeriodChange(value)}
          >
            {LEADERBOARD_PERIOD_LABELS[value]}
          </Button>
        );
      })}
    </Box>
  );
}
