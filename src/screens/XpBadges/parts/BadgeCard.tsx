import { Badge as Tag, Box, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Award, Check, Code, Flame, Layers, Star, Trophy, Zap, type LucideIcon } from 'lucide-react';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { formatDate, formatNumber } from '../../../domain/format';
import type { BadgeView } from '../../../api/xp/contract';

/** content/badges.yaml names its icons; anything else shows the plain award. */
const BADGE_ICONS: Record<string, LucideIcon> = { zap: Zap, code: Code, flame: Flame, star: Star, trophy: Trophy, layers: Layers };

/** What a retired badge says to those who earned it. */
export const RETIRED_BADGE_NOTE = 'Retired: you keep it, and it is no longer awarded.';

/** One badge: earned (with its date), or on the way (real progress); a retired one, shown to its earners, says so. */
export function BadgeCard({ badge }: { badge: BadgeView }) {
  const BadgeIcon = BADGE_ICONS[badge.icon] ?? Award;
  return (
    <Card.Root as="li" listStyleType="none" variant="outline" bg="surface" h="full">
      <Card.Body gap="4">
        <HStack align="flex-start" justify="space-between" gap="3">
          <Box
            colorPalette={badge.color}
            bg="colorPalette.subtle"
            color="colorPalette.fg"
            borderWidth="1px"
            borderColor="colorPalette.muted"
            rounded="full"
            p="3"
            flexShrink={0}
            aria-hidden="true"
          >
            <Icon boxSize="6">
              <BadgeIcon />
            </Icon>
          </Box>
          {badge.earned ? (
            <Tag colorPalette="green" variant="subtle" size="md" gap="1">
              <Check size={14} aria-hidden="true" />
              Earned
            </Tag>
          ) : null}
        </HStack>
        <Stack gap="1" flex="1">
          <Text as="h3" fontWeight="semibold" fontSize="lg" color="fg">
            {badge.title}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {badge.description}
          </Text>
        </Stack>
        <ProgressBar
          size="sm"
          percent={badge.earned ? 100 : badge.percent}
          label={`${badge.title} progress`}
          caption={
            badge.earned && badge.earnedAt
              ? `Earned on ${formatDate(badge.earnedAt)}`
              : `${formatNumber(Math.min(badge.current, badge.target))} of ${formatNumber(badge.target)}`
          }
        />
        {badge.retired ? (
          <Text fontSize="sm" color="fg.muted" bg="bg.subtle" rounded="md" px="3" py="2">
            {RETIRED_BADGE_NOTE}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
