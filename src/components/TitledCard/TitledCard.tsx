import { useId, type ReactNode } from 'react';
import { Card, Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';

export type TitledCardProps = {
  title: string;
  /** A decorative lucide icon element shown before the title. */
  icon?: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** A link or button beside the title (e.g. View All). */
  action?: ReactNode;
  /** Shown under the content (e.g. View Full Leaderboard). */
  footer?: ReactNode;
  /** Stretch to the height of its grid cell. */
  fill?: boolean;
  children: ReactNode;
};

/**
 * A titled section of a page: a card whose h2 names it for screen readers. The one card the
 * dashboard, the project page and settings use for their sections.
 */
export function TitledCard({ title, icon, description, action, footer, fill = false, children }: TitledCardProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="surface" h={fill ? 'full' : undefined} minW="0">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0.5" minW="0">
            <HStack gap="2" minW="0">
              {icon ? (
                <Icon boxSize="5" color="brand.fg" aria-hidden="true">
                  {icon}
                </Icon>
              ) : null}
              <Heading as="h2" id={headingId} size="md">
                {title}
              </Heading>
            </HStack>
            {description ? (
              <Text color="fg.muted" fontSize="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {action}
        </Flex>
        <Stack gap="3" flex="1">
          {children}
        </Stack>
        {footer}
      </Card.Body>
    </Card.Root>
  );
}
