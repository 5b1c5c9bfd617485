import { pushSubscriptionBodySchema, type PushSubscriptionBody } from './contract';
import { api } from '../common/client';

/** Push on this browser, as the Settings screen shows it. */
export type DevicePush = 'unsupported' | 'denied' | 'off' | 'on';

/**
 * What push needs from the browser, in one place so a test (or a story) can stand in for it:
 * the Notification permission, and the service worker that receives the pushes.
 */
export type PushBrowser = {
  /** False when this browser has no service worker, PushManager or Notification. */
  supported(): boolean;
  permission(): NotificationPermission;
  /** Shows the browser's question: call it only from the learner's click. */
  requestPermission(): Promise<NotificationPermission>;
  /** The push worker's registration if one is there; never registers one. */
  registration(): Promise<ServiceWorkerRegistration | undefined>;
  /** Registers the push worker (`/sw.js`) and waits until it is active. */
  register(): Promise<ServiceWorkerRegistration>;
};

/** The service worker that shows pushes (public/sw.js), at the root so it may open any page. */
export const PUSH_WORKER_URL = '/sw.js';

export const browserPush: PushBrowser = {
  supported: () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  registration: async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    // Another worker at the root (the stories' mock API) is not ours.
    return registration?.active?.scriptURL.endsWith(PUSH_WORKER_URL) ? registration : undefined;
  },
  register: async () => {
    await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
    return navigator.serviceWorker.ready;
  },
};

export const pushMessages = {
  dismissed: 'Push stays off: the browser’s question was closed without an answer.',
  failed: 'This browser could not subscribe to push notifications. Try again later.',
} as const;

/** A base64url VAPID key as the bytes PushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentSubscription(browser: PushBrowser): Promise<PushSubscription | null> {
  const registration = await browser.registration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where push on this browser stands, without asking the learner anything. */
export async function readDevicePush(browser: PushBrowser): Promise<DevicePush> {
  if (!browser.supported()) return 'unsupported';
  const permission = browser.permission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  return (await currentSubscription(browser)) ? 'on' : 'off';
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/**
 * Turns push on for this browser after the learner's click: asks for the permission, registers
 * the worker, subscribes with the server's key and hands the subscription to `save` (the API).
 * Answers what the permission was when it was not granted (push stays off). When the API does not
 * keep the subscription, this browser unsubscribes again, so nothing is on that no server knows.
 */
export async function turnPushOn(browser: PushBrowser, publicKey: string, save: (body: PushSubscriptionBody) => Promise<void>): Promise<NotificationPermission> {
  const permission = await browser.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await browser.register();
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Subscribed with another server key (it was changed): that subscription can no longer be used.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    const { endpoint, keys } = subscription.toJSON();
    await save(pushSubscriptionBodySchema.parse({ endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } }));
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return 'granted';
}

/**
 * Turns push off for this browser: the API forgets the subscription first, then the browser
 * unsubscribes. When the API cannot be reached, the browser stays subscribed (and the switch on).
 */
export async function turnPushOff(browser: PushBrowser, remove: (endpoint: string) => Promise<void>): Promise<void> {
  const subscription = await currentSubscription(browser);
  if (!subscription) return;
  await remove(subscription.endpoint);
  await subscription.unsubscribe();
}

/** The account API's push subscription routes. */
export const pushApi = {
  save: async (body: PushSubscriptionBody) => {
    await api.post('/account/push-subscriptions', body);
  },
  remove: async (endpoint: string) => {
    await api.delete('/account/push-subscriptions', { data: { endpoint } });
  },
};
