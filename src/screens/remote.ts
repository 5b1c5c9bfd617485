/** Async data as one typed prop, so each state (loading, error, ready) is a story of its own. */
export type Remote<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry(): void }
  | { status: 'ready'; data: T };
