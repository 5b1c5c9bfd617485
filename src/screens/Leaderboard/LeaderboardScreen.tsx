import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Trophy } from 'lucide-react';
import { LEADERBOARD_PERIOD_LABELS, LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../../domain/learning';
import { EmptyState } from '../../components/EmptyState/EmptyState';

export type LeaderboardScreenProps = {
  period: LeaderboardPeriod;
  onPeriodChange(period: LeaderboardPeriod): void;
};

function PeriodFilter({ period, onPeriodChange }: LeaderboardScreenProps) {
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

/**
 * Leaderboard (spec §2, issue 10): the period filter and, until XP is computed, a plain "opens
 * soon" in place of a ranking. Nobody is ranked, so no names are shown.
 */
export function LeaderboardScreen({ period, onPeriodChange }: LeaderboardScreenProps) {
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Leaderboard
          </Heading>
          <Text color="fg.muted">See how your XP compares with other learners.</Text>
        </Stack>
        <PeriodFilter period={period} onPeriodChange={onPeriodChange} />
      </Stack>
      <EmptyState
        icon={<Trophy />}
        title="The leaderboard opens soon"
        description="Complete projects now: they will count."
        action={
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/app/paths">Go to your paths</RouterLink>
          </Button>
        }
      />
    </Stack>
  );
}
