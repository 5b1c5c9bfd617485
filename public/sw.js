/**
 * PathForge's service worker: it only shows the reminders the API pushes and opens their page
 * when one is clicked. It caches nothing and handles no request (no `fetch` listener), so the app
 * works exactly as without it.
 *
 * A push carries JSON: { title, body, url, tag? }. `url` is a path of this app (another origin is
 * never opened: the dashboard is, instead); `tag` lets a newer reminder replace an older one.
 */

const FALLBACK_URL = '/app/dashboard';

/** A path of this app to open, from what the push said. */
function appUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : FALLBACK_URL, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(FALLBACK_URL, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_URL, self.location.origin).href;
  }
}

function readPush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return data && typeof data === 'object' ? data : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no state a page could depend on.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : 'PathForge';
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/favicon.svg',
    data: { url: appUrl(data.url) },
    ...(typeof data.tag === 'string' ? { tag: data.tag, renotify: true } : {}),
  };
  // A push must always show something (userVisibleOnly): the browser would otherwise show its own.
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The app already open on that page: bring it forward; open in another tab: go there in it.
      const same = windows.find((client) => client.url === url);
      if (same) return same.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          // Only a page this worker controls can be navigated by it; otherwise a new tab opens.
          const focused = await open.focus();
          return await focused.navigate(url);
        } catch {
          return self.clients.openWindow(url);
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
