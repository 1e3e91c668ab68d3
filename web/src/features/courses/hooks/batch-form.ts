// Batch dialog values, their checks and the body of create / update; the featured order list.
import { ApiError } from '../../../lib/api-client';
import { asciiDigits, localDigits } from '../../../lib/digits';
import type { Batch, BatchBody, LetEnroll } from '../api/courses-api';

export interface BatchFormValues {
  name_bn: string;
  name: string;
  start_date: string;
  end_date: string;
  /** '' = no limit. */
  enrolment_limit: string;
  let_enroll: '1' | '2';
  certificate_approval: boolean;
  /** '' = the platform's default certificate. */
  template_id: string;
  restricted: boolean;
  /** Taka as typed, ASCII or Bangla digits ("1500", "১৫০০.৫০"); '' or 0 = free. */
  price: string;
}

/** Poisha as taka to type over: "1500", "1500.50"; '' when free. In Bangla digits in Bangla. */
export function takaInput(poisha: number | null | undefined, lang = 'en'): string {
  if (!poisha || poisha < 0) return '';
  const taka = Math.floor(poisha / 100);
  const paisa = poisha % 100;
  return localDigits(paisa ? `${taka}.${String(paisa).padStart(2, '0')}` : String(taka), lang);
}

/** The typed price as the API takes it: ASCII digits, without thousands commas, ৳ or spaces; '0' when empty. */
export function priceText(typed: string): string {
  return asciiDigits(typed).replace(/[\s,৳]/g, '') || '0';
}

/** A price the server reads: digits, then at most two decimals. */
export function isPrice(typed: string): boolean {
  return /^\d{1,9}(\.\d{1,2})?$/.test(priceText(typed));
}

/** The server refused the price (422 `price_invalid`, as the code or as the price field's entry). */
export function isPriceInvalid(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'price_invalid' || !!err.fieldErrors.price?.includes('price_invalid'));
}

/** "YYYY-MM-DD" of a local date. */
export function isoDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function batchValues(b: Batch | null, today: Date = new Date(), lang = 'en'): BatchFormValues {
  return {
    name_bn: b?.name_bn ?? '',
    name: b?.name ?? '',
    start_date: b?.start_date ?? isoDay(today),
    end_date: b?.end_date ?? '',
    enrolment_limit: b?.enrolment_limit != null ? String(b.enrolment_limit) : '',
    let_enroll: b?.let_enroll === 2 ? '2' : '1',
    certificate_approval: !!b?.certificate_approval,
    template_id: b?.template_id != null ? String(b.template_id) : '',
    restricted: !!b?.restricted,
    price: takaInput(b?.price_poisha, lang),
  };
}

export function isDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

export type BatchProblem = {
  field: keyof BatchFormValues;
  problem: 'name_required' | 'date_required' | 'invalid_date' | 'end_before_start' | 'invalid_limit' | 'invalid_price';
};

export function batchProblems(v: BatchFormValues): BatchProblem[] {
  const out: BatchProblem[] = [];
  if (!v.name.trim() && !v.name_bn.trim()) out.push({ field: 'name_bn', problem: 'name_required' });
  if (!v.start_date) out.push({ field: 'start_date', problem: 'date_required' });
  else if (!isDay(v.start_date)) out.push({ field: 'start_date', problem: 'invalid_date' });
  if (v.end_date) {
    if (!isDay(v.end_date)) out.push({ field: 'end_date', problem: 'invalid_date' });
    else if (isDay(v.start_date) && v.end_date < v.start_date) out.push({ field: 'end_date', problem: 'end_before_start' });
  }
  const limit = v.enrolment_limit.trim();
  if (limit && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 1_000_000)) out.push({ field: 'enrolment_limit', problem: 'invalid_limit' });
  if (!isPrice(v.price)) out.push({ field: 'price', problem: 'invalid_price' });
  return out;
}

export function batchBody(v: BatchFormValues): BatchBody {
  return {
    name: v.name.trim(),
    name_bn: v.name_bn.trim(),
    start_date: v.start_date,
    end_date: v.end_date || null,
    enrolment_limit: v.enrolment_limit.trim() ? Number(v.enrolment_limit.trim()) : null,
    let_enroll: Number(v.let_enroll) as LetEnroll,
    certificate_approval: v.certificate_approval,
    template_id: v.template_id ? Number(v.template_id) : null,
    restricted: v.restricted,
    price: priceText(v.price),
  };
}

/** The field a batch error code belongs to (when the server sent no field map). */
export const BATCH_CODE_FIELD: Record<string, keyof BatchFormValues> = {
  invalid_date: 'start_date',
  end_before_start: 'end_date',
  invalid_limit: 'enrolment_limit',
  price_invalid: 'price',
};

/** The list with item `id` moved one place; null at either end. */
export function moveInList<T extends { id: number }>(items: T[], id: number, delta: -1 | 1): T[] | null {
  const from = items.findIndex((i) => i.id === id);
  const to = from + delta;
  if (from === -1 || to < 0 || to >= items.length) return null;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
