import { formatNumber } from '../../../domain/format';

import type { ActionStatus } from '../../../components/RemoteView/remote';

export type { ActionStatus };

/** The learner's last choice of stars and where saving it stands. */
export type RatingState = { status: ActionStatus; stars: number | null };

export const RATING_IDLE: RatingState = { status: 'idle', stars: null };

/** "4.8 average from 212 ratings", or "No ratings yet". */
export function averageText(rating: { average: number; count: number } | null): string {
  if (rating === null) return 'No ratings yet';
  return `${rating.average.toFixed(1)} average from ${formatNumber(rating.count)} ${rating.count === 1 ? 'rating' : 'ratings'}`;
}
