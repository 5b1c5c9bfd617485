import type { ReactNode } from 'react';
import { Box, Heading, Icon, Stack, Text } from '@chakra-ui/react';

export type EmptyStateProps = {
  /** A lucide icon element, e.g. `<SearchX />` (made decorative here). */
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  /** The way out: a button or link (clear filters, go back, browse paths...). */
  action?: ReactNode;
  /** Heading level of the title; 'h1' when the state is the whole page (e.g. not found). */
  as?: 'h1' | 'h2' | 'h3';
};

/** An empty list, no search results, or an unknown id: says what happened and offers the way on. */
export function EmptyState({ icon, title, description, action, as = 'h2' }: EmptyStateProps) {
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="3"
      py={{ base: '10', md: '14' }}
      px="6"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border"
      rounded="xl"
      bg="surface"
    >
      <Box bg="brand.subtle" color="brand.fg" rounded="full" p="3" aria-hidden="true">
        <Icon boxSize="6">{icon}</Icon>
      </Box>
      <Heading as={as} size="md">
        {title}
      </Heading>
      {description ? (
        <Text color="fg.muted" maxW="md">
          {description}
        </Text>
      ) : null}
      {action ? <Box pt="2">{action}</Box> : null}
    </Stack>
  );
}
