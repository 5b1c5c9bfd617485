import { formatNumber } from '../../../domain/format';
import type { PathSummary } from '../../../api/learning/contract';

/** "1,240 students", "1 student"; nobody yet is said plainly. */
export function studentsText(students: number): string {
  if (students === 0) return 'No students yet';
  return `${formatNumber(students)} ${students === 1 ? 'student' : 'students'}`;
}

/** "4.8 (212 ratings)"; a path nobody rated says so instead of a number. */
export function ratingText(rating: PathSummary['rating']): string {
  if (rating === null) return 'No ratings yet';
  return `${rating.average.toFixed(1)} (${formatNumber(rating.count)} ${rating.count === 1 ? 'rating' : 'ratings'})`;
}
