import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from './markdown';
import { ExternalAnchor } from './shared';

function InlineContent({ items }: { items: readonly Inline[] }): ReactNode {
  return items.map((item, index) => {
    switch (item.kind) {
      case 'text':
        return item.text;
      case 'code':
        return (
          <Box as="code" key={index} fontFamily="mono" fontSize="0.9em" bg="bg.muted" color="fg" rounded="sm" px="1" py="0.5" overflowWrap="anywhere">
            {item.text}
          </Box>
        );
      case 'strong':
        return (
          <Box as="strong" key={index} fontWeight="semibold" color="fg">
            <InlineContent items={item.children} />
          </Box>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineContent items={item.children} />
          </em>
        );
      case 'link':
        return (
          <ExternalAnchor key={index} href={item.href}>
            <InlineContent items={item.children} />
          </ExternalAnchor>
        );
    }
  });
}

const HEADING_SIZE = { 2: 'md', 3: 'sm' } as const;

function Blocks({ blocks, tight = false }: { blocks: readonly Block[]; tight?: boolean }): ReactNode {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case 'heading': {
        // The page's h1 is the project's title: the brief's headings start at h2.
        const level = Math.min(4, Math.max(2, block.level)) as 2 | 3 | 4;
        return (
          <Heading key={index} as={`h${level}`} size={level === 2 ? HEADING_SIZE[2] : HEADING_SIZE[3]} pt={index === 0 ? '0' : '2'}>
            <InlineContent items={block.children} />
          </Heading>
        );
      }
      case 'paragraph':
        return tight ? (
          <InlineContent key={index} items={block.children} />
        ) : (
          <Text key={index} color="fg">
            <InlineContent items={block.children} />
          </Text>
        );
      case 'code':
        return (
          <Box
            as="pre"
            key={index}
            fontFamily="mono"
            fontSize="sm"
            lineHeight="tall"
            fontVariantNumeric="tabular-nums slashed-zero"
            bg="bg.muted"
            color="fg"
            rounded="md"
            borderWidth="1px"
            borderColor="border"
            px="3"
            py="2"
            m="0"
            whiteSpace="pre-wrap"
            overflowWrap="anywhere"
          >
            <code>{block.text}</code>
          </Box>
        );
      case 'list':
        return (
          <Box
            as={block.ordered ? 'ol' : 'ul'}
            key={index}
            {...(block.ordered && block.start !== 1 ? { start: block.start } : {})}
            ps="6"
            listStyleType={block.ordered ? 'decimal' : 'disc'}
            css={{ '& > li::marker': { color: 'var(--chakra-colors-fg-muted)' } }}
          >
            {block.items.map((item, itemIndex) => {
              // A one-paragraph item reads as a line; a longer one keeps its blocks apart.
              const simple = item.length === 1 && item[0]?.kind === 'paragraph';
              return (
                <Box as="li" key={itemIndex} ps="1" mt={itemIndex === 0 ? '0' : '2'}>
                  {simple ? (
                    <Blocks blocks={item} tight />
                  ) : (
                    <Stack gap="3">
                      <Blocks blocks={item} />
                    </Stack>
                  )}
                </Box>
              );
            })}
          </Box>
        );
    }
  });
}

/**
 * Markdown from content/ (a project's brief) drawn with React elements only: headings, paragraphs,
 * lists, code, bold, emphasis, and links that open in a new tab. See `markdown.ts` for what it reads.
 */
export function Markdown({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Stack gap="4" lineHeight="tall" minW="0">
      <Blocks blocks={blocks} />
    </Stack>
  );
}
