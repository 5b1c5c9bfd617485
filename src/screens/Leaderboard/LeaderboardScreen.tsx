import { Avatar, Box, Button, Card, HStack, Heading, Icon, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Medal, Trophy, Users } from 'lucide-react';
import {
  LEADERBOARD_PERIOD_LABELS,
  LEADERBOARD_PERIODS,
  type LeaderboardEntry,
  type LeaderboardPeriod,
} from '../../domain/learning';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import type { Remote } from '../remote';

export type LeaderboardScreenProps = {
  period: LeaderboardPeriod;
  onPeriodChange(period: LeaderboardPeriod): void;
  entries: Remote<LeaderboardEntry[]>;
};

const ordinal = (rank: number) => {
  const tens = rank % 100;
  if (tens >= 11 && tens <= 13) return `${rank}th`;
  return `${rank}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[rank % 10] ?? 'th'}`;
};

/** Gold trophy for 1st, silver and bronze medals for 2nd and 3rd. */
const podium: Record<number, { Icon: typeof Trophy; palette: string }> = {
  1: { Icon: Trophy, palette: 'yellow' },
  2: { Icon: Medal, palette: 'gray' },
  3: { Icon: Medal, palette: 'orange' },
};

function RankCell({ rank }: { rank: number }) {
  const place = podium[rank];
  if (!place) {
    return (
      <Box w="8" textAlign="center" fontWeight="semibold" color="fg.muted" fontVariantNumeric="tabular-nums">
        <span aria-hidden="true">{rank}</span>
        <VisuallyHidden>{ordinal(rank)} place</VisuallyHidden>
      </Box>
    );
  }
  return (
    <HStack
      colorPalette={place.palette}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      borderWidth="1px"
      borderColor="colorPalette.emphasized"
      rounded="full"
      w="8"
      h="8"
      justify="center"
      title={`${ordinal(rank)} place`}
    >
      <Icon boxSize="4" aria-hidden="true">
        <place.Icon />
      </Icon>
      <VisuallyHidden>{ordinal(rank)} place</VisuallyHidden>
    </HStack>
  );
}

function PeriodFilter({ period, onPeriodChange }: Pick<LeaderboardScreenProps, 'period' | 'onPeriodChange'>) {
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

function Board({ period, entries }: { period: LeaderboardPeriod; entries: LeaderboardEntry[] }) {
  const label = LEADERBOARD_PERIOD_LABELS[period];
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={<Users />}
        title="No rankings yet"
        description={`Nobody has earned XP for ${label.toLowerCase()} yet. Complete a project to claim the top spot.`}
      />
    );
  }
  return (
    <Card.Root variant="outline" bg="surface" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size={{ base: 'sm', md: 'md' }} interactive>
          <Table.Caption srOnly>Leaderboard rankings: {label}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader w={{ base: '16', md: '24' }} color="fg.muted">
                Rank
              </Table.ColumnHeader>
              <Table.ColumnHeader color="fg.muted">User</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" color="fg.muted">
                Points
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id} bg="surface">
                <Table.Cell>
                  <RankCell rank={entry.rank} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="3" minW="0">
                    <Avatar.Root size={{ base: 'sm', md: 'md' }} colorPalette="brand" variant="subtle" flexShrink={0}>
                      <Avatar.Fallback aria-hidden="true">{entry.avatar}</Avatar.Fallback>
                    </Avatar.Root>
                    <Text fontWeight="medium" color="fg" truncate>
                      {entry.name}
                    </Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold" color="fg" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {entry.points.toLocaleString('en-US')} XP
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Card.Root>
  );
}

/** Leaderboard (spec §2): a period filter and the ranked learners with their XP. */
export function LeaderboardScreen({ period, onPeriodChange, entries }: LeaderboardScreenProps) {
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
      <RemoteView remote={entries} loadingLabel="Loading leaderboard">
        {(list) => <Board period={period} entries={list} />}
      </RemoteView>
    </Stack>
  );
}
