import { useState } from 'react';
import { Box, Button, Flex, HStack, Stack, Text, Theme } from '@chakra-ui/react';
import { FolderGit2, Info } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';

const LINES = ['// Your code lives in your GitHub repository.', 'import { start } from "./app";', '', 'start();'];

/** The Code Editor placeholder: a dark, code-like panel with a Connect Repository toggle. No real editor. */
export function CodePanel() {
  const [showNote, setShowNote] = useState(false);
  return (
    <TitledCard title="Code Editor">
      <Theme appearance="dark" hasBackground={false} rounded="lg" overflow="hidden" borderWidth="1px" borderColor="border">
        <Flex bg="bg.muted" px="4" py="2" align="center" justify="space-between" gap="3" borderBottomWidth="1px" borderColor="border">
          <HStack gap="1.5" aria-hidden="true">
            <Box boxSize="2.5" rounded="full" bg="fg.subtle" />
            <Box boxSize="2.5" rounded="full" bg="fg.subtle" />
            <Box boxSize="2.5" rounded="full" bg="fg.subtle" />
          </HStack>
          <Text fontSize="xs" color="fg.muted" fontFamily="mono">
            index.js
          </Text>
        </Flex>
        <Stack bg="bg" color="fg" px="4" py="4" gap="4" minH="48">
          <Box
            as="pre"
            fontFamily="mono"
            fontVariantNumeric="tabular-nums slashed-zero"
            fontSize="sm"
            lineHeight="tall"
            whiteSpace="pre-wrap"
            overflowWrap="anywhere"
            aria-hidden="true"
            m="0"
          >
            {LINES.map((line, index) => (
              <Flex key={index} gap="4">
                <Box as="span" color="fg.muted" userSelect="none" w="4" textAlign="end" flexShrink={0}>
                  {index + 1}
                </Box>
                <Box as="span" color={line.startsWith('//') ? 'fg.muted' : 'fg'}>
                  {line || ' '}
                </Box>
              </Flex>
            ))}
          </Box>
          <Stack gap="3" align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              The in-browser editor is not available yet.
            </Text>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              aria-expanded={showNote}
              aria-controls="connect-repository-note"
              onClick={() => setShowNote((shown) => !shown)}
            >
              <FolderGit2 aria-hidden="true" /> Connect Repository
            </Button>
            {showNote ? (
              <HStack id="connect-repository-note" gap="2" align="flex-start" fontSize="sm" color="fg" bg="bg.muted" rounded="md" px="3" py="2">
                <Info size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                <Text>
                  Work in your own GitHub repository, then paste its URL in{' '}
                  <Box as="strong" fontWeight="semibold">
                    Submit Project
                  </Box>{' '}
                  when you are done.
                </Text>
              </HStack>
            ) : null}
          </Stack>
        </Stack>
      </Theme>
    </TitledCard>
  );
}
