// Numbers of the exam screens in the interface language (Bangla digits in Bangla).
import { localTitle } from '../../../lib/course-text';
import { intlLocale } from '../../../lib/lang';

/** Marks: up to 2 decimals. */
export function formatMarks(n: number | null | undefined, lang: string): string {
  if (n == null || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(n);
}

/** A percentage given as 0..100, with up to 1 decimal. */
export function formatPercent(n: number | null | undefined, lang: string): string {
  if (n == null || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
}

/** A share given as 0..1 (facility, pass rate) as a percentage. */
export function formatShare(n: number | null | undefined, lang: string): string {
  if (n == null || !Number.isFinite(n)) return '';
  return formatPercent(n * 100, lang);
}

/** A discrimination index (-1..1): 2 decimals, with its sign. */
export function formatIndex(n: number | null | undefined, lang: string): string {
  if (n == null || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(n);
}

/** A question's or an option's text in the interface language, else in the other one. */
export function localText(item: { text?: string | null; text_bn?: string | null } | null | undefined, lang: string): string {
  return localTitle({ title: item?.text, title_bn: item?.text_bn }, lang);
}

/** Attempt states a learner can still answer in. */
export const OPEN_STATES = ['not_started', 'in_progress', 'overdue'];

export function isOpenState(state: string | null | undefined): boolean {
  return !!state && OPEN_STATES.includes(state);
}

/** Bytes as KB / MB in the interface digits. */
export function formatBytes(bytes: number, lang: string): string {
  const nf = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${nf.format(bytes / (1024 * 1024))} MB`;
  return `${nf.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
