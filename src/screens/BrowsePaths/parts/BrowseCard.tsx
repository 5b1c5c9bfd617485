import { Badge, Box, Card, HStack, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Clock, Star, Users } from 'lucide-react';
import { BROWSE_CATEGORY_LABELS, pathHref } from '../../../domain/learning';
import type { PathSummary } from '../../../api/learning/contract';
import { formatWeeks } from '../../../domain/format';
import { ratingText, studentsText } from './browseTexts';

/** One path in the catalogue; the whole card opens the path. */
export function BrowseCard({ path }: { path: PathSummary }) {
  const titleId = `browse-card-${path.id}`;
  return (
    <LinkBox
      as="article"
      aria-labelledby={titleId}
      h="full"
      rounded="l3"
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <Card.Root
        variant="outline"
        bg="surface"
        overflow="hidden"
        h="full"
        transition="border-color 0.15s ease, box-shadow 0.15s ease"
        _hover={{ borderColor: 'brand.border', boxShadow: 'md' }}
      >
        {path.image ? (
          <Image src={path.image} alt="" width="640" height="360" aspectRatio="16 / 9" objectFit="cover" w="full" h="auto" />
        ) : (
          <Box aspectRatio="16 / 9" bg="brand.muted" aria-hidden="true" />
        )}
        <Card.Body gap="3">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Badge colorPalette="brand" variant="subtle">
              {BROWSE_CATEGORY_LABELS[path.category]}
            </Badge>
            <HStack gap="1" color="fg.muted" fontSize="sm">
              <Star size={16} aria-hidden="true" fill={path.rating ? 'currentColor' : 'none'} />
              <Text>{ratingText(path.rating)}</Text>
            </HStack>
          </HStack>
          <Card.Title as="h2" id={titleId} fontSize="lg" lineHeight="short">
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <RouterLink to={pathHref(path.slug)}>{path.title}</RouterLink>
            </LinkOverlay>
          </Card.Title>
          <Card.Description color="fg.muted">{path.summary}</Card.Description>
          <HStack gap="4" color="fg.muted" fontSize="sm" wrap="wrap" mt="auto" pt="1">
            <HStack gap="1.5">
              <Clock size={16} aria-hidden="true" />
              <Text>{formatWeeks(path.durationWeeks)}</Text>
            </HStack>
            <HStack gap="1.5">
              <Users size={16} aria-hidden="true" />
              <Text>{studentsText(path.students)}</Text>
            </HStack>
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
