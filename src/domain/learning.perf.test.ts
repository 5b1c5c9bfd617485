import { describe, expect, it } from 'vitest';
import { midwayRecords, pathsFor, projectFor } from '../fixtures/progress';
import { filterBrowsePaths, filterPaths } from './learning';
import { withTick } from './learningViews';

/**
 * Filtering and task toggles respond within a frame (16 ms) on 100 cards. These are
 * the rules the screens run on every keystroke and click; each is timed over many repetitions
 * and must take a small fraction of a frame, leaving the rest to React.
 */
const FRAME_MS = 16;

/** Median milliseconds of `run` over `times` repetitions (after a warm-up). */
function median(run: () => unknown, times = 200): number {
  for (let i = 0; i < 20; i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Infinity;
}

// 100 deterministic cards: the curriculum's paths as the API answers them, varied (ids, titles, hours, levels).
const levels = ['beginner', 'intermediate', 'advanced'] as const;
const summaries = pathsFor(midwayRecords);
const hundredPaths = Array.from({ length: 100 }, (_, i) => {
  const base = summaries[i % summaries.length]!;
  return { ...base, id: `p${i}`, title: `${base.title} ${i}`, totalHours: 20 + ((i * 7) % 120), level: levels[i % 3]! };
});
const hundredBrowse = hundredPaths;
const base = projectFor('weather-dashboard', midwayRecords);
const hundredTasks = { ...base, tasks: Array.from({ length: 100 }, (_, i) => ({ id: `t${i}`, title: `Task ${i}`, completed: i % 2 === 0 })) };

describe('on 100 cards, within a frame', () => {
  it('filters learning paths by text, level and duration', () => {
    const ms = median(() => filterPaths(hundredPaths, { query: 'stack', level: 'advanced', duration: 'long' }));
    console.info(`filterPaths on 100 cards: median ${ms.toFixed(3)} ms`);
    expect(filterPaths(hundredPaths, { query: 'stack', level: 'all', duration: 'all' }).length).toBeGreaterThan(0);
    expect(ms).toBeLessThan(FRAME_MS / 4);
  });

  it('searches and filters the browse catalogue', () => {
    const ms = median(() => filterBrowsePaths(hundredBrowse, { query: 'REACT', category: 'web' }));
    console.info(`filterBrowsePaths on 100 cards: median ${ms.toFixed(3)} ms`);
    expect(ms).toBeLessThan(FRAME_MS / 4);
  });

  it('toggles a task and recounts the progress', () => {
    const ms = median(() => withTick(hundredTasks, 't57', true));
    console.info(`withTick (the optimistic tick and its recount) on 100 tasks: median ${ms.toFixed(3)} ms`);
    expect(withTick(hundredTasks, 't57', true).progress.completed).toBe(51);
    expect(ms).toBeLessThan(FRAME_MS / 4);
  });
});
