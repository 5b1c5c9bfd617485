import { Button, Field, Flex, Group, Heading, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, Search, SearchX } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { PathResults } from '../../components/PathResults/PathResults';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { BROWSE_CATEGORIES, BROWSE_CATEGORY_LABELS, filterBrowsePaths, type BrowseCategory } from '../../domain/learning';
import type { PathSummary } from '../../api/learning/contract';
import type { Remote } from '../../components/RemoteView/remote';
import { BrowseCard } from './parts/BrowseCard';

export type BrowsePathsScreenProps = {
  /** The API's path list (the same answer as Learning Paths). */
  paths: Remote<PathSummary[]>;
  query: string;
  category: BrowseCategory;
  onQueryChange(query: string): void;
  onCategoryChange(category: BrowseCategory): void;
};

const CATEGORIES: BrowseCategory[] = ['all', ...BROWSE_CATEGORIES];

/** /app/browse-paths: the whole catalogue, searchable and by category. */
export function BrowsePathsScreen({ paths, query, category, onQueryChange, onCategoryChange }: BrowsePathsScreenProps) {
  return (
    <Stack gap="6">
      <Stack gap="3">
        <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm" alignSelf="flex-start">
          <RouterLink to="/app/paths">
            <ArrowLeft size={16} aria-hidden="true" /> All paths
          </RouterLink>
        </Link>
        <Stack gap="1">
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            Browse Paths
          </Heading>
          <Text color="fg.muted">Explore every path in the catalogue and find your next one.</Text>
        </Stack>
      </Stack>

      <Flex
        role="search"
        aria-label="Filter the catalogue"
        gap="4"
        direction={{ base: 'column', lg: 'row' }}
        align={{ base: 'stretch', lg: 'flex-end' }}
        p="4"
        bg="surface"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
      >
        <Field.Root flex="1">
          <Field.Label>Search the catalogue</Field.Label>
          <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
            <Input type="search" placeholder="Search by title or description..." value={query} onChange={(event) => onQueryChange(event.target.value)} />
          </InputGroup>
        </Field.Root>
        <Stack gap="1.5">
          <Text id="browse-category-label" fontSize="sm" fontWeight="medium">
            Category
          </Text>
          <Group role="group" aria-labelledby="browse-category-label" attached w={{ base: 'full', lg: 'auto' }}>
            {CATEGORIES.map((value) => {
              const pressed = value === category;
              return (
                <Button
                  key={value}
                  flex={{ base: '1', lg: 'initial' }}
                  variant={pressed ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={pressed}
                  onClick={() => onCategoryChange(value)}
                >
                  {BROWSE_CATEGORY_LABELS[value]}
                </Button>
              );
            })}
          </Group>
        </Stack>
      </Flex>

      <RemoteView remote={paths} loadingLabel="Loading the catalogue">
        {(list) => {
          const shown = filterBrowsePaths(list, { query, category });
          return (
            <PathResults
              items={shown}
              getKey={(path) => path.id}
              renderItem={(path) => <BrowseCard path={path} />}
              empty={
                <EmptyState
                  icon={<SearchX />}
                  title="No paths match your search"
                  description="Try another word, or clear the search to see every path in this category."
                  action={
                    <Button variant="outline" colorPalette="brand" onClick={() => onQueryChange('')}>
                      Clear search
                    </Button>
                  }
                />
              }
            />
          );
        }}
      </RemoteView>
    </Stack>
  );
}
