// What the calendar says of its days and entries in the interface's language, through Intl
// (bn-BD in Bangla: Bangla month and day names and digits). Days are Dhaka days, times Dhaka times.
import { institutionName, localTitle } from '../../../lib/course-text';
import { intlLocale } from '../../../lib/lang';
import type { CalendarEntry } from '../api/calendar-api';
import { DHAKA_TIME_ZONE, firstDay, isOneDay, type Day, type Month } from './calendar-dates';

/** A day as a Date at its UTC midnight, formatted in UTC: the day itself whatever the browser's zone. */
function dayDate(day: Day): Date {
  return new Date(`${day}T00:00:00Z`);
}

function dayFormat(lang: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' });
}

/** "December 2026", "ডিসেম্বর ২০২৬". */
export function monthTitle(m: Month, lang: string): string {
  return dayFormat(lang, { month: 'long', year: 'numeric' }).format(dayDate(firstDay(m)));
}

/** The seven weekdays from Saturday: short names and full ones. */
export function weekdayNames(lang: string): { short: string; long: string }[] {
  const short = dayFormat(lang, { weekday: 'short' });
  const long = dayFormat(lang, { weekday: 'long' });
  // 2026-01-03 is a Saturday.
  return Array.from({ length: 7 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 0, 3 + i));
    return { short: short.format(d), long: long.format(d) };
  });
}

/** The day of the month: "5", "৫". */
export function dayOfMonth(day: Day, lang: string): string {
  return dayFormat(lang, { day: 'numeric' }).format(dayDate(day));
}

/** "Saturday 12 December", "শনিবার ১২ ডিসেম্বর": the agenda's day headings. */
export function dayHeading(day: Day, lang: string): string {
  return dayFormat(lang, { weekday: 'long', day: 'numeric', month: 'long' }).format(dayDate(day));
}

/** With the year: the grid cells' names for screen readers. */
export function dayLabel(day: Day, lang: string): string {
  return dayFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(dayDate(day));
}

/** Bangla on a 24-hour clock: ICU's bn day periods are the English "AM"/"PM". */
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: DHAKA_TIME_ZONE } as const;

/**
 * When, in Dhaka time: "10:00–13:30" within a day, with the days when it spans several
 * ("12 Dec, 10:00 – 14 Dec, 17:00").
 */
export function timeRange(e: Pick<CalendarEntry, 'starts_at' | 'ends_at'>, lang: string): string {
  const start = new Date(e.starts_at);
  const end = new Date(e.ends_at);
  if (Number.isNaN(start.getTime())) return '';
  const f = new Intl.DateTimeFormat(intlLocale(lang), isOneDay(e) ? CLOCK : { ...CLOCK, day: 'numeric', month: 'short' });
  if (Number.isNaN(end.getTime()) || end <= start) return f.format(start);
  return f.formatRange(start, end);
}

/** The start's time of day: "10:00". */
export function startTime(e: Pick<CalendarEntry, 'starts_at'>, lang: string): string {
  const start = new Date(e.starts_at);
  return Number.isNaN(start.getTime()) ? '' : new Intl.DateTimeFormat(intlLocale(lang), CLOCK).format(start);
}

export function entryTitle(e: Pick<CalendarEntry, 'title' | 'title_bn'>, lang: string): string {
  return localTitle(e, lang);
}

/** The site's name in the interface's language (institution_name is the Bangla one). */
export function siteName(e: Pick<CalendarEntry, 'site'>, lang: string): string {
  return institutionName(e.site, lang) || e.site.slug;
}

/** The location when it is an online link (http or https), else null. */
export function onlineLink(location: string | null | undefined): URL | null {
  const value = location?.trim();
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
