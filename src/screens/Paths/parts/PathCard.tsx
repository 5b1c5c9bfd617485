import { Badge, Box, Button, Card, HStack, Image, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, BookOpen, Clock } from 'lucide-react';
import { LEVEL_LABELS, pathHref, type LearningPath, type Level } from '../../../domain/learning';

const LEVEL_PALETTE: Record<Level, string> = { beginner: 'green', intermediate: 'orange', advanced: 'purple' };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One learning path in the grid: image, level, title, description, size, and its own Start Path link. */
export function PathCard({ path }: { path: LearningPath }) {
  const titleId = `path-card-${path.id}`;
  return (
    <Card.Root as="article" aria-labelledby={titleId} overflow="hidden" bg="surface" h="full" variant="outline">
      {path.imageUrl ? (
        <Image src={path.imageUrl} alt="" width="640" height="360" aspectRatio="16 / 9" objectFit="cover" w="full" h="auto" />
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
        <Card.Description color="fg.muted">{path.description}</Card.Description>
        <HStack gap="4" color="fg.muted" fontSize="sm" flexWrap="wrap" mt="auto" pt="1">
          <HStack gap="1.5">
            <BookOpen size={16} aria-hidden="true" />
            <Text>{plural(path.projects.length, 'project', 'projects')}</Text>
          </HStack>
          <HStack gap="1.5">
            <Clock size={16} aria-hidden="true" />
            <Text>{plural(path.totalDuration, 'hour', 'hours')}</Text>
          </HStack>
        </HStack>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand" w="full">
          <RouterLink to={pathHref(path.id)} aria-label={`Start Path: ${path.title}`}>
            Start Path
            <ArrowRight aria-hidden="true" />
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
