import { Alert, Badge, Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RefreshCw, Trophy, Users } from 'lucide-react';
import { RankMark } from '../../../components/RankMark/RankMark';
import { boardName, topLearnersOf, type LeaderboardRow } from '../../../domain/dashboard';
import { formatNumber, formatXp } from '../../../domain/format';
import { LEADERBOARD_PERIOD_LABELS } from '../../../domain/learning';
import { LEADERBOARD_WINDOW_HOURS } from '../../../domain/learning';
import type { LeaderboardView } from '../../../api/xp/contract';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import type { Remote } from '../../../components/RemoteView/remote';
import { CardEmpty } from './CardEmpty';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

export type TopLearnersCardProps = {
  /** This week's leaderboard (GET /learning/leaderboard?period=week); its failure stays inside the card. */
  board: Remote<LeaderboardView>;
};

type Period = LeaderboardView['period'];

/** "This Week: the last 7 days": the periods are rolling windows, not calendar weeks. */
function windowCaption(period: Period): string {
  const hours = LEADERBOARD_WINDOW_HOURS[period];
  if (hours === null) return `${LEADERBOARD_PERIOD_LABELS[period]}, by XP earned`;
  return `${LEADERBOARD_PERIOD_LABELS[period]}: the last ${hours % 24 === 0 && hours > 24 ? `${hours / 24} days` : `${hours} hours`}`;
}

/** The same words as the Leaderboard page: "Nobody has earned XP this week yet". */
const WITHIN: Record<Period, string> = { all: '', month: ' this month', week: ' this week', day: ' today' };

function LearnerRow({ row }: { row: LeaderboardRow }) {
  return (
    <HStack gap="3" px="2" py="1.5" rounded="lg" bg={row.isMe ? 'brand.subtle' : undefined} borderWidth="1px" borderColor={row.isMe ? 'brand.muted' : 'transparent'}>
      <RankMark rank={row.rank} />
      <Box minW="0" flex="1">
        <Flex gap="2" align="center" wrap="wrap" rowGap="0.5">
          <Text fontWeight="semibold" color="fg" minW="0" overflowWrap="anywhere">
            {boardName(row)}
          </Text>
          {row.isMe ? (
            <Badge colorPalette="brand" variant="solid" size="sm" flexShrink={0}>
              You
            </Badge>
          ) : null}
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          Level {row.level} ·{' '}
          <Text as="span" fontWeight="semibold" color="fg" fontVariantNumeric="tabular-nums">
            {formatXp(row.xp)}
          </Text>
        </Text>
      </Box>
    </HStack>
  );
}

function Board({ board }: { board: LeaderboardView }) {
  const { top, myRow } = topLearnersOf(board);
  if (top.length === 0) {
    return (
      <CardEmpty icon={<Users />} title={`Nobody has earned XP${WITHIN[board.period]} yet`} description="Tick a task in one of your paths to join the board." />
    );
  }
  return (
    <Stack gap="2">
      <Stack as="ol" gap="1" listStyleType="none" aria-label="Top 5 learners">
        {top.map((row) => (
          <Box as="li" key={row.rank}>
            <LearnerRow row={row} />
          </Box>
        ))}
      </Stack>
      {myRow ? (
        <Stack gap="1" pt="2" borderTopWidth="1px" borderColor="border">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
            Your rank, of {formatNumber(board.learners)} {board.learners === 1 ? 'learner' : 'learners'}
          </Text>
          <LearnerRow row={myRow} />
        </Stack>
      ) : null}
      {board.me === null ? (
        <Text fontSize="sm" color="fg.muted" pt="2" borderTopWidth="1px" borderColor="border">
          You have no XP{WITHIN[board.period]} yet: tick a task to join the board.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The week's top 5 learners (ranks 1 to 3 with trophy and medals), the learner's own rank below, View Full Leaderboard. */
export function TopLearnersCard({ board }: TopLearnersCardProps) {
  const period: Period = board.status === 'ready' ? board.data.period : 'week';
  return (
    <TitledCard
      title="Top Learners"
      icon={<Trophy />}
      description={windowCaption(period)}
      footer={
        <LinkButton asChild variant="outline" size="sm" w="full">
          <RouterLink to={`/app/leaderboard?period=${period}`}>View Full Leaderboard</RouterLink>
        </LinkButton>
      }
    >
      {board.status === 'loading' ? (
        <Stack gap="2" role="status" aria-label="Loading the leaderboard">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h="10" rounded="lg" />
          ))}
        </Stack>
      ) : board.status === 'error' ? (
        <Alert.Root status="error" variant="surface" size="sm" flexDirection="column" alignItems="flex-start" gap="2">
          <HStack gap="2" align="flex-start">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The leaderboard could not be loaded.</Alert.Title>
              <Alert.Description>{board.message}</Alert.Description>
            </Alert.Content>
          </HStack>
          <Button size="xs" variant="outline" onClick={board.onRetry}>
            <RefreshCw aria-hidden="true" /> Try again
          </Button>
        </Alert.Root>
      ) : (
        <Board board={board.data} />
      )}
    </TitledCard>
  );
}
