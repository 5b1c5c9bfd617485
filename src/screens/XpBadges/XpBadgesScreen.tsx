import { Suspense } from 'react';
import { Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Award, Clock, FolderCheck, History, Sparkles } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { LazyXpMoment } from '../../components/XpMoment/lazy';
import type { XpMomentProps } from '../../components/XpMoment/XpMoment';
import { formatNumber } from '../../domain/format';
import type { XpSummary } from '../../api/xp/contract';
import type { Remote } from '../../components/RemoteView/remote';
import { BadgeCard } from './parts/BadgeCard';
import { HowXpWorks } from './parts/HowXpWorks';
import { DailyStreakCard, LevelCard, WeeklyGoalCard } from './parts/ProgressCards';
import { StatTile, type StatTileProps } from './parts/StatTile';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export const XP_HISTORY_HREF = '/app/xp-badges/history';

export type LevelUp = Omit<XpMomentProps, 'onDismiss'>;

export type XpBadgesScreenProps = {
  /** The learner's XP, level, streaks, badges and the rules (GET /learning/xp). */
  xp: Remote<XpSummary>;
  /** A level reached since the page last showed the learner's XP: shown as a moment. */
  levelUp?: LevelUp | null;
  onDismissLevelUp?(): void;
};

function Stats({ xp }: { xp: XpSummary }) {
  const earned = xp.badges.filter((badge) => badge.earned).length;
  const tiles: StatTileProps[] = [
    { label: 'Total XP', value: formatNumber(xp.totalXp), icon: Sparkles },
    { label: 'Projects completed', value: formatNumber(xp.projectsCompleted), icon: FolderCheck },
    { label: 'Hours', value: formatNumber(xp.hoursSpent), icon: Clock, detail: 'Estimated from completed projects' },
    { label: 'Badges earned', value: formatNumber(earned), icon: Award, detail: `Out of ${xp.badges.length}` },
  ];
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <SimpleGrid as="ul" aria-label="Your figures" columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
        {tiles.map((tile) => (
          <StatTile key={tile.label} {...tile} />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '4', md: '5' }}>
        <LevelCard level={xp.level} />
        <DailyStreakCard daily={xp.daily} />
        <WeeklyGoalCard weekly={xp.weekly} />
      </SimpleGrid>
    </Stack>
  );
}

function Badges({ badges }: { badges: XpSummary['badges'] }) {
  const earned = badges.filter((badge) => badge.earned).length;
  return (
    <Stack as="section" aria-labelledby="badges-heading" gap="4">
      <Stack gap="1">
        <Heading as="h2" id="badges-heading" size="lg">
          Badges
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {earned} of {badges.length} earned. A badge you earn stays yours.
        </Text>
      </Stack>
      <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '4', md: '5' }}>
        {badges.map((badge) => (
          <BadgeCard key={badge.id} badge={badge} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * XP & Badges: total XP, level, the daily streak and the weekly goal, projects and
 * their estimated hours, the six badges with real progress, and the rules, all from the API.
 */
export function XpBadgesScreen({ xp, levelUp = null, onDismissLevelUp }: XpBadgesScreenProps) {
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Flex gap="4" justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            XP & Badges
          </Heading>
          <Text color="fg.muted">Your XP, level, streaks and badges, from the work you have done.</Text>
        </Stack>
        <LinkButton asChild variant="outline" size="sm">
          <RouterLink to={XP_HISTORY_HREF}>
            <History aria-hidden="true" /> XP history
          </RouterLink>
        </LinkButton>
      </Flex>
      {levelUp ? (
        <Suspense fallback={null}>
          <LazyXpMoment {...levelUp} onDismiss={onDismissLevelUp} />
        </Suspense>
      ) : null}
      <RemoteView remote={xp} loadingLabel="Loading your XP">
        {(data) => (
          <Stack gap={{ base: '8', md: '10' }}>
            <Stats xp={data} />
            <Badges badges={data.badges} />
            <HowXpWorks rules={data.rules} />
          </Stack>
        )}
      </RemoteView>
    </Stack>
  );
}
