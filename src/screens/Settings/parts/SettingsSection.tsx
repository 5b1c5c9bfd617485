import { useId, type ReactNode } from 'react';
import { Box, Card, HStack, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

export type SettingsSectionProps = { title: string; description: string; icon: LucideIcon; children: ReactNode };

/** A card with an h2: one group of settings. */
export function SettingsSection({ title, description, icon: SectionIcon, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="surface">
      <Card.Header pb="0">
        <HStack gap="3" align="flex-start">
          <Box bg="brand.subtle" color="brand.fg" rounded="lg" p="2" flexShrink={0} aria-hidden="true">
            <Icon boxSize="5">
              <SectionIcon />
            </Icon>
          </Box>
          <Stack gap="0.5">
            <Heading as="h2" id={headingId} size="md">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          </Stack>
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
