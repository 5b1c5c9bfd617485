import { lazy } from 'react';

/**
 * XpMoment loaded on demand: framer-motion stays in this chunk, never in a public page's bundle.
 * Render it inside a <Suspense fallback={null}>.
 */
export const LazyXpMoment = lazy(async () => ({ default: (await import('./XpMoment')).XpMoment }));
