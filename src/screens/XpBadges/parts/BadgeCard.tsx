import { Badge as Tag, Box, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Award, Check, Code, Flame, Layers, Star, Trophy, Zap, type LucideIcon } from 'lucide-react';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { formatDate, formatNumber } from '../../../domain/format';
import type { BadgeView } from '../../../domain/learningApi';

/** content/badges.yaml names its icons; anything else shows the plain award. */
const BADGE_ICONS: Record<string, LucideIcon> = { zap: Zap, code: Code, flame: Flame, star: Star, trophy: Trophy, layers: Layers };

/** One badge: earned (with its date), on the way (real progress), or not measured yet (its note, no bar). */
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
          ) : !badge.measured ? (
            <Tag colorPalette="gray" variant="outline" size="md">
              Not measured yet
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
        {badge.measured ? (
          <ProgressBar
            size="sm"
            percent={badge.earned ? 100 : (badge.percent ?? 0)}
            label={`${badge.title} progress`}
            caption={
              badge.earned && badge.earnedAt
                ? `Earned on ${formatDate(badge.earnedAt)}`
                : `${formatNumber(Math.min(badge.current ?? 0, badge.target))} of ${formatNumber(badge.target)}`
            }
          />
        ) : badge.note ? (
          <Text fontSize="sm" color="fg.muted" bg="bg.subtle" rounded="md" px="3" py="2">
            {badge.note}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
