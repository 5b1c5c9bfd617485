import { Badge, Box, Flex, HStack, Icon, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BookOpen, Clock, Compass, FolderKanban, Star, Users } from 'lucide-react';
import { formatNumber } from '../../../domain/format';
import { LEVEL_LABELS, pathHref } from '../../../domain/learning';
import type { PathSummary } from '../../../api/learning/contract';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { CardEmpty } from './CardEmpty';

export type BestPathsCardProps = {
  paths: PathSummary[];
  /** "Best Learning Paths", or "Pick your first path" for a new learner. */
  title?: string;
  description?: string;
};

/** Learners' rating of a path and how many started it, only when there are some. */
function PathFigures({ path }: { path: PathSummary }) {
  return (
    <HStack columnGap="3" rowGap="1" fontSize="xs" color="fg.muted" wrap="wrap">
      <HStack gap="1">
        <FolderKanban size={14} aria-hidden="true" />
        <Text>{path.progress.totalProjects === 1 ? '1 project' : `${path.progress.totalProjects} projects`}</Text>
      </HStack>
      <HStack gap="1">
        <Clock size={14} aria-hidden="true" />
        <Text>{formatNumber(path.totalHours)} hours</Text>
      </HStack>
      {path.rating ? (
        <HStack gap="1">
          <Star size={14} aria-hidden="true" />
          <Text>
            <Text as="span" fontWeight="semibold" color="fg">
              {path.rating.average.toFixed(1)}
            </Text>{' '}
            ({path.rating.count === 1 ? '1 rating' : `${formatNumber(path.rating.count)} ratings`})
          </Text>
        </HStack>
      ) : null}
      {path.students > 0 ? (
        <HStack gap="1">
          <Users size={14} aria-hidden="true" />
          <Text>{path.students === 1 ? '1 learner' : `${formatNumber(path.students)} learners`}</Text>
        </HStack>
      ) : null}
    </HStack>
  );
}

/** The best rated paths to start, each linking to its page, with Browse All (/app/paths) and Explore more paths. */
export function BestPathsCard({ paths, title = 'Best Learning Paths', description }: BestPathsCardProps) {
  return (
    <TitledCard
      title={title}
      icon={<Star />}
      description={description}
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
        <CardEmpty icon={<BookOpen />} title="No other paths to start" description="New paths will show up here." />
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
                _hover={{ borderColor: 'brand.muted', bg: 'brand.subtle', textDecoration: 'none' }}
              >
                <RouterLink to={pathHref(path.slug)}>
                  {path.image ? (
                    <Image
                      src={path.image}
                      alt=""
                      width="640"
                      height="360"
                      w={{ base: '16', sm: '20' }}
                      h="auto"
                      aspectRatio="16 / 9"
                      objectFit="cover"
                      rounded="md"
                      flexShrink={0}
                    />
                  ) : (
                    <Flex bg="brand.subtle" color="brand.fg" rounded="md" p="2" flexShrink={0} aria-hidden="true">
                      <Icon boxSize="5">
                        <BookOpen />
                      </Icon>
                    </Flex>
                  )}
                  <Stack gap="1" minW="0" flex="1">
                    <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{path.title}</Text>
                      <Badge variant="outline" colorPalette="gray" size="sm">
                        {LEVEL_LABELS[path.level]}
                      </Badge>
                    </Flex>
                    <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                      {path.summary}
                    </Text>
                    <PathFigures path={path} />
                  </Stack>
                </RouterLink>
              </Link>
            </Box>
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}
