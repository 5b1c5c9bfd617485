/**
 * Async data as one typed prop, so each state (loading, error, ready) is a story of its own.
 * Screens take it, containers make it (src/routes/useRemote.ts turns a query into it), and
 * RemoteView beside it renders its loading and error states the same way on every page.
 */
export type Remote<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry(): void }
  | { status: 'ready'; data: T };
