// The dates of the site's figures (docs/api-dashboard.md "Dates"): Dhaka days, both included, kept
// in the address as ?from=YYYY-MM-DD&to=YYYY-MM-DD; without them the 30 days ending today in Dhaka,
// as the server's own default. Pure functions of strings: no time zone of the browser is involved.
import { addDays, daysBetween, isDay, type Day } from '../../calendar/hooks/calendar-dates';

export interface FigureRange {
  from: Day;
  to: Day;
}

/** The longest range the server answers (`date_range_too_long` beyond). */
export const MAX_RANGE_DAYS = 366;
/** The range shown without ?from and ?to. */
export const DEFAULT_RANGE_DAYS = 30;

/** What the server answers 422 about a range, checked before asking. */
export type RangeProblem = 'invalid_date' | 'date_range_reversed' | 'date_range_too_long';

export const RANGE_PRESETS = ['7d', '30d', '90d', '12m'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The `days` days ending `today`. */
export function lastDays(days: number, today: Day): FigureRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** A quick choice: 7, 30 or 90 days, or the 12 months ending `today` (from the day after the same day a year before). */
export function presetRange(preset: RangePreset, today: Day): FigureRange {
  if (preset === '12m') {
    const [y, m, d] = today.split('-').map(Number);
    // The same day a year before (29 February falls back to the 28th), then the day after.
    const yearBefore = new Date(Date.UTC(y - 1, m - 1, Math.min(d, m === 2 ? 28 : d))).toISOString().slice(0, 10);
    return { from: addDays(yearBefore, 1), to: today };
  }
  return lastDays(Number.parseInt(preset, 10), today);
}

/** The quick choice a range is, if any (they all end today). */
export function presetOf(range: FigureRange, today: Day): RangePreset | null {
  return RANGE_PRESETS.find((p) => {
    const r = presetRange(p, today);
    return r.from === range.from && r.to === range.to;
  }) ?? null;
}

/** The range of the address: each date as given when it is a date, else the default's. */
export function rangeFromParams(params: URLSearchParams, today: Day): FigureRange {
  const fallback = lastDays(DEFAULT_RANGE_DAYS, today);
  const from = params.get('from');
  const to = params.get('to');
  return { from: isDay(from) ? from : fallback.from, to: isDay(to) ? to : fallback.to };
}

/** The address with the range set, other parameters kept. */
export function withRange(params: URLSearchParams, range: FigureRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('from', range.from);
  next.set('to', range.to);
  return next;
}

/** Why the server would refuse the range (null: it is one to ask about). */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!isDay(from) || !isDay(to)) return 'invalid_date';
  const span = daysBetween(from, to);
  if (span < 0) return 'date_range_reversed';
  if (span + 1 > MAX_RANGE_DAYS) return 'date_range_too_long';
  return null;
}

/** A refusal of the range, on the field it is about: a code the form words, or the server's words. */
export type RangeRefusal = { field: 'from' | 'to' } & ({ code: RangeProblem } | { message: string });

/** Why the server would refuse the range, on its field (null: it is one to ask about). */
export function rangeRefusal(from: string, to: string): RangeRefusal | null {
  const code = rangeProblem(from, to);
  if (!code) return null;
  return { code, field: code === 'invalid_date' && !isDay(from) ? 'from' : 'to' };
}

/** The call's query parameters for a range. */
export function rangeQuery(range: FigureRange): { start_date: Day; end_date: Day } {
  return { start_date: range.from, end_date: range.to };
}
