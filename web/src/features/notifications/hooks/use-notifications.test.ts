import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, json, runMutation, stubFetch } from '../../../lib/test-render';
import { fetchNotifications, fetchUnread, type Notification } from '../api/notifications-api';
import { applyUnreadEvent, followUnread, markAllReadMutation, markReadMutation, notificationKeys, unreadFromEvent, type NotificationList } from './use-notifications';
import { appPath, notificationText } from './notification-text';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'tok';
const unreadKey = notificationKeys.unread(TOKEN);
const listKey = notificationKeys.list(TOKEN);

const note = (id: number, read: boolean, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'enrolment_approved',
  params: { course_title: 'Algebra', course_title_bn: 'বীজগণিত', course_uuid: 'u-1', batch_name: 'Batch A' },
  link: '/course/details/u-1',
  read,
  created_at: '2026-12-01T10:00:00Z',
  ...over,
});

const page = (data: Notification[]): NotificationList => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length });

const unreadEvent = (n: unknown, event = 'unread') => ({ event, data: JSON.stringify({ unread: n }), id: '' });

/** A fetch answer that is an event stream giving these chunks, then ending. */
const stream = (chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

describe('the notifications API', () => {
  it('reads the unread count and the latest ten', async () => {
    const mock = stubFetch(() => json({ data: { unread: 3 } }));
    expect(await fetchUnread()).toBe(3);
    expect(fetchCall(mock)[0]).toBe('/my-account/notifications/unread');
    const mock2 = stubFetch(() => json(page([note(1, false)])));
    expect((await fetchNotifications()).data.map((n) => n.id)).toEqual([1]);
    expect(fetchCall(mock2)[0]).toBe('/my-account/notifications?page=1&limit=10');
  });
});

describe('the stream’s unread events', () => {
  it('carry a whole count; anything else is ignored', () => {
    expect(unreadFromEvent(unreadEvent(4))).toBe(4);
    expect(unreadFromEvent(unreadEvent(0))).toBe(0);
    expect(unreadFromEvent(unreadEvent(4, 'message'))).toBeNull();
    expect(unreadFromEvent(unreadEvent(-1))).toBeNull();
    expect(unreadFromEvent(unreadEvent(1.5))).toBeNull();
    expect(unreadFromEvent(unreadEvent('4'))).toBeNull();
    expect(unreadFromEvent({ event: 'unread', data: 'not json', id: '' })).toBeNull();
    expect(unreadFromEvent({ event: 'unread', data: 'null', id: '' })).toBeNull();
  });

  it('replace the cached count, and make a cached list stale only when the count changed', () => {
    const qc = new QueryClient();
    expect(applyUnreadEvent(qc, TOKEN, unreadEvent(2))).toBe(true);
    expect(qc.getQueryData(unreadKey)).toBe(2);
    qc.setQueryData(listKey, page([note(1, false)]));
    expect(applyUnreadEvent(qc, TOKEN, unreadEvent(2))).toBe(false);
    expect(qc.getQueryState(listKey)?.isInvalidated).toBe(false);
    expect(applyUnreadEvent(qc, TOKEN, unreadEvent(3))).toBe(true);
    expect(qc.getQueryData(unreadKey)).toBe(3);
    expect(qc.getQueryState(listKey)?.isInvalidated).toBe(true);
    // Another person's cache is not touched.
    expect(qc.getQueryData(notificationKeys.unread('other'))).toBeUndefined();
  });

  it('are followed over the stream with the app’s headers, each one updating the count, until aborted', async () => {
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? TOKEN : null), setItem: () => {}, removeItem: () => {} });
    const ctrl = new AbortController();
    const qc = new QueryClient();
    qc.setQueryData(unreadKey, 1);
    qc.setQueryData(listKey, page([note(1, false)]));
    const seen: unknown[] = [];
    const answers = [
      () => stream([': hi\n\nevent: unread\ndata: {"unread": 1}\n\n', 'event: unread\nda', 'ta: {"unread": 4}\n\n']),
      () => stream(['event: unread\ndata: {"unread": 5}\n\n']),
    ];
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
      seen.push(qc.getQueryData(unreadKey));
      const next = answers.shift();
      if (!next) {
        ctrl.abort();
        throw new DOMException('aborted', 'AbortError');
      }
      return next();
    });
    vi.stubGlobal('fetch', fetchMock);
    await followUnread(qc, TOKEN, { signal: ctrl.signal, wait: async () => {} });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/my-account/notifications/stream');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(headers.Accept).toBe('text/event-stream');
    // Before the first connection, after the first (4), after the reconnection (5).
    expect(seen).toEqual([1, 4, 5]);
    expect(qc.getQueryData(unreadKey)).toBe(5);
    expect(qc.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});

