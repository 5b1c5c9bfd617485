/**
 * Where a call the screen asked for stands: not asked yet, waiting for the API, refused (with the
 * API's message), or done. The container maps its mutation onto it.
 */
export type ActionState = { status: 'idle' } | { status: 'pending' } | { status: 'error'; message: string } | { status: 'done' };

export const idle: ActionState = { status: 'idle' };
