// What the events' pages show of an event in the interface's language: its title and description
// (Bangla falling back to English, and back), its days and hours through Intl (bn-BD in Bangla,
// with Bangla digits), where it is and how many seats are left.
import { localTitle } from '../../../lib/course-text';
import { intlLocale } from '../../../lib/lang';
import type { EventItem } from '../api/events-api';

export function eventTitle(e: Pick<EventItem, 'title' | 'title_bn'> | null | undefined, lang: string): string {
  return localTitle(e, lang);
}

/** The description in the interface's language, else the other one's. */
export function eventDescription(e: Pick<EventItem, 'description' | 'description_bn'>, lang: string): string {
  return localTitle({ title: e.description, title_bn: e.description_bn }, lang);
}

type When = { weekday?: 'short'; month: 'short' | 'long' };

function dateTimeFormat(lang: string, { weekday, month }: When, timeZone?: string) {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    weekday,
    day: 'numeric',
    month,
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // Bangla on a 24-hour clock: ICU's bn day periods are the English "AM"/"PM".
    hourCycle: 'h23',
    timeZone,
  });
}

/**
 * From the start to the end, the date said once when both are on the same day: "20 Dec 2026,
 * 10:00–13:30", "২০ ডিসে, ২০২৬ ১০:০০–১৩:৩০". `long`: with the weekday and the month's full name.
 */
export function formatEventWhen(startsAt: string, endsAt: string, lang: string, { long = false, timeZone }: { long?: boolean; timeZone?: string } = {}): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime())) return '';
  const f = dateTimeFormat(lang, long ? { weekday: 'short', month: 'long' } : { month: 'short' }, timeZone);
  if (Number.isNaN(end.getTime()) || end <= start) return f.format(start);
  return f.formatRange(start, end);
}

/** One instant (a check-in, a post): the date and time. */
export function formatInstant(value: string | null | undefined, lang: string, timeZone?: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return dateTimeFormat(lang, { month: 'short' }, timeZone).format(d);
}

/** The time of day alone (a check-in today). */
export function formatTime(value: string | null | undefined, lang: string, timeZone?: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(lang), { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone }).format(d);
}

/** The calendar leaf of a card: the day's number and the month's short name. */
export function dateLeaf(value: string, lang: string, timeZone?: string): { day: string; month: string } {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return { day: '', month: '' };
  const parts = new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'short', timeZone }).formatToParts(d);
  return { day: parts.find((p) => p.type === 'day')?.value ?? '', month: parts.find((p) => p.type === 'month')?.value ?? '' };
}

/** Where: the venue, else null (an online event; the page words it). */
export function eventVenue(e: Pick<EventItem, 'venue'>): string | null {
  return e.venue?.trim() || null;
}

export type Seats = { kind: 'unlimited' } | { kind: 'full' } | { kind: 'left'; n: number };

/** Seats left: no limit, full, or how many. */
export function seatsOf(e: Pick<EventItem, 'capacity' | 'seats_left'>): Seats {
  if (e.capacity == null || e.seats_left == null) return { kind: 'unlimited' };
  if (e.seats_left <= 0) return { kind: 'full' };
  return { kind: 'left', n: e.seats_left };
}

/** Registration is possible for this person now (the button is offered). */
export function mayRegister(e: Pick<EventItem, 'state' | 'capacity' | 'seats_left' | 'my_registration'>): boolean {
  return e.state !== 'ended' && !e.my_registration && seatsOf(e).kind !== 'full';
}

/** The caller may read materials and take part in discussions: a manager or an approved registrant. */
export function isInsider(e: Pick<EventItem, 'can_manage' | 'my_registration'>): boolean {
  return e.can_manage || e.my_registration?.status === 'approved';
}

/** The caller may review: the event has ended and they were checked in. */
export function mayReview(e: Pick<EventItem, 'state' | 'my_registration'>): boolean {
  return e.state === 'ended' && !!e.my_registration?.checked_in_at;
}
