/**
 * Where the learner's preferences live in browser storage. A module of its own, without imports:
 * the build also reads it (vite.config.ts) to apply the stored colour mode before the first paint.
 */
export const PREFERENCES_STORAGE_KEY = 'pathforge-preferences';
export const PREFERENCES_STORAGE_VERSION = 1;
