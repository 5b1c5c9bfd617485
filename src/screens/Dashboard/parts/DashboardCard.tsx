import { useId, type ReactNode } from 'react';
import { Card, Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';

export type DashboardCardProps = {
  title: string;
  /** A decorative lucide icon element shown before the title. */
  icon: ReactNode;
  /** A link or button beside the title (e.g. View All). */
  action?: ReactNode;
  /** Shown under the content (e.g. View Full Leaderboard). */
  footer?: ReactNode;
  children: ReactNode;
};

/** A titled dashboard section: a card whose h2 names it for screen readers. */
export function DashboardCard({ title, icon, action, footer, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="surface" h="full" minW="0">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <HStack gap="2" minW="0">
            <Icon boxSize="5" color="brand.fg" aria-hidden="true">
              {icon}
            </Icon>
            <Heading as="h2" id={headingId} size="md">
              {title}
            </Heading>
          </HStack>
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

export type CardEmptyProps = { icon: ReactNode; title: string; description?: string; action?: ReactNode };

/** The friendly "nothing here yet" inside a dashboard card, with the way on. */
export function CardEmpty({ icon, title, description, action }: CardEmptyProps) {
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="2"
      py="6"
      px="4"
      flex="1"
      justify="center"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border"
      rounded="lg"
      bg="bg.subtle"
    >
      <Flex bg="brand.subtle" color="brand.fg" rounded="full" p="2.5" aria-hidden="true">
        <Icon boxSize="5">{icon}</Icon>
      </Flex>
      <Text fontWeight="semibold" color="fg">
        {title}
      </Text>
      {description ? (
        <Text fontSize="sm" color="fg.muted" maxW="xs">
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
