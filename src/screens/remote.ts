/** Async data as one typed prop, so each state (loading, error, ready) is a story of its own. */
export type Remote<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry(): void }
  | { status: 'ready'; data: T };

/** Where a call the screen asked for stands: not asked, waiting for the API, refused, or done. */
export type ActionStatus = 'idle' | 'pending' | 'error' | 'success';

/** The same with the API's message when it refused; the container maps its mutation onto it. */
export type ActionState = { status: Exclude<ActionStatus, 'error'> } | { status: 'error'; message: string };

export const IDLE: ActionState = { status: 'idle' };
