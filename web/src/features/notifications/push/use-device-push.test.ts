import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, json, memoryStorage, runMutation, stubFetch } from '../../../lib/test-render';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from './push-api';
import { devicePushKey, devicePushMutation, disableDevicePush, enableDevicePush, keyBytes, PushRefusedError, readDevicePush, SUBSCRIBE_TIMEOUT_MS } from './use-device-push';

/** A 65-byte uncompressed P-256 point's shape; bytes chosen so that its base64url has `-` and `_`. */
const KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 255 - ((i * 7) % 256)));
const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const KEY_TEXT = base64url(KEY);
const OTHER_KEY = Uint8Array.from(KEY, (b, i) => (i === 0 ? b : b ^ 1));

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/dX1f';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };

/** What the browser's PushManager hands out: a subscription made for `key`. */
function subscription(key: Uint8Array) {
  return { endpoint: ENDPOINT, options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer }, toJSON: () => SUBSCRIPTION_JSON, unsubscribe: vi.fn(async () => true) };
}
type FakeSubscription = ReturnType<typeof subscription>;

interface BrowserSetup {
  permission?: NotificationPermission;
  /** What the permission question is answered with. */
  answer?: NotificationPermission;
  /** The subscription the browser already holds (a service worker is registered then). */
  held?: FakeSubscription;
  /** The push service refuses to subscribe. */
  refuse?: boolean;
  /** The push service never answers. */
  silent?: boolean;
}

/** navigator.serviceWorker, PushManager and Notification as a browser with Web Push has them. */
function stubBrowser({ permission = 'default', answer = 'granted', held, refuse = false, silent = false }: BrowserSetup = {}) {
  let current: FakeSubscription | null = held ?? null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      // Headless Debian Chromium has no push service keys: this is how it refuses.
      if (refuse) throw new DOMException('Registration failed - push service error', 'AbortError');
      if (silent) await new Promise(() => {});
      current = subscription(options.applicationServerKey as Uint8Array);
      return current;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (held ? registration : undefined)),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  return { serviceWorker, pushManager, notification };
}

/** A stubbed fetch answering its calls with these, in order. */
const answering = (...responses: Response[]) => stubFetch(() => responses.shift() ?? json({ message: 'unexpected call' }, 500));
const keyAnswer = () => json({ data: { public_key: KEY_TEXT } });
const ok = () => json({ data: { ok: true } });
const body = (mock: ReturnType<typeof stubFetch>, n: number) => JSON.parse(String(fetchCall(mock, n)[1].body)) as unknown;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage({ token: 'bearer' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the push API', () => {
  it('reads the key, keeps a subscription as the browser describes it, and drops one by endpoint', async () => {
    const key = answering(keyAnswer());
    expect(await fetchPushKey()).toBe(KEY_TEXT);
    expect(fetchCall(key)[0]).toBe('/my-account/sotore/key');

    const save = answering(ok());
    await savePushSubscription(SUBSCRIPTION_JSON);
    const [url, init] = fetchCall(save);
    expect([url, init.method]).toEqual(['/my-account/sotore/token', 'POST']);
    expect(JSON.parse(String(init.body))).toEqual(SUBSCRIPTION_JSON);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bearer');

    const drop = answering(ok());
    await deletePushSubscription(ENDPOINT);
    expect([fetchCall(drop)[0], fetchCall(drop)[1].method]).toEqual(['/my-account/sotore/token', 'DELETE']);
    expect(body(drop, 0)).toEqual({ endpoint: ENDPOINT });
  });

  it('turns the base64url key into its bytes', () => {
    expect(KEY_TEXT).toMatch(/[-_]/);
    expect(KEY_TEXT).not.toContain('=');
    expect(keyBytes(KEY_TEXT)).toEqual(KEY);
  });
});

