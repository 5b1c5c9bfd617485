import { Badge, Box, Card, Heading, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BookOpen, CircleCheck, CirclePlay, ExternalLink, FolderGit2, Lock, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProjectResource, ProjectStatus } from '../../../domain/learning';

export type ProjectMode = 'overview' | 'workspace';
export const PROJECT_TABS = ['overview', 'requirements', 'resources'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];
export type Submission = { status: 'idle' } | { status: 'submitted'; url: string };

export function isProjectTab(value: string | null | undefined): value is ProjectTab {
  return (PROJECT_TABS as readonly string[]).includes(value ?? '');
}

const STATUS: Record<ProjectStatus, { label: string; palette: string; icon: ReactNode }> = {
  completed: { label: 'Completed', palette: 'green', icon: <CircleCheck size={14} aria-hidden="true" /> },
  'in-progress': { label: 'In progress', palette: 'brand', icon: <CirclePlay size={14} aria-hidden="true" /> },
  locked: { label: 'Locked', palette: 'gray', icon: <Lock size={14} aria-hidden="true" /> },
};

/** The project's status, or "Submitted for review" once a repository was sent. */
export function StatusBadge({ status, submitted }: { status: ProjectStatus; submitted: boolean }) {
  if (submitted) {
    return (
      <Badge colorPalette="blue" variant="subtle" size="md">
        <Send size={14} aria-hidden="true" />
        Submitted for review
      </Badge>
    );
  }
  const look = STATUS[status];
  return (
    <Badge colorPalette={look.palette} variant="subtle" size="md">
      {look.icon}
      {look.label}
    </Badge>
  );
}

/** A titled card of the page: an h2 heading and its content. */
export function SectionCard({
  title,
  icon,
  children,
  headingId,
  action,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  headingId?: string;
  action?: ReactNode;
}) {
  return (
    <Card.Root as="section" variant="outline" bg="surface" aria-labelledby={headingId}>
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Stack direction="row" align="center" justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={headingId} display="flex" alignItems="center" gap="2">
            {icon ? (
              <Box as="span" color="brand.fg" display="inline-flex" aria-hidden="true">
                {icon}
              </Box>
            ) : null}
            {title}
          </Heading>
          {action}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
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
export function ResourceList({ resources }: { resources: readonly ProjectResource[] }) {
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
