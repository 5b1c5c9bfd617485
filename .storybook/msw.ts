import { setupWorker } from 'msw/browser';

/**
 * The Storybook service worker. A request to another origin (the API) that no story handler
 * answers is an error, so a story can never silently talk to a real server. Requests for the
 * story's own files (same origin) pass through.
 */
export async function startStoryWorker() {
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    onUnhandledFrame({ frame, defaults }) {
      // An HTTP frame carries its request in `data` (msw 3); WebSocket frames have none.
      const data = frame.data as { request?: Request } | undefined;
      const request = data?.request;
      if (request && new URL(request.url).origin === window.location.origin) return;
      defaults.error();
    },
  });
  return worker;
}
