import { HStack, Icon, Text } from '@chakra-ui/react';
import { CircleCheck, Unlink } from 'lucide-react';

export type NoticeProps = { tone: 'error' | 'success'; children: string };

/** A short statement with an icon: what a mailed link did, or why it did nothing. */
export function Notice({ tone, children }: NoticeProps) {
  return (
    <HStack
      align="flex-start"
      gap="3"
      colorPalette={tone === 'error' ? 'red' : 'green'}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      rounded="lg"
      p="4"
    >
      <Icon color="colorPalette.fg" boxSize="5" mt="0.5" flexShrink={0}>
        {tone === 'error' ? <Unlink aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
      </Icon>
      <Text fontWeight="medium" color="fg">
        {children}
      </Text>
    </HStack>
  );
}
