// Notifications on this device (Web Push): whether this browser gets the platform's pushes for the
// signed-in user, and turning that on or off. The browser keeps the subscription (its push service
// makes it, for the platform's key, under the service worker public/sw.js, which shows each push);
// the platform keeps a copy per user and site to push to (push-api.ts).
import { useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { deletePushSubscription, fetchPushKey, PUSH_UNAVAILABLE, savePushSubscription } from './push-api';

/**
 * `unsupported`: this browser has no Web Push; `unavailable`: the platform sends none (nothing is
 * shown); `denied`: the person blocked this site's notifications in the browser; `off` / `on`.
 */
export type DevicePushState = 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

const SERVICE_WORKER = '/sw.js';

/**
 * How long subscribing may take before it counts as refused: a browser whose push service cannot
 * be reached (Chromium without Google's keys, a network that blocks it) never answers. Should it
 * answer later, the subscription is posted the next time this page reads the state.
 */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;

/**
 * The browser would not subscribe: no service worker (a private window in Firefox), or no push
 * service (off the record in Chrome; Chromium builds without Google's keys). Said as such, not as
 * a failure of the platform.
 */
export class PushRefusedError extends Error {
  constructor(cause: unknown) {
    super('the browser refused to subscribe', { cause });
    this.name = 'PushRefusedError';
  }
}

const refused = (e: unknown): never => {
  throw new PushRefusedError(e);
};

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';
}

/** The bytes of a base64url text (padding optional). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** The subscription was made for this key (after the platform's key changed, pushes to it fail). */
function madeFor(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options.applicationServerKey;
  return !!held && held.byteLength === key.length && new Uint8Array(held).every((b, i) => b === key[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Where this browser stands. A subscription it has is posted again: one made while someone else
 * was signed in here then goes to the person signed in now.
 */
export async function readDevicePush(signal?: AbortSignal): Promise<DevicePushState> {
  let key: string;
  try {
    key = await fetchPushKey(signal);
  } catch (e) {
    if (e instanceof ApiError && e.code === PUSH_UNAVAILABLE) return 'unavailable';
    throw e;
  }
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentSubscription();
  if (!subscription || Notification.permission !== 'granted' || !madeFor(subscription, keyBytes(key))) return 'off';
  await savePushSubscription(subscription.toJSON());
  return 'on';
}

/** Asks for permission, subscribes this browser and has the platform keep the subscription. */
export async function enableDevicePush(): Promise<DevicePushState> {
  // First, while the click still counts as the person's own (browsers refuse to ask otherwise).
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  await navigator.serviceWorker.register(SERVICE_WORKER).catch(refused);
  // subscribe() needs an active worker; a first registration has only an installing one.
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(await fetchPushKey());
  const held = await registration.pushManager.getSubscription();
  // Subscribing again with another key than the held subscription's is refused: that one goes first.
  if (held && !madeFor(held, key)) await held.unsubscribe();
  const subscription = await withinTime(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), SUBSCRIBE_TIMEOUT_MS).catch(refused);
  try {
    await savePushSubscription(subscription.toJSON());
  } catch (e) {
    // Not kept by the platform, nothing would come: the browser need not keep it either.
    await subscription.unsubscribe();
    throw e;
  }
  return 'on';
}

/** The platform forgets this browser's subscription, then the browser drops it. */
export async function disableDevicePush(): Promise<DevicePushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}

/** Keyed by the session's token: when someone else signs in, the subscription is posted again for them. */
export const devicePushKey = (token: string | null) => ['device-push', token ?? ''] as const;

export function devicePushQuery(token: string | null) {
  return {
    queryKey: devicePushKey(token),
    queryFn: ({ signal }: { signal?: AbortSignal }) => readDevicePush(signal),
    enabled: !!token,
  };
}

/** Turns pushes on (true) or off (false); the state they end in replaces the read one. */
export function devicePushMutation(qc: QueryClient, token: string | null): UseMutationOptions<DevicePushState, Error, boolean> {
  return {
    mutationFn: (on) => (on ? enableDevicePush() : disableDevicePush()),
    onSuccess: (state) => qc.setQueryData(devicePushKey(token), state),
  };
}

export interface DevicePush {
  /** Undefined while being read. */
  state: DevicePushState | undefined;
  /** Reading it failed. */
  loadError: Error | null;
  reload: () => void;
  /** Being turned on or off. */
  busy: boolean;
  /** Turning it on or off failed (a PushRefusedError when the browser refused). */
  error: Error | null;
  enable: () => void;
  disable: () => void;
}

export function useDevicePush(): DevicePush {
  const token = useToken();
  const qc = useQueryClient();
  const query = useQuery(devicePushQuery(token));
  const toggle = useMutation(devicePushMutation(qc, token));
  return {
    state: query.data,
    loadError: query.error,
    reload: () => void query.refetch(),
    busy: toggle.isPending,
    error: toggle.error,
    enable: () => toggle.mutate(true),
    disable: () => toggle.mutate(false),
  };
}
