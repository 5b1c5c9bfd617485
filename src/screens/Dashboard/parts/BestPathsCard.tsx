import { Badge, Box, Flex, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BookOpen, Clock, Compass, FolderKanban, Star } from 'lucide-react';
import { LEVEL_LABELS, pathHref, type LearningPath } from '../../../domain/learning';
import { CardEmpty, DashboardCard } from './DashboardCard';

/** Recommended paths, each linking to its detail, with Browse All (/app/paths) and Explore more paths. */
export function BestPathsCard({ paths }: { paths: LearningPath[] }) {
  return (
    <DashboardCard
      title="Best Learning Paths"
      icon={<Star />}
      action={
        <Link asChild color="brand.fg" fontWeight="semibold" fontSize="sm">
          <RouterLink to="/app/paths">Browse All</RouterLink>
        </Link>
      }
      footer={
        <Text fontSize="sm" color="fg.muted">
          Looking for something else?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/app/browse-paths">
              <Compass size={14} aria-hidden="true" />
              Explore more paths
            </RouterLink>
          </Link>
        </Text>
      }
    >
      {paths.length === 0 ? (
        <CardEmpty icon={<BookOpen />} title="No recommendations yet" description="Browse all paths to find one you like." />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {paths.map((path) => (
            <Box as="li" key={path.id} minW="0">
              <Link
                asChild
                display="flex"
                alignItems="flex-start"
                gap="3"
                p="3"
                rounded="lg"
                borderWidth="1px"
                borderColor="border"
                bg="bg.subtle"
                color="fg"
                textDecoration="none"
                _hover={{ borderColor: 'brand.border', bg: 'brand.subtle', textDecoration: 'none' }}
              >
                <RouterLink to={pathHref(path.id)}>
                  <Flex bg="brand.subtle" color="brand.fg" rounded="md" p="2" flexShrink={0} aria-hidden="true">
                    <Icon boxSize="5">
                      <BookOpen />
                    </Icon>
                  </Flex>
                  <Stack gap="1" minW="0" flex="1">
                    <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{path.title}</Text>
                      <Badge variant="outline" colorPalette="gray" size="sm">
                        {LEVEL_LABELS[path.level]}
                      </Badge>
                    </Flex>
                    <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                      {path.description}
                    </Text>
                    <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                      <HStack gap="1">
                        <FolderKanban size={14} aria-hidden="true" />
                        <Text>{path.projects.length} projects</Text>
                      </HStack>
                      <HStack gap="1">
                        <Clock size={14} aria-hidden="true" />
                        <Text>{path.totalDuration} hours</Text>
                      </HStack>
                    </HStack>
                  </Stack>
                </RouterLink>
              </Link>
            </Box>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
