// The calendar's days: Dhaka days (YYYY-MM-DD), as the API's `from` and `to` are. A month is
// shown as whole weeks starting on Saturday, as in Bangladesh; an entry sits on every Dhaka day it
// overlaps. Pure functions of strings and numbers: no time zone of the browser is involved.

/** A calendar day, "YYYY-MM-DD". */
export type Day = string;

/** A month of a year; `month` 1-12. */
export interface Month {
  year: number;
  month: number;
}

/** Bangladesh Standard Time, UTC+6, has no daylight saving time (since 2009). */
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
export const DHAKA_TIME_ZONE = 'Asia/Dhaka';
/** Saturday, in Date.getUTCDay()'s numbering (Sunday 0). */
export const WEEK_STARTS_ON = 6;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a day, NaN for a malformed one. */
function serial(day: Day): number {
  const m = DAY_RE.exec(day);
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3]) / DAY_MS;
}

function fromSerial(n: number): Day {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function isDay(value: string | null | undefined): value is Day {
  return !!value && DAY_RE.test(value) && fromSerial(serial(value)) === value;
}

export function addDays(day: Day, n: number): Day {
  return fromSerial(serial(day) + n);
}

/** Days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: Day, b: Day): number {
  return serial(b) - serial(a);
}

/** 0 Sunday ... 6 Saturday. */
export function weekdayOf(day: Day): number {
  return new Date(serial(day) * DAY_MS).getUTCDay();
}

/** The Dhaka day of an instant (an RFC 3339 time, milliseconds or a Date); null when invalid. */
export function dhakaDay(instant: string | number | Date): Day | null {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in Dhaka. */
export function todayInDhaka(now: number = Date.now()): Day {
  return dhakaDay(now)!;
}

/** The Saturday on or before the day. */
export function weekStart(day: Day): Day {
  return addDays(day, -((weekdayOf(day) - WEEK_STARTS_ON + 7) % 7));
}

export function monthOf(day: Day): Month {
  return { year: +day.slice(0, 4), month: +day.slice(5, 7) };
}

export function addMonths({ year, month }: Month, n: number): Month {
  const i = year * 12 + (month - 1) + n;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

export function firstDay({ year, month }: Month): Day {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** "2026-12": the month in the page's address. */
export function monthParam(m: Month): string {
  return firstDay(m).slice(0, 7);
}

/** The month of `?month=YYYY-MM`, else the month of `today`. */
export function parseMonthParam(value: string | null | undefined, today: Day): Month {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (m && +m[2] >= 1 && +m[2] <= 12 && +m[1] >= 1970 && +m[1] <= 9999) return { year: +m[1], month: +m[2] };
  return monthOf(today);
}

export function sameMonth(a: Month, b: Month): boolean {
  return a.year === b.year && a.month === b.month;
}

/** The day lies in the month. */
export function inMonth(day: Day, m: Month): boolean {
  return day.slice(0, 7) === monthParam(m);
}

export interface VisibleRange {
  /** The Saturday on or before the 1st. */
  from: Day;
  /** The day after the Friday on or after the month's last day (exclusive, as the API's `to`). */
  to: Day;
  /** Whole weeks, Saturday to Friday: 4 to 6 of them. */
  weeks: Day[][];
}

/** The weeks a month's grid shows, and the days [from, to) the API is asked for. */
export function visibleRange(m: Month): VisibleRange {
  const from = weekStart(firstDay(m));
  const last = addDays(firstDay(addMonths(m, 1)), -1);
  const to = addDays(weekStart(last), 7);
  const weeks: Day[][] = [];
  for (let d = from; d < to; d = addDays(d, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(d, i)));
  return { from, to, weeks };
}

/** What the day logic reads of an entry. */
export interface Timed {
  starts_at: string;
  ends_at: string;
}

/** A longer span is not spread over the days (the API keeps ranges within a year). */
const MAX_SPAN_DAYS = 366;

/**
 * The Dhaka days an entry overlaps: its start's day to the day of the instant before its end (an
 * entry ending at midnight does not reach the next day). An entry whose end is not after its start
 * is on its start's day. Within [from, to) when they are given.
 */
export function entryDays(e: Timed, from?: Day, to?: Day): Day[] {
  const start = Date.parse(e.starts_at);
  if (!Number.isFinite(start)) return [];
  const end = Date.parse(e.ends_at);
  const first = dhakaDay(start)!;
  const last = Number.isFinite(end) && end > start ? dhakaDay(end - 1)! : first;
  const span = Math.min(daysBetween(first, last), MAX_SPAN_DAYS);
  const days: Day[] = [];
  for (let i = 0; i <= span; i++) {
    const d = addDays(first, i);
    if ((from === undefined || d >= from) && (to === undefined || d < to)) days.push(d);
  }
  return days;
}

/** The entry starts on this Dhaka day (not continued from an earlier one). */
export function startsOn(e: Timed, day: Day): boolean {
  return dhakaDay(e.starts_at) === day;
}

/** The entry is within one Dhaka day. */
export function isOneDay(e: Timed): boolean {
  return entryDays(e).length <= 1;
}

function byStart<E extends Timed & { title?: string }>(a: E, b: E): number {
  return Date.parse(a.starts_at) - Date.parse(b.starts_at) || Date.parse(a.ends_at) - Date.parse(b.ends_at) || (a.title ?? '').localeCompare(b.title ?? '');
}

export interface DayGroup<E> {
  day: Day;
  entries: E[];
}

/**
 * The entries by the Dhaka days of [from, to) they overlap, each day's by start time; only days
 * with entries, in order. An entry over several days is in each of them.
 */
export function groupByDay<E extends Timed & { title?: string }>(entries: readonly E[], from: Day, to: Day): DayGroup<E>[] {
  const byDay = new Map<Day, E[]>();
  for (const e of [...entries].sort(byStart)) {
    for (const d of entryDays(e, from, to)) {
      const list = byDay.get(d);
      if (list) list.push(e);
      else byDay.set(d, [e]);
    }
  }
  return [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, list]) => ({ day, entries: list }));
}
