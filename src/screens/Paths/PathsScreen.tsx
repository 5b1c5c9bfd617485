import { Alert, Button, Field, Flex, Grid, Heading, Input, InputGroup, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Compass, Search, SearchX, Sparkles } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { PathResults } from '../../components/PathResults/PathResults';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import {
  DURATION_BUCKETS,
  DURATION_LABELS,
  EMPTY_PATH_FILTERS,
  LEVELS,
  LEVEL_LABELS,
  filterPaths,
  type DurationFilter,
  type LevelFilter,
  type PathFilters,
} from '../../domain/learning';
import type { PathSummary } from '../../api/learning/contract';
import type { Remote } from '../../components/RemoteView/remote';
import { PathCard } from './parts/PathCard';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type PathsScreenProps = {
  /** The API's path list, with the learner's own progress on each. */
  paths: Remote<PathSummary[]>;
  /** Held by the container (URL search params) so they survive reload and back. */
  filters: PathFilters;
  onFiltersChange(filters: PathFilters): void;
};

/** /app/paths: search and filter the learning paths, then start one. */
export function PathsScreen({ paths, filters, onFiltersChange }: PathsScreenProps) {
  return (
    <Stack gap="6">
      <Flex gap="4" justify="space-between" align={{ base: 'flex-start', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1">
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            Learning Paths
          </Heading>
          <Text color="fg.muted">Pick a path and build real projects, one step at a time.</Text>
        </Stack>
        <LinkButton asChild variant="outline" colorPalette="brand" flexShrink="0">
          <RouterLink to="/app/browse-paths">
            <Compass aria-hidden="true" /> Browse all paths
          </RouterLink>
        </LinkButton>
      </Flex>

      <Grid
        role="search"
        aria-label="Filter paths"
        templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr' }}
        gap="4"
        p="4"
        bg="surface"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
      >
        <Field.Root gridColumn={{ base: 'auto', sm: '1 / -1', lg: 'auto' }}>
          <Field.Label>Search paths</Field.Label>
          <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
            <Input
              type="search"
              placeholder="Search paths..."
              value={filters.query}
              onChange={(event) => onFiltersChange({ ...filters, query: event.target.value })}
            />
          </InputGroup>
        </Field.Root>
        <Field.Root>
          <Field.Label>Level</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filters.level} onChange={(event) => onFiltersChange({ ...filters, level: event.target.value as LevelFilter })}>
              <option value="all">All levels</option>
              {LEVELS.map((level) => (
                <option key={level} value={level}>
                  {LEVEL_LABELS[level]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Duration</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filters.duration} onChange={(event) => onFiltersChange({ ...filters, duration: event.target.value as DurationFilter })}>
              <option value="all">All durations</option>
              {DURATION_BUCKETS.map((bucket) => (
                <option key={bucket} value={bucket}>
                  {DURATION_LABELS[bucket]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Grid>

      <RemoteView remote={paths} loadingLabel="Loading learning paths">
        {(list) => {
          const shown = filterPaths(list, filters);
          const newLearner = !list.some((path) => path.started);
          return (
            <Stack gap="6">
              {newLearner ? (
                <Alert.Root status="info" variant="surface" colorPalette="brand">
                  <Alert.Indicator>
                    <Sparkles aria-hidden="true" />
                  </Alert.Indicator>
                  <Alert.Content>
                    <Alert.Title>Welcome! You haven’t started a path yet.</Alert.Title>
                    <Alert.Description>Pick one below and open its first project. Your progress is saved as you go.</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : null}
              <PathResults
                items={shown}
                getKey={(path) => path.id}
                renderItem={(path) => <PathCard path={path} />}
                empty={
                  <EmptyState
                    icon={<SearchX />}
                    title="No paths match your search"
                    description="Try another word, or clear the filters to see every path."
                    action={
                      <Button variant="outline" colorPalette="brand" onClick={() => onFiltersChange(EMPTY_PATH_FILTERS)}>
                        Clear filters
                      </Button>
                    }
                  />
                }
              />
            </Stack>
          );
        }}
      </RemoteView>
    </Stack>
  );
}
