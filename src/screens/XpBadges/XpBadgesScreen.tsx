import { Box, Flex, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Flag, FolderCheck, Route, Sparkles } from 'lucide-react';
import type { LearnerTotals } from '../../domain/dashboard';
import { formatNumber } from '../../domain/format';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import type { Remote } from '../remote';
import { BadgeCard } from './parts/BadgeCard';
import { StatTile, type StatTileProps } from './parts/StatTile';
import { UPCOMING_BADGES } from './parts/upcomingBadges';

export type XpBadgesScreenProps = {
  /** The learner's real figures so far (learnerTotals of the path list). */
  totals: Remote<LearnerTotals>;
};

/** XP, levels and streaks are not computed yet: said plainly, in place of invented figures. */
function ComingSoonNote() {
  return (
    <Flex
      gap="4"
      align={{ base: 'flex-start', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      p={{ base: '5', md: '6' }}
      rounded="xl"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
    >
      <Box bg="surface" color="brand.fg" rounded="full" p="3" flexShrink={0} aria-hidden="true">
        <Icon boxSize="6">
          <Sparkles />
        </Icon>
      </Box>
      <Stack gap="1">
        <Text fontWeight="semibold" color="fg" fontSize="lg">
          XP, levels and streaks
        </Text>
        <Text color="fg.muted">XP, levels, streaks and the leaderboard arrive soon: your completed projects already count.</Text>
      </Stack>
    </Flex>
  );
}

/**
 * XP & Badges (spec §2, issue 10): the learner's real figures (projects and paths completed), a
 * plain note that XP, levels and streaks arrive soon, and the six badges to come, without progress.
 */
export function XpBadgesScreen({ totals }: XpBadgesScreenProps) {
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          XP & Badges
        </Heading>
        <Text color="fg.muted">What you have achieved so far, and the badges to come.</Text>
      </Stack>
      <Stack as="section" aria-labelledby="xp-stats-heading" gap="4">
        <Heading as="h2" id="xp-stats-heading" size="lg">
          Your stats
        </Heading>
        <RemoteView remote={totals} loadingLabel="Loading your stats">
          {({ projectsCompleted, pathsStarted, pathsCompleted }) => {
            const tiles: StatTileProps[] = [
              { label: 'Projects completed', value: formatNumber(projectsCompleted), icon: FolderCheck },
              { label: 'Paths started', value: formatNumber(pathsStarted), icon: Route },
              { label: 'Paths completed', value: formatNumber(pathsCompleted), icon: Flag },
            ];
            return (
              <SimpleGrid as="ul" columns={{ base: 1, sm: 3 }} gap={{ base: '3', md: '4' }}>
                {tiles.map((tile) => (
                  <StatTile key={tile.label} {...tile} />
                ))}
              </SimpleGrid>
            );
          }}
        </RemoteView>
        <ComingSoonNote />
      </Stack>
      <Stack as="section" aria-labelledby="badges-heading" gap="4">
        <Stack gap="1">
          <Heading as="h2" id="badges-heading" size="lg">
            Badges
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Badges are coming soon.
          </Text>
        </Stack>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '4', md: '5' }}>
          {UPCOMING_BADGES.map((badge) => (
            <BadgeCard key={badge.id} badge={badge} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
