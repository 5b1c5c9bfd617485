import { Box, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BookOpen, CircleCheck, ExternalLink, FolderGit2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProjectDetailView } from '../../../api/learning/contract';

export type ProjectMode = 'overview' | 'workspace';
export const PROJECT_TABS = ['overview', 'requirements', 'resources'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export function isProjectTab(value: string | null | undefined): value is ProjectTab {
  return (PROJECT_TABS as readonly string[]).includes(value ?? '');
}

/** A bulleted list with a brand-coloured check per item. */
export function CheckList({ items, icon }: { items: readonly string[]; icon?: ReactNode }) {
  return (
    <Stack as="ul" gap="2.5" listStyleType="none">
      {items.map((item) => (
        <Box as="li" key={item} display="flex" gap="2.5" alignItems="flex-start">
          <Box as="span" color="brand.fg" mt="0.5" flexShrink={0} aria-hidden="true" display="inline-flex">
            {icon ?? <CircleCheck size={18} />}
          </Box>
          <Text>{item}</Text>
        </Box>
      ))}
    </Stack>
  );
}

/** An external link that opens in a new tab and says so to screen readers. */
export function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="medium" display="inline" overflowWrap="anywhere">
      {children}
      <ExternalLink size={14} aria-hidden="true" style={{ display: 'inline', marginInlineStart: 6, verticalAlign: '-2px' }} />
      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
    </Link>
  );
}

/** The project's resources: a docs or GitHub icon and a link each. */
export function ResourceList({ resources }: { resources: ProjectDetailView['resources'] }) {
  if (resources.length === 0) return <Text color="fg.muted">No resources for this project yet.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {resources.map((resource) => (
        <Box
          as="li"
          key={resource.url}
          display="flex"
          gap="3"
          alignItems="center"
          borderWidth="1px"
          borderColor="border"
          rounded="lg"
          px="3"
          py="2.5"
          bg="bg.subtle"
        >
          <Box
            as="span"
            aria-hidden="true"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="8"
            flexShrink={0}
            rounded="md"
            bg="brand.muted"
            color="brand.fg"
          >
            {resource.type === 'github' ? <FolderGit2 size={16} /> : <BookOpen size={16} />}
          </Box>
          <Stack gap="0" minW="0">
            <ExternalAnchor href={resource.url}>{resource.title}</ExternalAnchor>
            <Text fontSize="xs" color="fg.muted">
              {resource.type === 'github' ? 'GitHub repository' : 'Documentation'}
            </Text>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
