import { describe, expect, it, vi } from 'vitest';
import { fakePushBrowser, sampleEndpoint, samplePushPublicKey } from '../../fixtures';
import { base64UrlToBytes, readDevicePush, turnPushOff, turnPushOn } from './client';

describe('reading push on this browser', () => {
  it('never asks the learner: it only reads the permission and the subscription', async () => {
    const browser = fakePushBrowser();
    expect(await readDevicePush(browser)).toBe('off');
    expect(browser.asked).toBe(0);
    expect(await readDevicePush(fakePushBrowser({ subscribed: true }))).toBe('on');
    expect(await readDevicePush(fakePushBrowser({ permission: 'denied' }))).toBe('denied');
    expect(await readDevicePush(fakePushBrowser({ supported: false }))).toBe('unsupported');
  });
});

describe('turning push on (after the learner’s click)', () => {
  it('asks once, subscribes with the server’s key and hands the subscription to the API', async () => {
    const browser = fakePushBrowser();
    const save = vi.fn(async () => {});
    expect(await turnPushOn(browser, samplePushPublicKey, save)).toBe('granted');
    expect(browser.asked).toBe(1);
    expect(save).toHaveBeenCalledWith({ endpoint: sampleEndpoint, keys: { p256dh: expect.any(String), auth: expect.any(String) } });
    expect(await readDevicePush(browser)).toBe('on');
  });

  it('leaves push off and tells the API nothing when the learner blocks or dismisses the question', async () => {
    for (const answer of ['denied', 'default'] as const) {
      const browser = fakePushBrowser({ answer });
      const save = vi.fn(async () => {});
      expect(await turnPushOn(browser, samplePushPublicKey, save)).toBe(answer);
      expect(save).not.toHaveBeenCalled();
      expect(browser.subscribed()).toBe(false);
    }
  });

  it('unsubscribes this browser again when the API does not keep the subscription', async () => {
    const browser = fakePushBrowser();
    const down = new Error('unreachable');
    await expect(turnPushOn(browser, samplePushPublicKey, async () => Promise.reject(down))).rejects.toBe(down);
    expect(browser.subscribed()).toBe(false);
    expect(await readDevicePush(browser)).toBe('off');
  });

  it('tells the API nothing when the browser cannot subscribe', async () => {
    const browser = fakePushBrowser({ subscribeError: new DOMException('no push service', 'AbortError') });
    const save = vi.fn(async () => {});
    await expect(turnPushOn(browser, samplePushPublicKey, save)).rejects.toThrow('no push service');
    expect(save).not.toHaveBeenCalled();
  });

  it('reads the base64url key as its 65 bytes (an uncompressed P-256 point)', () => {
    const bytes = base64UrlToBytes(samplePushPublicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('turning push off', () => {
  it('has the API forget the subscription, then unsubscribes', async () => {
    const browser = fakePushBrowser({ subscribed: true });
    const remove = vi.fn(async () => {});
    await turnPushOff(browser, remove);
    expect(remove).toHaveBeenCalledWith(sampleEndpoint);
    expect(await readDevicePush(browser)).toBe('off');
  });

  it('stays on when the API cannot be reached (the server would still send)', async () => {
    const browser = fakePushBrowser({ subscribed: true });
    await expect(turnPushOff(browser, async () => Promise.reject(new Error('unreachable')))).rejects.toThrow('unreachable');
    expect(await readDevicePush(browser)).toBe('on');
  });
});
