import { Badge, Card, HStack, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Clock, Star, Users } from 'lucide-react';
import { BROWSE_CATEGORY_LABELS, pathHref, type BrowsePath } from '../../../domain/learning';

const students = new Intl.NumberFormat('en-US');

/** One path in the catalogue; the whole card opens the path. */
export function BrowseCard({ path }: { path: BrowsePath }) {
  return (
    <LinkBox as="article" aria-labelledby={`browse-card-${path.id}`} h="full" rounded="l3" _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}>
      <Card.Root
        variant="outline"
        bg="surface"
        overflow="hidden"
        h="full"
        transition="border-color 0.15s ease, box-shadow 0.15s ease"
        _hover={{ borderColor: 'brand.border', boxShadow: 'md' }}
      >
        <Image src={path.image} alt="" width="640" height="360" aspectRatio="16 / 9" objectFit="cover" w="full" h="auto" />
        <Card.Body gap="3">
          <HStack justify="space-between" gap="3">
            <Badge colorPalette="brand" variant="subtle">
              {BROWSE_CATEGORY_LABELS[path.category]}
            </Badge>
            <HStack gap="1" color="fg.muted" fontSize="sm">
              <Star size={16} aria-hidden="true" fill="currentColor" />
              <Text aria-hidden="true" fontWeight="semibold" color="fg">
                {path.rating.toFixed(1)}
              </Text>
              <Text srOnly>Rated {path.rating.toFixed(1)} out of 5</Text>
            </HStack>
          </HStack>
          <Card.Title as="h2" id={`browse-card-${path.id}`} fontSize="lg" lineHeight="short">
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <RouterLink to={pathHref(path.id)}>{path.title}</RouterLink>
            </LinkOverlay>
          </Card.Title>
          <Card.Description color="fg.muted">{path.description}</Card.Description>
          <HStack gap="4" color="fg.muted" fontSize="sm" wrap="wrap" mt="auto" pt="1">
            <HStack gap="1.5">
              <Clock size={16} aria-hidden="true" />
              <Text>{path.duration}</Text>
            </HStack>
            <HStack gap="1.5">
              <Users size={16} aria-hidden="true" />
              <Text>{students.format(path.students)} students</Text>
            </HStack>
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
