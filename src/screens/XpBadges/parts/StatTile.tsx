import { Box, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

export type StatTileProps = { label: string; value: string; icon: LucideIcon };

/** One figure of the learner's XP stats: an icon, the value and what it counts. */
export function StatTile({ label, value, icon: TileIcon }: StatTileProps) {
  return (
    <Card.Root as="li" variant="outline" bg="surface" size="sm" listStyleType="none">
      <Card.Body>
        <HStack gap="3" align="center">
          <Box bg="brand.subtle" color="brand.fg" rounded="lg" p="2.5" flexShrink={0} aria-hidden="true">
            <Icon boxSize="5">
              <TileIcon />
            </Icon>
          </Box>
          <Stack gap="0" minW="0">
            <Text fontSize="2xl" fontWeight="bold" lineHeight="short" color="fg" fontVariantNumeric="tabular-nums">
              {value}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
