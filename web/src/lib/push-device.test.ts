import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUser } from '../testing/fake-user';
import { fakeServer, json, noNetwork } from '../testing/test-utils';
import { base64UrlToBytes, currentSubscription, pushDeviceMessages, pushSupport, subscribeDevice, unsubscribeDevice } from './push-device';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A key as the server sends it: base64url, no padding, with the characters base64 spells '+' and '/'. */
const PUBLIC_KEY = 'BPz-_w';

/** The Push API as a browser has it (outside our system, so faked): permission, registration, subscription. */
function fakePushBrowser({ permission = 'granted', registered = true, subscribed = false, userAgent = ANDROID_CHROME } = {}) {
  const subscription = {
    endpoint: 'https://push.example.com/send/abc',
    toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = subscription)),
  };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('navigator', { userAgent, maxTouchPoints: 5, serviceWorker: { getRegistration: vi.fn(async () => (registered ? { pushManager } : undefined)) } });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  return { subscription, pushManager, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pushSupport', () => {
  it('is supported where the browser has service workers, PushManager and Notification', () => {
    fakePushBrowser();
    expect(pushSupport()).toBe('supported');
  });

  it('asks to install the app on an iPhone browser without PushManager', () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_SAFARI, maxTouchPoints: 5 });
    expect(pushSupport()).toBe('ios-needs-install');
  });

  it('is unsupported on an installed iPhone app without PushManager (iOS before 16.4)', () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true });
    expect(pushSupport()).toBe('unsupported');
  });

  it('is unsupported elsewhere without the Push API', () => {
    vi.stubGlobal('navigator', { userAgent: ANDROID_CHROME, maxTouchPoints: 5 });
    expect(pushSupport()).toBe('unsupported');
  });
});

describe('base64UrlToBytes', () => {
  it("decodes base64url, with or without padding, to the key's bytes", () => {
    expect([...base64UrlToBytes(PUBLIC_KEY)]).toEqual([0x04, 0xfc, 0xfe, 0xff]);
    expect([...base64UrlToBytes(`${PUBLIC_KEY}==`)]).toEqual([0x04, 0xfc, 0xfe, 0xff]);
  });
});

describe('currentSubscription', () => {
  it("is this device's subscription, or null when no worker is registered", async () => {
    const browser = fakePushBrowser({ subscribed: true });
    expect(await currentSubscription()).toBe(browser.subscription);
    fakePushBrowser({ registered: false });
    expect(await currentSubscription()).toBeNull();
  });
});

describe('subscribeDevice', () => {
  it('permission denied: the Italian message, no subscription, nothing sent', async () => {
    const browser = fakePushBrowser({ permission: 'denied' });
    const calls = fakeServer(fakeUser());
    await expect(subscribeDevice(PUBLIC_KEY)).rejects.toThrow(pushDeviceMessages.denied);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it("permission granted: subscribes with the decoded key and sends only the endpoint and keys", async () => {
    const browser = fakePushBrowser();
    const calls = fakeServer(fakeUser(), { 'POST /api/me/push-subscriptions': () => json({ subscribed: true }, 201) });
    expect(await subscribeDevice(PUBLIC_KEY)).toBe(browser.subscription);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([0x04, 0xfc, 0xfe, 0xff]) });
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/me/push-subscriptions')?.body).toEqual({
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
    });
  });

  it('no service worker (the dev server): says so, and asks no push service', async () => {
    const browser = fakePushBrowser({ registered: false });
    await expect(subscribeDevice(PUBLIC_KEY)).rejects.toThrow(pushDeviceMessages.noWorkerInDevelopment);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("the server's refusal: its error, and the device is not left subscribed", async () => {
    const browser = fakePushBrowser();
    fakeServer(fakeUser(), { 'POST /api/me/push-subscriptions': () => json({ message: 'Iscrizione alle notifiche non valida' }, 400) });
    await expect(subscribeDevice(PUBLIC_KEY)).rejects.toThrow('Iscrizione alle notifiche non valida');
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('unsubscribeDevice', () => {
  it('tells the server the endpoint, then unsubscribes the browser', async () => {
    const browser = fakePushBrowser({ subscribed: true });
    const calls = fakeServer(fakeUser(), {
      'POST /api/me/push-subscriptions/remove': () => {
        expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();
        return new Response(null, { status: 204 });
      },
    });
    await unsubscribeDevice();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/me/push-subscriptions/remove')?.body).toEqual({ endpoint: 'https://push.example.com/send/abc' });
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('offline: still unsubscribes the browser', async () => {
    const browser = fakePushBrowser({ subscribed: true });
    fakeServer(fakeUser(), noNetwork);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await unsubscribeDevice();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does nothing where the device has no subscription', async () => {
    fakePushBrowser();
    const calls = fakeServer(fakeUser());
    await unsubscribeDevice();
    expect(calls).toHaveLength(0);
  });
});
