import { formatNumber } from '../../../domain/format';

/** Where a call the screen asked for stands (a react-query mutation's `status`, as is). */
export type ActionStatus = 'idle' | 'pending' | 'error' | 'success';

/** The learner's last choice of stars and where saving it stands. */
export type RatingState = { status: ActionStatus; stars: number | null };

export const RATING_IDLE: RatingState = { status: 'idle', stars: null };

/** "4.8 average from 212 ratings", or "No ratings yet". */
export function averageText(rating: { average: number; count: number } | null): string {
  if (rating === null) return 'No ratings yet';
  return `${rating.average.toFixed(1)} average from ${formatNumber(rating.count)} ${rating.count === 1 ? 'rating' : 'ratings'}`;
}
