/**
 * How a call a screen asked for stands, as a prop (its data itself, when it loads some, is a
 * `Remote<T>`: src/components/RemoteView/remote.ts).
 */
/** Where a call the screen asked for stands: not asked, waiting for the API, refused, or done. */
export type ActionStatus = 'idle' | 'pending' | 'error' | 'success';

/** The same with the API's message when it refused; the container maps its mutation onto it. */
export type ActionState = { status: Exclude<ActionStatus, 'error'> } | { status: 'error'; message: string };

export const IDLE: ActionState = { status: 'idle' };
