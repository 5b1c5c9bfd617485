import { Heading, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Lock, ShieldCheck, Trophy, Users } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { TitledCard } from '../../components/TitledCard/TitledCard';
import { showsSelfReported, VERIFIED_RANKS_NOTE } from '../../domain/dashboard';
import { formatNumber } from '../../domain/format';
import { LEADERBOARD_PERIOD_LABELS, type LeaderboardPeriod } from '../../domain/learning';
import { LEADERBOARD_WINDOW_HOURS, PRIVATE_LEARNER_NAME } from '../../domain/learning';
import type { LeaderboardView } from '../../api/xp/contract';
import type { Remote } from '../../components/RemoteView/remote';
import { BoardTable } from './parts/BoardTable';
import { PeriodFilter } from './parts/PeriodFilter';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type LeaderboardScreenProps = {
  /** The period chosen (the URL's). */
  period: LeaderboardPeriod;
  onPeriodChange(period: LeaderboardPeriod): void;
  /**
   * The board. While the next period loads, the container keeps the previous one (its `period`
   * differs from the chosen one): it stays on screen, marked as loading, so the table never flashes.
   */
  board: Remote<LeaderboardView>;
};

const LABELS = LEADERBOARD_PERIOD_LABELS;
const HOURS = LEADERBOARD_WINDOW_HOURS;

/** The periods are rolling windows, not calendar ones: said once, under the title. */
export const ROLLING_WINDOWS = `${LABELS.month} is the last ${HOURS.month / 24} days, ${LABELS.week} the last ${HOURS.week / 24} days, ${LABELS.day} the last ${HOURS.day} hours; ties go to whoever got there first.`;

/** "You have no XP{ this week} yet". */
const WITHIN: Record<LeaderboardPeriod, string> = { all: '', month: ' this month', week: ' this week', day: ' today' };

const learners = (count: number) => `${formatNumber(count)} ${count === 1 ? 'learner' : 'learners'}`;

const pathsLink = (
  <LinkButton asChild colorPalette="brand" size="sm">
    <RouterLink to="/app/paths">Go to your paths</RouterLink>
  </LinkButton>
);

function Board({ board, chosen }: { board: LeaderboardView; chosen: LeaderboardPeriod }) {
  const label = LABELS[board.period];
  const loading =
    board.period !== chosen ? (
      <Text role="status" fontSize="sm" color="fg.muted">
        Loading {LABELS[chosen]}…
      </Text>
    ) : null;
  if (board.top.length === 0) {
    return (
      <Stack gap="3">
        {loading}
        <EmptyState
          icon={<Users />}
          title={`Nobody has earned XP${WITHIN[board.period]} yet`}
          description="Tick a task in one of your paths to join the board."
          action={pathsLink}
        />
      </Stack>
    );
  }
  const count =
    board.learners > board.top.length
      ? `Top ${formatNumber(board.top.length)} of ${learners(board.learners)} with XP${WITHIN[board.period]}`
      : `${learners(board.learners)} with XP${WITHIN[board.period]}`;
  const standing =
    loading ??
    (board.me ? (
      <Text fontWeight="semibold" color="brand.fg">
        Your rank: #{formatNumber(board.me.rank)} of {learners(board.learners)}
      </Text>
    ) : null);
  return (
    <TitledCard
      title={label}
      icon={<Trophy />}
      description={count}
      action={standing}
      footer={
        board.me === null ? (
          <Stack direction={{ base: 'column', sm: 'row' }} align={{ base: 'flex-start', sm: 'center' }} justify="space-between" gap="3">
            <Text color="fg">You have no XP{WITHIN[board.period]} yet: tick a task to join the board.</Text>
            {pathsLink}
          </Stack>
        ) : null
      }
    >
      <BoardTable label={label} board={board} />
    </TitledCard>
  );
}

/** A line under the board, after its icon. */
function BoardNote({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="2" align="flex-start" color="fg.muted" fontSize="sm">
      <Icon boxSize="4" mt="0.5" flexShrink={0} aria-hidden="true">
        {icon}
      </Icon>
      <Text>{children}</Text>
    </HStack>
  );
}

/** Which ranks are verified: said only on a board that shows self-reported XP. */
function VerifiedNote() {
  return <BoardNote icon={<ShieldCheck />}>{VERIFIED_RANKS_NOTE}</BoardNote>;
}

function PrivacyNote() {
  return (
    <BoardNote icon={<Lock />}>
      Learners with a private profile are shown as “{PRIVATE_LEARNER_NAME}”, without their name. You always see your own name here; other learners see it only while
      Public Profile is on in{' '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/app/settings">Settings</RouterLink>
      </Link>{' '}
      (Privacy & Security).
    </BoardNote>
  );
}

/**
 * Leaderboard: the period filter, the top learners by XP earned in the period
 * (rolling windows), the learner's own row highlighted or, below the top, shown after it; private
 * learners unnamed.
 */
export function LeaderboardScreen({ period, onPeriodChange, board }: LeaderboardScreenProps) {
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Leaderboard
          </Heading>
          <Text color="fg.muted">See how your XP compares with other learners.</Text>
          <Text color="fg.muted" fontSize="sm">
            {ROLLING_WINDOWS}
          </Text>
        </Stack>
        <PeriodFilter period={period} onPeriodChange={onPeriodChange} />
      </Stack>
      <RemoteView remote={board} loadingLabel="Loading the leaderboard">
        {(view) => (
          <Stack gap="4">
            <Board board={view} chosen={period} />
            {showsSelfReported(view) ? <VerifiedNote /> : null}
            <PrivacyNote />
          </Stack>
        )}
      </RemoteView>
    </Stack>
  );
}
