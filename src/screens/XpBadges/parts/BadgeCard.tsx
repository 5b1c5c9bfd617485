import { Badge as Tag, Box, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Hourglass } from 'lucide-react';
import type { UpcomingBadge } from './upcomingBadges';

/** One badge to come: its icon, title, what will earn it, and a plain "Coming soon" (no invented progress). */
export function BadgeCard({ badge }: { badge: UpcomingBadge }) {
  return (
    <Card.Root as="li" listStyleType="none" variant="outline" bg="surface" h="full">
      <Card.Body gap="4">
        <HStack align="flex-start" justify="space-between" gap="3">
          <Box
            colorPalette={badge.palette}
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
              <badge.Icon />
            </Icon>
          </Box>
          <Tag colorPalette="gray" variant="outline" size="md" gap="1">
            <Hourglass size={14} aria-hidden="true" />
            Coming soon
          </Tag>
        </HStack>
        <Stack gap="1">
          <Text as="h3" fontWeight="semibold" fontSize="lg" color="fg">
            {badge.title}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {badge.description}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
