// The coupon form: its values as typed (Bangla digits allowed in the numbers), the checks the
// server makes again, the body the API takes, and how a coupon reads in a list.
import type { TFunction } from 'i18next';
import { formatDay } from '../../../lib/course-text';
import { asciiDigits, localDigits } from '../../../lib/digits';
import { formatNumber, intlLocale } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import type { Coupon, CouponBody, CouponKind } from '../api/coupons-api';
import { amountPoisha, amountText } from './payout-form';

export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  /** As typed: "20", "২০". */
  percent: string;
  /** Taka as typed: "500", "৫০০.৫০", "৳1,000". */
  amount: string;
  /** "YYYY-MM-DD" or '' (no limit). */
  starts_on: string;
  ends_on: string;
  /** '' = unlimited. */
  max_uses: string;
  per_learner: string;
  course_ids: number[];
  category_ids: number[];
  active: boolean;
}

/** The fields the server may refuse, in the form's order. */
export const COUPON_FIELDS = ['code', 'kind', 'percent', 'amount', 'starts_on', 'ends_on', 'max_uses', 'per_learner', 'course_ids', 'category_ids', 'active'] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];

export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** A new coupon's values, or a coupon's to edit (numbers in Bangla digits in Bangla). */
export function couponValues(c: Coupon | null, lang = 'en'): CouponFormValues {
  const whole = (n: number | null | undefined) => (n == null ? '' : localDigits(String(n), lang));
  let amount = '';
  if (c?.amount_poisha) {
    const paisa = c.amount_poisha % 100;
    const taka = String(Math.floor(c.amount_poisha / 100));
    amount = localDigits(paisa ? `${taka}.${String(paisa).padStart(2, '0')}` : taka, lang);
  }
  return {
    code: c?.code ?? '',
    kind: c?.kind ?? 'percent',
    percent: whole(c?.percent),
    amount,
    starts_on: c?.starts_on ?? '',
    ends_on: c?.ends_on ?? '',
    max_uses: whole(c?.max_uses),
    per_learner: whole(c?.per_learner ?? 1),
    course_ids: c?.course_ids ?? [],
    category_ids: c?.category_ids ?? [],
    active: c?.active ?? true,
  };
}

/** A whole number typed with ASCII or Bangla digits; null when it is not one. */
function whole(typed: string): number | null {
  const v = asciiDigits(typed.trim());
  return /^\d{1,9}$/.test(v) ? Number(v) : null;
}

/** The code as kept: trimmed, in capitals. */
export const codeText = (typed: string) => typed.trim().toUpperCase();

/**
 * What is wrong with the values before they are sent (the server checks again), per field, as
 * error codes: errors:<code>, or payments:coupons.problems.<code> for invalid_limit.
 */
export function couponProblems(v: CouponFormValues): Partial<Record<CouponField, string>> {
  const out: Partial<Record<CouponField, string>> = {};
  if (!CODE_PATTERN.test(codeText(v.code))) out.code = 'coupon_code_invalid';
  if (v.kind === 'percent') {
    const p = whole(v.percent);
    if (p === null || p < 1 || p > 100) out.percent = 'percent_invalid';
  } else {
    const a = amountPoisha(v.amount);
    if (a === null || a <= 0) out.amount = 'amount_invalid';
  }
  if (v.starts_on && v.ends_on && v.ends_on < v.starts_on) out.ends_on = 'end_before_start';
  const atLeastOne = (typed: string) => (whole(typed) ?? 0) >= 1;
  if (v.max_uses.trim() && !atLeastOne(v.max_uses)) out.max_uses = 'invalid_limit';
  if (!atLeastOne(v.per_learner)) out.per_learner = 'invalid_limit';
  return out;
}

/** The body of create / update: numbers as numbers, the amount in ASCII digits, empty dates and limits as null. */
export function couponBody(v: CouponFormValues, id?: number): CouponBody {
  const percent = v.kind === 'percent';
  return {
    ...(id != null && { id }),
    code: codeText(v.code),
    kind: v.kind,
    percent: percent ? whole(v.percent) : null,
    amount: percent ? null : amountText(v.amount),
    starts_on: v.starts_on || null,
    ends_on: v.ends_on || null,
    max_uses: v.max_uses.trim() ? whole(v.max_uses) : null,
    per_learner: whole(v.per_learner) ?? 1,
    course_ids: v.course_ids,
    category_ids: v.category_ids,
    active: v.active,
  };
}

/** "YYYY-MM-DD" of today where the browser is. */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export type CouponState = 'active' | 'off' | 'expired';

/** Off when switched off; expired once its last day is past; else active. */
export function couponState(c: Coupon, day = today()): CouponState {
  if (!c.active) return 'off';
  if (c.ends_on && c.ends_on < day) return 'expired';
  return 'active';
}

/** "20%" or "৳500" ("২০%", "৫০০৳" in Bangla). */
export function discountText(c: Pick<Coupon, 'kind' | 'percent' | 'amount_poisha'>, lang: string): string {
  if (c.kind === 'percent') return new Intl.NumberFormat(intlLocale(lang), { style: 'percent' }).format((c.percent ?? 0) / 100);
  return formatTaka(c.amount_poisha ?? 0, lang);
}

/** When it is valid: always, from, until, or between two days. */
export function validityText(c: Pick<Coupon, 'starts_on' | 'ends_on'>, lang: string, t: TFunction): string {
  const start = formatDay(c.starts_on, lang);
  const end = formatDay(c.ends_on, lang);
  if (start && end) return t('payments:coupons.between', { start, end });
  if (start) return t('payments:coupons.from', { date: start });
  if (end) return t('payments:coupons.until', { date: end });
  return t('payments:coupons.always');
}

/** Uses so far of the limit ("3 of 10"), or without a limit. */
export function usesText(c: Pick<Coupon, 'used' | 'max_uses'>, lang: string, t: TFunction): string {
  const used = formatNumber(c.used, lang);
  return c.max_uses == null ? t('payments:coupons.uses_unlimited', { used }) : t('payments:coupons.uses_of', { used, max: formatNumber(c.max_uses, lang) });
}
