import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Award, Clock, FolderCheck, Flame, Sparkles, TrendingUp } from 'lucide-react';
import type { XpData } from '../../domain/learning';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import type { Remote } from '../remote';
import { BadgeCard } from './parts/BadgeCard';
import { StatTile, type StatTileProps } from './parts/StatTile';

export type XpBadgesScreenProps = { xp: Remote<XpData> };

const number = (value: number) => value.toLocaleString('en-US');

/** XP & Badges (spec §2): six stat tiles and the badge cards with their progress. */
export function XpBadgesScreen({ xp }: XpBadgesScreenProps) {
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          XP & Badges
        </Heading>
        <Text color="fg.muted">Track the XP you’ve earned and the badges you’re working towards.</Text>
      </Stack>
      <RemoteView remote={xp} loadingLabel="Loading XP and badges">
        {({ stats, badges }) => {
          const tiles: StatTileProps[] = [
            { label: 'Total XP', value: number(stats.totalXP), icon: Sparkles },
            { label: 'Level', value: number(stats.level), icon: TrendingUp },
            { label: 'Day streak', value: number(stats.streak), icon: Flame },
            { label: 'Projects completed', value: number(stats.projectsCompleted), icon: FolderCheck },
            { label: 'Hours spent', value: number(stats.hoursSpent), icon: Clock },
            { label: 'Badges earned', value: number(stats.badges), icon: Award },
          ];
          return (
            <Stack gap={{ base: '8', md: '10' }}>
              <Stack as="section" aria-labelledby="xp-stats-heading" gap="4">
                <Heading as="h2" id="xp-stats-heading" size="lg">
                  Your stats
                </Heading>
                <SimpleGrid as="ul" columns={{ base: 2, md: 3, xl: 6 }} gap={{ base: '3', md: '4' }}>
                  {tiles.map((tile) => (
                    <StatTile key={tile.label} {...tile} />
                  ))}
                </SimpleGrid>
              </Stack>
              <Stack as="section" aria-labelledby="badges-heading" gap="4">
                <Stack gap="1">
                  <Heading as="h2" id="badges-heading" size="lg">
                    Badges
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    {badges.filter((badge) => badge.earned).length} of {badges.length} earned
                  </Text>
                </Stack>
                <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '4', md: '5' }}>
                  {badges.map((badge) => (
                    <BadgeCard key={badge.id} badge={badge} />
                  ))}
                </SimpleGrid>
              </Stack>
            </Stack>
          );
        }}
      </RemoteView>
    </Stack>
  );
}
