import { Badge, Box, Card, HStack, Image, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, BookOpen, CircleDashed, Clock } from 'lucide-react';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { LEVEL_LABELS, pathHref, type Level } from '../../../domain/learning';
import type { PathSummary } from '../../../api/learning/contract';
import { formatNumber } from '../../../domain/format';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

const LEVEL_PALETTE: Record<Level, string> = { beginner: 'green', intermediate: 'orange', advanced: 'purple' };

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/**
 * One learning path in the grid: image, level, title, summary, size, the learner's own progress
 * (or "Not started"), and its Start Path / Continue Path link.
 */
export function PathCard({ path }: { path: PathSummary }) {
  const titleId = `path-card-${path.id}`;
  const { completedProjects, totalProjects, percent } = path.progress;
  const action = path.started ? 'Continue Path' : 'Start Path';
  return (
    <Card.Root as="article" aria-labelledby={titleId} overflow="hidden" bg="surface" h="full" variant="outline">
      {path.image ? (
        <Image src={path.image} alt="" width="640" height="360" aspectRatio="16 / 9" objectFit="cover" w="full" h="auto" />
      ) : (
        <Box aspectRatio="16 / 9" bg="brand.muted" aria-hidden="true" />
      )}
      <Card.Body gap="3">
        <Box>
          <Badge colorPalette={LEVEL_PALETTE[path.level]} variant="subtle" size="md">
            {LEVEL_LABELS[path.level]}
          </Badge>
        </Box>
        <Card.Title as="h2" id={titleId} fontSize="lg" lineHeight="short">
          {path.title}
        </Card.Title>
        <Card.Description color="fg.muted">{path.summary}</Card.Description>
        <HStack gap="4" color="fg.muted" fontSize="sm" flexWrap="wrap" mt="auto" pt="1">
          <HStack gap="1.5">
            <BookOpen size={16} aria-hidden="true" />
            <Text>{plural(totalProjects, 'project', 'projects')}</Text>
          </HStack>
          <HStack gap="1.5">
            <Clock size={16} aria-hidden="true" />
            <Text>{plural(path.totalHours, 'hour', 'hours')}</Text>
          </HStack>
        </HStack>
        <Box pt="1">
          {path.started ? (
            <ProgressBar
              size="sm"
              percent={percent}
              label={`Your progress on ${path.title}`}
              caption={`${completedProjects} of ${totalProjects} projects completed`}
            />
          ) : (
            <HStack gap="1.5" color="fg.muted" fontSize="sm">
              <CircleDashed size={16} aria-hidden="true" />
              <Text>Not started</Text>
            </HStack>
          )}
        </Box>
      </Card.Body>
      <Card.Footer>
        <LinkButton asChild colorPalette="brand" w="full">
          <RouterLink to={pathHref(path.slug)} aria-label={`${action}: ${path.title}`}>
            {action}
            <ArrowRight aria-hidden="true" />
          </RouterLink>
        </LinkButton>
      </Card.Footer>
    </Card.Root>
  );
}
