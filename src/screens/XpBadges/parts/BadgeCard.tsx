import { Badge as Tag, Box, Card, HStack, Icon, Progress, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, Code, Flame, Hourglass, Layers, Star, Trophy, Zap, type LucideIcon } from 'lucide-react';
import type { Badge, BadgeIcon } from '../../../domain/learning';

/** The lucide icon and colour palette of each badge icon name. */
const looks: Record<BadgeIcon, { Icon: LucideIcon; palette: string }> = {
  zap: { Icon: Zap, palette: 'orange' },
  code: { Icon: Code, palette: 'brand' },
  flame: { Icon: Flame, palette: 'red' },
  star: { Icon: Star, palette: 'purple' },
  trophy: { Icon: Trophy, palette: 'yellow' },
  layers: { Icon: Layers, palette: 'green' },
};

/** One badge: its icon, what earns it, earned or in progress, and a progress bar. Unearned badges are muted. */
export function BadgeCard({ badge }: { badge: Badge }) {
  const look = looks[badge.icon] ?? looks.star;
  const progress = Math.min(100, Math.max(0, Math.round(badge.progress)));
  return (
    <Card.Root
      as="li"
      listStyleType="none"
      variant="outline"
      bg={badge.earned ? 'surface' : 'bg.subtle'}
      borderStyle={badge.earned ? 'solid' : 'dashed'}
      data-earned={badge.earned}
    >
      <Card.Body gap="4">
        <HStack align="flex-start" justify="space-between" gap="3">
          <Box
            colorPalette={look.palette}
            bg={badge.earned ? 'colorPalette.subtle' : 'bg.muted'}
            color={badge.earned ? 'colorPalette.fg' : 'fg.muted'}
            borderWidth="1px"
            borderColor={badge.earned ? 'colorPalette.muted' : 'border'}
            rounded="full"
            p="3"
            flexShrink={0}
            aria-hidden="true"
          >
            <Icon boxSize="6">
              <look.Icon />
            </Icon>
          </Box>
          {badge.earned ? (
            <Tag colorPalette="green" variant="subtle" size="md" gap="1">
              <CircleCheck size={14} aria-hidden="true" />
              Earned
            </Tag>
          ) : (
            <Tag colorPalette="gray" variant="outline" size="md" gap="1">
              <Hourglass size={14} aria-hidden="true" />
              In progress
            </Tag>
          )}
        </HStack>
        <Stack gap="1">
          <Text as="h3" fontWeight="semibold" fontSize="lg" color="fg">
            {badge.title}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {badge.description}
          </Text>
        </Stack>
        <Progress.Root value={progress} size="sm" colorPalette={badge.earned ? 'green' : 'brand'}>
          <HStack justify="space-between" mb="1.5">
            <Progress.Label fontSize="xs" color="fg.muted" fontWeight="medium">
              Progress
            </Progress.Label>
            <Progress.ValueText fontSize="xs" color="fg" fontWeight="semibold">
              {progress}%
            </Progress.ValueText>
          </HStack>
          <Progress.Track aria-label={`${badge.title} progress`} rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Card.Body>
    </Card.Root>
  );
}
