import { useId } from 'react';
import { HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { learningMessages } from '../../../domain/learning';
import type { PathSummary } from '../../../api/learning/contract';
import { averageText, type RatingState } from './actionStatus';

const STARS = [1, 2, 3, 4, 5] as const;
const starsText = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

export type RatePathProps = {
  path: Pick<PathSummary, 'title' | 'rating' | 'myRating' | 'canRate'>;
  state: RatingState;
  onRate(stars: number): void;
};

/**
 * Everyone's rating of the path, and the learner's own: 1 to 5 stars once they have completed one
 * of its projects (the API refuses earlier, so the stars are not offered). The stars being saved
 * show at once; if saving fails, the saved rating shows again and the line under them says so.
 */
export function RatePath({ path, state, onRate }: RatePathProps) {
  const labelId = useId();
  const pending = state.status === 'pending';
  const chosen = pending || state.status === 'success' ? (state.stars ?? path.myRating) : path.myRating;
  const line =
    state.status === 'pending'
      ? 'Saving your rating…'
      : state.status === 'error'
        ? 'Your rating was not saved. Try again.'
        : chosen !== null
          ? `You rated this path ${starsText(chosen)}.`
          : 'Choose from 1 to 5 stars.';

  return (
    <TitledCard title="Rate this path" icon={<Star />} description={averageText(path.rating)} fill>
      {path.canRate ? (
        <Stack gap="2">
          <Text id={labelId} fontSize="sm" fontWeight="medium">
            Your rating
          </Text>
          <HStack role="group" aria-labelledby={labelId} gap="1">
            {STARS.map((n) => {
              const filled = chosen !== null && n <= chosen;
              return (
                <IconButton
                  key={n}
                  aria-label={starsText(n)}
                  aria-pressed={chosen === n}
                  variant="ghost"
                  colorPalette="brand"
                  size="md"
                  color={filled ? 'brand.fg' : 'fg.muted'}
                  onClick={() => {
                    if (!pending && n !== chosen) onRate(n);
                  }}
                >
                  <Star aria-hidden="true" fill={filled ? 'currentColor' : 'none'} />
                </IconButton>
              );
            })}
          </HStack>
          <Text aria-live="polite" fontSize="sm" color={state.status === 'error' ? 'red.fg' : 'fg.muted'}>
            {line}
          </Text>
        </Stack>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {learningMessages.cannotRate}
        </Text>
      )}
    </TitledCard>
  );
}
