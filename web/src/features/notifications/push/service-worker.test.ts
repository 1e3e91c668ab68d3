// public/sw.js run against a stand-in of its global scope: the pushes it shows, the pages it opens.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(join(import.meta.dirname, '../../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://dhaka.example.com';

interface Tab {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

const tab = (url: string, { focused = false, controlled = true } = {}): Tab => ({
  url,
  focused,
  focus: vi.fn(async () => undefined),
  // A tab the worker does not control cannot be navigated from it.
  navigate: vi.fn(async () => {
    if (!controlled) throw new TypeError('not controlled');
    return null;
  }),
});

/** The worker, started in a scope of ORIGIN with these tabs open. */
function worker(tabs: Tab[] = []) {
  const listeners = new Map<string, (event: object) => void>();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: {
      showNotification: vi.fn(async (_title: string, _options: NotificationOptions) => undefined),
      pushManager: { subscribe: vi.fn(async (_options: object) => subscription('https://push.example/renewed', 'bmV3')) },
    },
    clients: { claim: vi.fn(async () => undefined), matchAll: vi.fn(async (_o: object) => tabs), openWindow: vi.fn(async (_url: string) => null) },
  };
  new Function('self', SOURCE)(scope);
  /** Dispatches an event and waits for what it asked to be waited for. */
  const fire = async (type: string, event: object = {}) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  const push = (data: string | null) => fire('push', { data: data === null ? null : { json: () => JSON.parse(data) as unknown } });
  const click = (url: unknown) => {
    const close = vi.fn();
    return fire('notificationclick', { notification: { close, data: { url } } }).then(() => close);
  };
  return { scope, fire, push, click, shown: () => scope.registration.showNotification.mock.calls };
}

/** A stand-in of a PushSubscription: what the worker reads of one. */
function subscription(endpoint: string, auth: string) {
  const options = { userVisibleOnly: true, applicationServerKey: 'server-key' };
  return { options, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256', auth } }) };
}

const NOTICE = { title: 'ঢাকা লার্নিং', body: 'বীজগণিত কোর্সে আপনার ভর্তি অনুমোদিত হয়েছে।', url: `${ORIGIN}/course/details/u-1`, lang: 'bn', tag: 'notice-42' };

describe('the service worker', () => {
  it('takes over at once and claims the open tabs', async () => {
    const w = worker();
    await w.fire('install');
    expect(w.scope.skipWaiting).toHaveBeenCalled();
    await w.fire('activate');
    expect(w.scope.clients.claim).toHaveBeenCalled();
  });

  it('shows a pushed notice with its title, body, language, tag, the site’s icon and its page', async () => {
    const w = worker();
    await w.push(JSON.stringify(NOTICE));
    expect(w.shown()).toEqual([['ঢাকা লার্নিং', { body: NOTICE.body, lang: 'bn', tag: 'notice-42', icon: '/favicon.svg', data: { url: NOTICE.url } }]]);
  });

  it('still shows something for a push without the platform’s JSON: the site, opening its start page', async () => {
    const w = worker();
    await w.push('not json');
    await w.push(null);
    await w.push('"a string"');
    await w.push(JSON.stringify({ body: 'no title', url: 'https://evil.example/phish' }));
    const generic = { body: '', lang: '', tag: '', icon: '/favicon.svg', data: { url: `${ORIGIN}/` } };
    expect(w.shown()).toEqual([
      [ORIGIN, generic],
      [ORIGIN, generic],
      [ORIGIN, generic],
      [ORIGIN, { ...generic, body: 'no title' }],
    ]);
  });

  it('keeps only pages of its own site', async () => {
    const w = worker();
    for (const url of ['/dashboard', 'javascript:alert(1)', '//evil.example/x', 42]) await w.push(JSON.stringify({ ...NOTICE, url }));
    expect(w.shown().map(([, o]) => (o.data as { url: string }).url)).toEqual([`${ORIGIN}/dashboard`, `${ORIGIN}/`, `${ORIGIN}/`, `${ORIGIN}/`]);
  });

  it('a click closes the notice, focuses the focused tab of the site and shows the page there', async () => {
    const other = tab(`${ORIGIN}/`);
    const focused = tab(`${ORIGIN}/dashboard`, { focused: true });
    const w = worker([other, focused]);
    const close = await w.click(NOTICE.url);
    expect(close).toHaveBeenCalled();
    expect(w.scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(NOTICE.url);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(w.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when no tab of the site is open, or the open one cannot be navigated', async () => {
    const none = worker();
    await none.click(NOTICE.url);
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith(NOTICE.url);
    const stranger = worker([tab(`${ORIGIN}/`, { controlled: false })]);
    await stranger.click(NOTICE.url);
    expect(stranger.scope.clients.openWindow).toHaveBeenCalledWith(NOTICE.url);
  });

  it('never opens another site', async () => {
    const w = worker();
    await w.click('https://evil.example/phish');
    expect(w.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });

  describe('when the push service replaces the subscription', () => {
    /** The requests the worker made, their bodies parsed. */
    function posted() {
      const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}'));
      vi.stubGlobal('fetch', fetch);
      return () => fetch.mock.calls.map(([url, init]) => ({ url, method: init.method, headers: init.headers, body: JSON.parse(String(init.body)) as unknown }));
    }

    it('tells the platform the new one, proved by the old one’s secret, without sign-in', async () => {
      const calls = posted();
      const w = worker();
      await w.fire('pushsubscriptionchange', { oldSubscription: subscription('https://push.example/old', 'b2xk'), newSubscription: subscription('https://push.example/new', 'bmV3') });
      expect(calls()).toEqual([
        {
          url: '/my-account/sotore/token',
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: { endpoint: 'https://push.example/new', expirationTime: null, keys: { p256dh: 'p256', auth: 'bmV3' }, replaces: { endpoint: 'https://push.example/old', auth: 'b2xk' } },
        },
      ]);
      expect(w.scope.registration.pushManager.subscribe).not.toHaveBeenCalled();
    });

    it('subscribes again with the old one’s options when the browser gave no new one', async () => {
      const calls = posted();
      const w = worker();
      const old = subscription('https://push.example/old', 'b2xk');
      await w.fire('pushsubscriptionchange', { oldSubscription: old, newSubscription: null });
      expect(w.scope.registration.pushManager.subscribe).toHaveBeenCalledWith(old.options);
      expect(calls().map((c) => c.body)).toEqual([expect.objectContaining({ endpoint: 'https://push.example/renewed', replaces: { endpoint: 'https://push.example/old', auth: 'b2xk' } })]);
    });

    it('does nothing without the old one: the settings page subscribes again', async () => {
      const calls = posted();
      const w = worker();
      await w.fire('pushsubscriptionchange', { oldSubscription: null, newSubscription: subscription('https://push.example/new', 'bmV3') });
      expect(calls()).toEqual([]);
    });
  });
});