describe('where this browser stands', () => {
  it('unavailable when the platform has no push key, whatever the browser', async () => {
    answering(json({ message: 'Push is not configured', code: 'push_unavailable' }, 404));
    expect(await readDevicePush()).toBe('unavailable');
    // Another failure is one: it is shown, with a way to try again.
    answering(json({ message: 'down' }, 503));
    await expect(readDevicePush()).rejects.toMatchObject({ status: 503 });
  });

  it('unsupported without a service worker, PushManager or Notification', async () => {
    answering(keyAnswer());
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default' });
    expect(await readDevicePush()).toBe('unsupported');
    stubBrowser();
    vi.stubGlobal('PushManager', undefined);
    answering(keyAnswer());
    expect(await readDevicePush()).toBe('unsupported');
  });

  it('denied when this site’s notifications are blocked, even with a subscription held', async () => {
    const fetchMock = answering(keyAnswer());
    stubBrowser({ permission: 'denied', held: subscription(KEY) });
    expect(await readDevicePush()).toBe('denied');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('off without a subscription', async () => {
    const fetchMock = answering(keyAnswer());
    const browser = stubBrowser({ permission: 'granted' });
    expect(await readDevicePush()).toBe('off');
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on with a subscription for the platform’s key, posted again for whoever is signed in now', async () => {
    const fetchMock = answering(keyAnswer(), ok());
    stubBrowser({ permission: 'granted', held: subscription(KEY) });
    expect(await readDevicePush()).toBe('on');
    expect(fetchCall(fetchMock, 1)[0]).toBe('/my-account/sotore/token');
    expect(fetchCall(fetchMock, 1)[1].method).toBe('POST');
    expect(body(fetchMock, 1)).toEqual(SUBSCRIPTION_JSON);
  });

  it('off with a subscription made for a key the platform no longer has (nothing posted)', async () => {
    const fetchMock = answering(keyAnswer());
    stubBrowser({ permission: 'granted', held: subscription(OTHER_KEY) });
    expect(await readDevicePush()).toBe('off');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('turning it on', () => {
  it('asks, registers /sw.js, subscribes for the key and posts the subscription’s JSON', async () => {
    const fetchMock = answering(keyAnswer(), ok());
    const browser = stubBrowser();
    expect(await enableDevicePush()).toBe('on');
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(fetchCall(fetchMock, 0)[0]).toBe('/my-account/sotore/key');
    const [url, init] = fetchCall(fetchMock, 1);
    expect([url, init.method]).toEqual(['/my-account/sotore/token', 'POST']);
    expect(body(fetchMock, 1)).toEqual(SUBSCRIPTION_JSON);
  });

  it('puts the state it ends in into the cache', async () => {
    answering(keyAnswer(), ok());
    stubBrowser();
    const qc = new QueryClient();
    qc.setQueryData(devicePushKey('bearer'), 'off');
    await runMutation(devicePushMutation(qc, 'bearer'), true, qc);
    expect(qc.getQueryData(devicePushKey('bearer'))).toBe('on');
  });

  it('replaces a subscription held for an old key', async () => {
    answering(keyAnswer(), ok());
    const old = subscription(OTHER_KEY);
    const browser = stubBrowser({ permission: 'granted', held: old });
    expect(await enableDevicePush()).toBe('on');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
  });

  it('says the browser refused when its push service will not subscribe; nothing is posted', async () => {
    const fetchMock = answering(keyAnswer());
    stubBrowser({ refuse: true });
    const err = await enableDevicePush().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PushRefusedError);
    expect(((err as Error).cause as DOMException).name).toBe('AbortError');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the browser refused when its push service does not answer in time (a persistent Debian Chromium profile)', async () => {
    vi.useFakeTimers();
    const fetchMock = answering(keyAnswer());
    stubBrowser({ silent: true });
    const outcome = enableDevicePush().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(PushRefusedError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the browser refused when it will not register the service worker (a private window in Firefox)', async () => {
    const fetchMock = answering();
    const browser = stubBrowser();
    browser.serviceWorker.register.mockRejectedValueOnce(new DOMException('The operation is insecure.', 'SecurityError'));
    await expect(enableDevicePush()).rejects.toBeInstanceOf(PushRefusedError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops the new subscription again when the platform refuses to keep it', async () => {
    answering(keyAnswer(), json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { endpoint: ['push_service_unknown'] } }, 422));
    const browser = stubBrowser();
    await expect(enableDevicePush()).rejects.toMatchObject({ status: 422 });
    const made = (await browser.pushManager.subscribe.mock.results[0].value) as FakeSubscription;
    expect(made.unsubscribe).toHaveBeenCalled();
  });

  it('stops at a refused or dismissed question: denied, or still off', async () => {
    const fetchMock = answering();
    const denied = stubBrowser({ answer: 'denied' });
    expect(await enableDevicePush()).toBe('denied');
    expect(denied.serviceWorker.register).not.toHaveBeenCalled();
    stubBrowser({ answer: 'default' });
    expect(await enableDevicePush()).toBe('off');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('turning it off', () => {
  it('has the platform forget the endpoint, then the browser unsubscribes', async () => {
    const fetchMock = answering(ok());
    const held = subscription(KEY);
    stubBrowser({ permission: 'granted', held });
    expect(await disableDevicePush()).toBe('off');
    const [url, init] = fetchCall(fetchMock);
    expect([url, init.method]).toEqual(['/my-account/sotore/token', 'DELETE']);
    expect(body(fetchMock, 0)).toEqual({ endpoint: ENDPOINT });
    expect(held.unsubscribe).toHaveBeenCalled();
  });

  it('keeps the subscription when the platform could not be told', async () => {
    answering(json({ message: 'down' }, 503));
    const held = subscription(KEY);
    stubBrowser({ permission: 'granted', held });
    await expect(disableDevicePush()).rejects.toMatchObject({ status: 503 });
    expect(held.unsubscribe).not.toHaveBeenCalled();
  });
});
