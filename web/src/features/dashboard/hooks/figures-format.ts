// How the dashboard writes its figures' days and shares in the interface's language (bn-BD in
// Bangla: Bangla digits and month names). Days are "YYYY-MM-DD" Dhaka days, written as such
// whatever the browser's time zone.
import { formatDay } from '../../../lib/course-text';
import { intlLocale } from '../../../lib/lang';
import type { GenderCount } from '../api/figures-api';
import type { FigureRange } from './figures-range';

/** "15 Dec", "১৫ ডিসে": a chart's ticks. */
export function shortDay(day: string, lang: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d);
}

/** "15 Dec 2026": a chart's tooltips and tables. */
export function longDay(day: string, lang: string): string {
  return formatDay(day, lang);
}

/** "1 Dec 2026 – 30 Dec 2026". */
export function rangeText(range: FigureRange, lang: string): string {
  return `${longDay(range.from, lang)} – ${longDay(range.to, lang)}`;
}

/** A whole percent of `count` in `total` (0 when there is none). */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** A 0..100 percent from the server, kept within bounds. */
export function boundedPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(Number(value) || 0)));
}

export const GENDERS = ['female', 'male', 'other', 'unknown'] as const;

/** The four genders in their order, zero where the answer has none. */
export function genderCounts(genders: readonly GenderCount[] | null | undefined): GenderCount[] {
  return GENDERS.map((gender) => ({ gender, count: Number(genders?.find((g) => g.gender === gender)?.count) || 0 }));
}
