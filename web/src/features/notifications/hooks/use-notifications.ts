// The bell's queries and calls. The unread count is read once (GET …/unread), then kept current by
// the server's event stream (…/stream, lib/event-stream.ts): each `unread` event replaces the
// cached count, and a changed count makes a cached list of the panel stale, so that the panel shows
// the new notification the next time it opens. Marking read changes the cache at once (the stream's
// echo of the new count then changes nothing); a refusal puts it back and reads both again.
import { useQuery, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { followEventStream, type StreamEvent, type StreamState } from '../../../lib/event-stream';
import type { Page } from '../../../lib/types';
import { fetchNotifications, fetchUnread, markAllRead, markRead, NOTIFICATIONS_STREAM, UNREAD_EVENT, type Notification } from '../api/notifications-api';

/** Keyed by the session's token: another person signing in on this browser never sees the last one's. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (token: string | null) => ['notifications', 'unread', token ?? ''] as const,
  list: (token: string | null) => ['notifications', 'list', token ?? ''] as const,
};

export type NotificationList = Page<Notification>;

export function unreadQuery(token: string | null) {
  return {
    queryKey: notificationKeys.unread(token),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchUnread(signal),
    enabled: !!token,
    // The stream keeps it current: it is never read again on its own.
    staleTime: Infinity,
  };
}

/** The panel's latest notifications (PANEL_LIMIT of them), newest first. */
export function listQuery(token: string | null) {
  return {
    queryKey: notificationKeys.list(token),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchNotifications({}, signal),
  };
}

/** The count an `unread` event carries; null for any other event, or data that is not a count. */
export function unreadFromEvent(e: StreamEvent): number | null {
  if (e.event !== UNREAD_EVENT) return null;
  try {
    const n = (JSON.parse(e.data) as { unread?: unknown } | null)?.unread;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * Puts an event's count in the cache; when it changed and the panel's list is cached, the list is
 * made stale (read again now if the panel is open, else when it next opens). Whether it changed.
 */
export function applyUnreadEvent(qc: QueryClient, token: string | null, e: StreamEvent): boolean {
  const n = unreadFromEvent(e);
  if (n === null) return false;
  const key = notificationKeys.unread(token);
  const before = qc.getQueryData<number>(key);
  if (before === n) return false;
  qc.setQueryData(key, n);
  const listKey = notificationKeys.list(token);
  if (qc.getQueryData(listKey) !== undefined) void qc.invalidateQueries({ queryKey: listKey });
  return true;
}

export interface UnreadFollow {
  signal: AbortSignal;
  onState?: (state: StreamState) => void;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Follows the caller's unread count until `signal` fires (apart from React, for the tests). */
export function followUnread(qc: QueryClient, token: string | null, { signal, onState, wait }: UnreadFollow) {
  return followEventStream(NOTIFICATIONS_STREAM, { signal, wait, onState, onEvent: (e) => void applyUnreadEvent(qc, token, e) });
}

/**
 * The signed-in caller's unread count (0 until known; nothing is asked without a session), kept
 * current by the stream while the component is mounted. The stream starts once the first read has
 * answered, so that this older answer never replaces a count the stream gave.
 */
export function useUnreadCount(token: string | null): { count: number; state: StreamState } {
  const qc = useQueryClient();
  const query = useQuery(unreadQuery(token));
  const [state, setState] = useState<StreamState>('connecting');
  const answered = !!token && query.status !== 'pending';
  useEffect(() => {
    if (!answered) return;
    const ctrl = new AbortController();
    void followUnread(qc, token, { signal: ctrl.signal, onState: setState });
    return () => ctrl.abort();
  }, [qc, token, answered]);
  return { count: query.data ?? 0, state };
}

interface Before {
  list?: NotificationList;
  unread?: number;
}

function snapshot(qc: QueryClient, token: string | null): Before {
  return { list: qc.getQueryData<NotificationList>(notificationKeys.list(token)), unread: qc.getQueryData<number>(notificationKeys.unread(token)) };
}

function restore(qc: QueryClient, token: string | null, before: Before | undefined) {
  if (before?.list) qc.setQueryData(notificationKeys.list(token), before.list);
  if (before?.unread !== undefined) qc.setQueryData(notificationKeys.unread(token), before.unread);
  void qc.invalidateQueries({ queryKey: notificationKeys.list(token) });
  void qc.invalidateQueries({ queryKey: notificationKeys.unread(token) });
}

/** Marks one notification read (PUT …/read/{id}): read at once in the list, one fewer unread. */
export function markReadMutation(qc: QueryClient, token: string | null): UseMutationOptions<unknown, Error, Notification, Before> {
  return {
    mutationFn: (n) => markRead(n.id),
    onMutate: async (n) => {
      await qc.cancelQueries({ queryKey: notificationKeys.list(token) });
      const before = snapshot(qc, token);
      const wasUnread = !(before.list?.data.find((x) => x.id === n.id)?.read ?? n.read);
      if (before.list) qc.setQueryData<NotificationList>(notificationKeys.list(token), { ...before.list, data: before.list.data.map((x) => (x.id === n.id ? { ...x, read: true } : x)) });
      if (wasUnread && before.unread) qc.setQueryData(notificationKeys.unread(token), before.unread - 1);
      return before;
    },
    onError: (_err, _n, before) => restore(qc, token, before),
  };
}

/** Marks every notification read (PUT …/read-all): all read in the list, none unread. */
export function markAllReadMutation(qc: QueryClient, token: string | null): UseMutationOptions<unknown, Error, void, Before> {
  return {
    mutationFn: () => markAllRead(),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: notificationKeys.list(token) });
      const before = snapshot(qc, token);
      if (before.list) qc.setQueryData<NotificationList>(notificationKeys.list(token), { ...before.list, data: before.list.data.map((x) => ({ ...x, read: true })) });
      qc.setQueryData(notificationKeys.unread(token), 0);
      return before;
    },
    onError: (_err, _v, before) => restore(qc, token, before),
  };
}
