import type { ReactNode } from 'react';
import { Grid, Stack, Text } from '@chakra-ui/react';

/** Cards fill as many 17rem columns as fit: 1 on a phone, 2 on a tablet, 3 at 1280 px. */
const CARD_GRID_COLUMNS = 'repeat(auto-fill, minmax(min(100%, 17rem), 1fr))';

export type PathResultsProps<T> = {
  /** The cards left after searching and filtering. */
  items: readonly T[];
  getKey(item: T): string;
  renderItem(item: T): ReactNode;
  /** Shown instead of the grid when nothing is left (say why, offer the way back). */
  empty: ReactNode;
};

/** A filtered list of path cards: the count (announced politely), then the grid or the empty state. */
export function PathResults<T>({ items, getKey, renderItem, empty }: PathResultsProps<T>) {
  return (
    <Stack gap="4">
      <Text role="status" aria-live="polite" color="fg.muted" fontSize="sm" fontWeight="medium">
        {items.length === 1 ? '1 path' : `${items.length} paths`}
      </Text>
      {items.length === 0 ? (
        empty
      ) : (
        <Grid as="ul" listStyleType="none" templateColumns={CARD_GRID_COLUMNS} gap="6">
          {items.map((item) => (
            <li key={getKey(item)}>{renderItem(item)}</li>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
