// Queries and mutations of the calendar page: the entries of the weeks shown, and the feed.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToken } from '../../../lib/session';
import { fetchCalendarEntries, fetchFeed, makeFeed, stopFeed, type CalendarEntry, type Feed } from '../api/calendar-api';
import type { Day } from './calendar-dates';

/**
 * The per-kind pages (SPEC 2: /course/calendar/show, ...): the same calendar with only the
 * entries of that kind. Classes and exams are not on the calendar yet.
 */
export const CALENDAR_KINDS = ['course', 'exam', 'classroom', 'training', 'webinarroom'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** The entries a page shows: all of them, or those of its kind. */
export function entriesOfKind(entries: readonly CalendarEntry[], kind: CalendarKind | undefined): CalendarEntry[] {
  return kind ? entries.filter((e) => e.kind === kind) : [...entries];
}

export const calendarKeys = {
  all: ['calendar'] as const,
  entries: (from: Day, to: Day, token: string | null) => ['calendar', 'entries', from, to, token ?? ''] as const,
  feed: (token: string | null) => ['calendar', 'feed', token ?? ''] as const,
};

/** The entries overlapping [from, to); the weeks shown before stay while the next ones come. */
export function useCalendarEntries(from: Day, to: Day) {
  const token = useToken();
  return useQuery({
    queryKey: calendarKeys.entries(from, to, token),
    queryFn: ({ signal }) => fetchCalendarEntries(from, to, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useFeed() {
  const token = useToken();
  return useQuery({ queryKey: calendarKeys.feed(token), queryFn: ({ signal }) => fetchFeed(signal) });
}

/**
 * Makes the feed's address (again: the earlier one stops working). The address is in the answer
 * only, which the panel shows once; the cache keeps only that the feed is on.
 */
export function useMakeFeed() {
  const qc = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: makeFeed,
    onSuccess: (feed) => qc.setQueryData<Feed>(calendarKeys.feed(token), { url: null, active: feed.active }),
  });
}

export function useStopFeed() {
  const qc = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: stopFeed,
    onSuccess: () => qc.setQueryData<Feed>(calendarKeys.feed(token), { url: null, active: false }),
  });
}
