import { Box, Card, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

export type StatTileProps = {
  label: string;
  value: string;
  icon: LucideIcon;
  /** A short line under the label (e.g. where the figure comes from). */
  detail?: string;
};

/** One figure of the learner's XP stats: an icon, the value and what it counts. */
export function StatTile({ label, value, icon: TileIcon, detail }: StatTileProps) {
  return (
    <Card.Root as="li" variant="outline" bg="surface" size="sm" listStyleType="none">
      <Card.Body>
        <Flex gap="3" align="flex-start" direction={{ base: 'column', sm: 'row' }}>
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
            {detail ? (
              <Text fontSize="xs" color="fg.muted" mt="1">
                {detail}
              </Text>
            ) : null}
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
