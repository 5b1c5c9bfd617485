import type { ReactNode } from 'react';
import { Flex, Icon, Stack, Text } from '@chakra-ui/react';

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
