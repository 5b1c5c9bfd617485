/** A mail as Storybook shows it: the subject, the HTML message as a mail client draws it, and its plain-text part. */
import type { ReactNode } from 'react';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { RenderedMail } from './layout.ts';

export function MailPreview(props: { mail: RenderedMail; children: ReactNode }) {
  return (
    <Stack p="6" gap="6" bg="page" minH="100dvh">
      <Text fontWeight="semibold" color="fg">
        Subject: {props.mail.subject}
      </Text>
      {/* The message keeps its own light colours in either mode, as mail clients show it. */}
      <Box bg="bg.muted" py="6" px="3" borderRadius="md">
        {props.children}
      </Box>
      <Stack gap="2">
        <Heading as="h2" size="sm" color="fg">
          Plain-text part
        </Heading>
        <Box as="pre" data-testid="mail-text" whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" color="fg" bg="bg.subtle" p="4" borderRadius="md">
          {props.mail.text}
        </Box>
      </Stack>
    </Stack>
  );
}