describe('marking read', () => {
  it('PUTs …/read/{id}, shows it read at once with one fewer unread', async () => {
    const mock = stubFetch(() => new Response(null, { status: 204 }));
    const qc = new QueryClient();
    qc.setQueryData(unreadKey, 2);
    qc.setQueryData(listKey, page([note(7, false), note(6, false), note(5, true)]));
    await runMutation(markReadMutation(qc, TOKEN), note(7, false), qc);
    const [url, init] = fetchCall(mock);
    expect(url).toBe('/my-account/notifications/read/7');
    expect(init.method).toBe('PUT');
    expect(qc.getQueryData<NotificationList>(listKey)!.data.map((n) => n.read)).toEqual([true, false, true]);
    expect(qc.getQueryData(unreadKey)).toBe(1);
  });

  it('puts everything back when refused (not the caller’s: 404)', async () => {
    stubFetch(() => json({ code: 'not_found' }, 404));
    const qc = new QueryClient();
    const before = page([note(7, false)]);
    qc.setQueryData(unreadKey, 1);
    qc.setQueryData(listKey, before);
    await expect(runMutation(markReadMutation(qc, TOKEN), note(7, false), qc)).rejects.toMatchObject({ status: 404 });
    expect(qc.getQueryData(listKey)).toEqual(before);
    expect(qc.getQueryData(unreadKey)).toBe(1);
  });

  it('marks all read with PUT …/read-all: none unread', async () => {
    const mock = stubFetch(() => new Response(null, { status: 204 }));
    const qc = new QueryClient();
    qc.setQueryData(unreadKey, 12);
    qc.setQueryData(listKey, page([note(7, false), note(6, true)]));
    await runMutation(markAllReadMutation(qc, TOKEN), undefined, qc);
    const [url, init] = fetchCall(mock);
    expect([url, init.method]).toEqual(['/my-account/notifications/read-all', 'PUT']);
    expect(qc.getQueryData<NotificationList>(listKey)!.data.every((n) => n.read)).toBe(true);
    expect(qc.getQueryData(unreadKey)).toBe(0);
  });
});

describe('a notification’s text, time and link', () => {
  const t = ((key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`) as never;

  it('names the course in the interface language, the other one when empty; an unknown kind is generic', () => {
    expect(notificationText(note(1, false), t, 'en')).toBe('notifications:kinds.enrolment_approved{"course":"Algebra"}');
    expect(notificationText(note(1, false), t, 'bn')).toBe('notifications:kinds.enrolment_approved{"course":"বীজগণিত"}');
    const onlyBn = note(1, false, { params: { course_title: '', course_title_bn: 'বীজগণিত' } });
    expect(notificationText(onlyBn, t, 'en')).toBe('notifications:kinds.enrolment_approved{"course":"বীজগণিত"}');
    const onlyEn = note(1, false, { params: { course_title: 'Algebra', course_title_bn: null } });
    expect(notificationText(onlyEn, t, 'bn')).toBe('notifications:kinds.enrolment_approved{"course":"Algebra"}');
    expect(notificationText(note(1, false, { params: {} }), t, 'en')).toBe('notifications:kinds.unknown');
    expect(notificationText(note(1, false, { kind: 'exam_graded' }), t, 'bn')).toBe('notifications:kinds.unknown');
    const certificate = note(2, false, { kind: 'certificate_issued', params: { course_title: 'Algebra', course_title_bn: 'বীজগণিত', tracking_code: 'X' } });
    expect(notificationText(certificate, t, 'bn')).toBe('notifications:kinds.certificate_issued{"course":"বীজগণিত"}');
    const paid = note(3, false, { kind: 'payment_received', params: { amount_poisha: 150_000, currency: 'BDT' } });
    expect(notificationText(paid, t, 'bn')).toBe('notifications:kinds.payment_received{"amount":"১,৫০০৳"}');
    expect(notificationText(paid, t, 'en')).toBe('notifications:kinds.payment_received{"amount":"৳1,500"}');
    expect(notificationText(note(3, false, { kind: 'payment_received', params: { amount_poisha: '1500' } }), t, 'en')).toBe('notifications:kinds.unknown');
  });

  it('shows a bulk message (announcement) as its subject and the start of its body, as written', () => {
    const announcement = (params: Record<string, unknown>) => note(4, false, { kind: 'announcement', params });
    expect(notificationText(announcement({ subject: 'Exam on Sunday', body: 'At 10:00,\n room 4.' }), t, 'bn')).toBe('notifications:kinds.announcement{"subject":"Exam on Sunday","body":"At 10:00, room 4."}');
    expect(notificationText(announcement({ subject: '', body: 'ক্লাস কাল' }), t, 'en')).toBe('ক্লাস কাল');
    expect(notificationText(announcement({ subject: 'Holiday' }), t, 'en')).toBe('Holiday');
    const long = notificationText(announcement({ subject: 'S', body: 'x'.repeat(500) }), t, 'en');
    expect(long).toContain(`"body":"${'x'.repeat(139)}…"`);
    expect(notificationText(announcement({}), t, 'en')).toBe('notifications:kinds.unknown');
  });

  it('opens only paths of this app', () => {
    expect(appPath('/course/details/u-1')).toBe('/course/details/u-1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a b']) expect(appPath(bad), String(bad)).toBeNull();
  });
});
