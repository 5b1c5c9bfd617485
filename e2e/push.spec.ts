import { expect, test } from '@playwright/test';
import { E2E_WEB } from '../playwright.config';

type Shown = { title: string; body: string; data: { url: string }; tag?: string };

/**
 * A pushed reminder reaches the real service worker (public/sw.js) in the pinned Chromium, served
 * with the production headers (its CSP must allow the worker). No push service is reached: the
 * push is handed to the worker through the DevTools protocol, as a push service would deliver it.
 *
 * The pinned build is Chromium's headless shell, which has no notification centre: it answers
 * `Notification.permission === 'denied'` whatever is granted, and `showNotification` refuses. So
 * the worker's `showNotification` is recorded at that boundary instead of read back with
 * `getNotifications()`: what is checked is what the worker asks the browser to show.
 */
test('a pushed reminder reaches the service worker, which shows it with the page to open', async ({ page, context }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v) => v.scriptURL.endsWith('/sw.js') && v.status === 'activated');
      if (active) resolve(active.registrationId);
    });
  });
  // What the Settings page's push switch registers once the learner allowed notifications.
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return (await navigator.serviceWorker.ready).scope;
  });
  expect(scope).toBe(`${E2E_WEB}/`);
  const registrationId = await registered;
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const scope = self as unknown as { shown: unknown[]; registration: ServiceWorkerRegistration };
    scope.shown = [];
    scope.registration.showNotification = async (title: string, options?: NotificationOptions) => {
      scope.shown.push({ title, body: options?.body, data: options?.data, tag: options?.tag });
    };
  });
  const shown = () => worker.evaluate(() => (self as unknown as { shown: Shown[] }).shown);

  const reminder = { title: 'Your 12-day streak ends at midnight', body: 'One task tonight keeps it going.', url: '/app/dashboard?from=push', tag: 'streak' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_WEB, registrationId, data: JSON.stringify(reminder) });
  await expect.poll(shown).toEqual([{ title: reminder.title, body: reminder.body, data: { url: `${E2E_WEB}${reminder.url}` }, tag: 'streak' }]);

  // A push that names another site's address opens PathForge's dashboard instead.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: E2E_WEB,
    registrationId,
    data: JSON.stringify({ title: 'Elsewhere', body: 'x', url: 'https://attacker.example/phish', tag: 'other' }),
  });
  await expect.poll(async () => (await shown()).find((n) => n.tag === 'other')?.data.url).toBe(`${E2E_WEB}/app/dashboard`);

  // A push without a readable payload still shows something (the browser requires it).
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_WEB, registrationId, data: 'not json' });
  await expect.poll(async () => (await shown()).at(-1)).toEqual({ title: 'PathForge', body: 'not json', data: { url: `${E2E_WEB}/app/dashboard` }, tag: undefined });
  expect(violations).toEqual([]);
});
