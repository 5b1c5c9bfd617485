/**
 * Everyone's figures per path (students, average rating), cached in memory: one instance per app.
 * The figures are read at most every STATS_TTL_MS; this instance's own starts, ratings and resets
 * (`changed()`) make the next answer read them again. Another instance's change may lag by
 * STATS_TTL_MS: a count, never a learner's own progress, which is always read live.
 */
import type { PathStats } from '../../src/domain/learningViews.ts';

/** How old the figures may be before a request starts reading them again. */
const STATS_TTL_MS = 2_000;

/** `read`: the figures from the database (LearningRepository.pathStats); `now`: the app's clock (ms). */
export function createPathStats(read: () => Promise<PathStats>, now: () => number) {
  // Stale while revalidating: once the figures are older than STATS_TTL_MS, one request starts
  // reading them again and every request meanwhile (that one included) answers with the last
  // figures, so no page waits for the counts. After this instance's own change they are read
  // again before the next answer.
  let stats: { at: number; value: PathStats } | null = null;
  let reading: Promise<PathStats> | null = null;
  let generation = 0;

  return {
    /** The figures: the cached ones while fresh (or while fresher ones are being read), else read now. */
    get(): Promise<PathStats> {
      const fresh = stats !== null && now() - stats.at <= STATS_TTL_MS && now() >= stats.at;
      if (fresh && stats) return Promise.resolve(stats.value);
      const started = generation;
      reading ??= read()
        .then((value) => {
          if (started === generation) stats = { at: now(), value };
          return value;
        })
        .finally(() => {
          if (started === generation) reading = null;
        });
      if (stats) {
        reading.catch(() => {}); // a failed refresh keeps the last figures; the next request tries again
        return Promise.resolve(stats.value);
      }
      return reading;
    },
    /** This instance changed the figures (a start, a rating, a reset): the next answer reads them again. */
    changed(): void {
      generation += 1;
      stats = null;
      reading = null; // a read begun before the change may miss it
    },
  };
}

export type PathStatsCache = ReturnType<typeof createPathStats>;
