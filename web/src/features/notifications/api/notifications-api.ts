// The bell's notifications (/tmp/contracts/bell.md), all for the signed-in caller:
// GET /my-account/notifications?page&limit (newest first), GET …/unread ({data: {unread}}),
// PUT …/read/{id} and PUT …/read-all (204), and GET …/stream, an event stream whose `unread`
// events ({"unread": n}) come when it opens and whenever the caller's count changes (read with
// lib/event-stream.ts: it sends the app's headers, which EventSource cannot).
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

/** What happened; the text is written here, in the interface language, from `kind` and `params`. */
export interface Notification {
  id: number;
  /** `enrolment_approved`, `certificate_issued`, `payment_received`, or a kind this app does not know yet (shown with a generic text). */
  kind: string;
  params: Record<string, unknown>;
  /** Where opening it leads (a path of this app), or null. */
  link: string | null;
  read: boolean;
  created_at: string;
}

/** How many the bell's panel shows: the latest ten. */
export const PANEL_LIMIT = 10;

export const NOTIFICATIONS_STREAM = '/my-account/notifications/stream';

/** The `event:` of the stream's count events. */
export const UNREAD_EVENT = 'unread';

export function fetchNotifications({ page = 1, limit = PANEL_LIMIT }: { page?: number; limit?: number } = {}, signal?: AbortSignal) {
  return api<Page<Notification>>('/my-account/notifications', { query: { page, limit }, signal });
}

/** The caller's unread count. Silent: the top loading bar is for what the page asked for. */
export function fetchUnread(signal?: AbortSignal) {
  return api<DataEnvelope<{ unread: number }>>('/my-account/notifications/unread', { signal, silent: true }).then((r) => r.data.unread);
}

/** Marks one read (404 when it is not the caller's). */
export function markRead(id: number) {
  return api<null>(`/my-account/notifications/read/${id}`, { method: 'PUT' });
}

export function markAllRead() {
  return api<null>('/my-account/notifications/read-all', { method: 'PUT' });
}
