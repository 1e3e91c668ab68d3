// Web Push (/tmp/contracts/push.md): GET /my-account/sotore/key, the platform's public key (no
// sign-in needed; 404 `push_unavailable` when the platform has none); POST …/token keeps this
// browser's subscription for the signed-in user on this site, DELETE …/token drops it.
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';

/** The key's 404 code: the platform sends no pushes, and the app says nothing about them. */
export const PUSH_UNAVAILABLE = 'push_unavailable';

const TOKEN = '/my-account/sotore/token';

/** The application server key: base64url (no padding) of an uncompressed P-256 point. */
export function fetchPushKey(signal?: AbortSignal) {
  return api<DataEnvelope<{ public_key: string }>>('/my-account/sotore/key', { signal }).then((r) => r.data.public_key);
}

/** Keeps a subscription, sent exactly as the browser describes it (PushSubscription.toJSON()). */
export function savePushSubscription(subscription: PushSubscriptionJSON) {
  return api<DataEnvelope<{ ok: boolean }>>(TOKEN, { method: 'POST', body: subscription });
}

/** Drops the subscription of this endpoint (also answered 200 when the platform does not know it). */
export function deletePushSubscription(endpoint: string) {
  return api<DataEnvelope<{ ok: boolean }>>(TOKEN, { method: 'DELETE', body: { endpoint } });
}
