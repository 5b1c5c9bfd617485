/**
 * Async state as one typed prop, so each state is a story of its own. Screens take it, containers
 * make it (src/app/useRemote.ts turns a query into a `Remote`), and RemoteView beside it renders
 * the loading and error states of data the same way on every page.
 */

/** Data a screen shows: loading, failed (with a retry), or ready. */
export type Remote<T> = { status: 'loading' } | { status: 'error'; message: string; onRetry(): void } | { status: 'ready'; data: T };

/** Where a call the screen asked for stands: not asked, waiting for the API, refused, or done. */
export type ActionStatus = 'idle' | 'pending' | 'error' | 'success';

/** The same with the API's message when it refused; the container maps its mutation onto it. */
export type ActionState = { status: Exclude<ActionStatus, 'error'> } | { status: 'error'; message: string };

export const IDLE: ActionState = { status: 'idle' };
