// The promotion form: its values as typed (Bangla digits allowed in the ages), the checks the
// server makes again, and the body the API takes, for each type of promotion.
import { asciiDigits, localDigits } from '../../../lib/digits';
import { isHttpUrl } from '../../../lib/link-url';
import type { Gender } from '../../profile/api/profile-api';
import { PROMOTION_STATUSES, PROMOTION_TYPES, type Position, type Promotion, type PromotionBody, type PromotionStatus, type PromotionType } from '../api/promotions-api';

export interface PromotionFormValues {
  title: string;
  details: string;
  position: Position;
  url: string;
  /** internal-course: the promoted course. */
  course_id: number | null;
  /** A data URL just picked; null: none picked (a saved promotion keeps its picture). */
  thumbnail: string | null;
  course_categories: number[];
  genders: Gender[];
  professions: number[];
  districts: number[];
  /** As typed ("18", "১৮"); '' = no limit. */
  age_start: string;
  age_end: string;
  /** "YYYY-MM-DD". */
  start_date: string;
  end_date: string;
}

/** The fields the server may refuse, in the form's order. */
export const PROMOTION_FIELDS = [
  'title',
  'details',
  'position',
  'url',
  'course_id',
  'thumbnail',
  'start_date',
  'end_date',
  'course_categories',
  'genders',
  'professions',
  'districts',
  'age_start',
  'age_end',
] as const;
export type PromotionField = (typeof PROMOTION_FIELDS)[number];

/** The server's limits. */
export const TITLE_MAX = 150;
export const DETAILS_MAX = 5000;
export const URL_MAX = 500;
export const AGE_MAX = 120;
export const REASON_MAX = 500;

/** Types that lead to an address of their own (internal-course leads to its course's page). */
export const hasUrl = (type: PromotionType) => type !== 'internal-course';
/** ... and those for which it is required (a job's is where to apply, if anywhere). */
export const needsUrl = (type: PromotionType) => type === 'ads' || type === 'external-course';

/** `:slug` of /promotion-manager/:slug as a type; null when it is none. */
export function promotionTypeParam(slug: string | undefined): PromotionType | null {
  return (PROMOTION_TYPES as readonly string[]).includes(slug ?? '') ? (slug as PromotionType) : null;
}

/** `?status=`: one status, else every status (''). */
export function statusParam(value: string | null): PromotionStatus | '' {
  return (PROMOTION_STATUSES as readonly string[]).includes(value ?? '') ? (value as PromotionStatus) : '';
}

/** A new promotion's values (on the home page, its days to be chosen), or a saved one's to edit. */
export function promotionValues(p: Promotion | null, lang = 'en'): PromotionFormValues {
  const age = (n: number | null | undefined) => (n == null ? '' : localDigits(String(n), lang));
  return {
    title: p?.title ?? '',
    details: p?.details ?? '',
    position: p?.position ?? 'home',
    url: p && hasUrl(p.type) ? p.url : '',
    course_id: p?.course?.id ?? null,
    thumbnail: null,
    course_categories: p?.course_categories ?? [],
    genders: p?.genders ?? [],
    professions: p?.professions ?? [],
    districts: p?.districts ?? [],
    age_start: age(p?.age_start),
    age_end: age(p?.age_end),
    start_date: p?.start_date ?? '',
    end_date: p?.end_date ?? '',
  };
}

/** An age as typed; undefined when empty, NaN when it is not one from 0 to AGE_MAX. */
function age(typed: string): number | undefined {
  const v = asciiDigits(typed.trim());
  if (!v) return undefined;
  return /^\d{1,3}$/.test(v) && Number(v) <= AGE_MAX ? Number(v) : Number.NaN;
}

/** What is wrong with the values before they are sent (the server checks again), per field, as errors:<code>. */
export function promotionProblems(type: PromotionType, v: PromotionFormValues): Partial<Record<PromotionField, string>> {
  const out: Partial<Record<PromotionField, string>> = {};
  if (!v.title.trim()) out.title = 'required';
  if (type === 'jobs' && !v.details.trim()) out.details = 'required';
  const url = v.url.trim();
  if (hasUrl(type) && url && !isHttpUrl(url)) out.url = 'invalid_url';
  else if (needsUrl(type) && !url) out.url = 'required';
  if (type === 'internal-course' && v.course_id == null) out.course_id = 'required';
  if (!v.start_date) out.start_date = 'required';
  if (!v.end_date) out.end_date = 'required';
  else if (v.start_date && v.end_date < v.start_date) out.end_date = 'end_before_start';
  const from = age(v.age_start);
  const to = age(v.age_end);
  if (Number.isNaN(from)) out.age_start = 'age_invalid';
  if (Number.isNaN(to)) out.age_end = 'age_invalid';
  else if (from !== undefined && to !== undefined && !Number.isNaN(from) && to < from) out.age_end = 'age_range_invalid';
  return out;
}

/** The body of create / update: trimmed texts, ages as numbers (null: no limit), a new picture only when one was picked. */
export function promotionBody(type: PromotionType, v: PromotionFormValues): PromotionBody {
  return {
    type,
    title: v.title.trim(),
    details: v.details.trim(),
    position: v.position,
    url: hasUrl(type) ? v.url.trim() : '',
    course_id: type === 'internal-course' ? v.course_id : null,
    ...(v.thumbnail ? { thumbnail: v.thumbnail } : {}),
    course_categories: v.course_categories,
    genders: v.genders,
    professions: v.professions,
    districts: v.districts,
    age_start: age(v.age_start) ?? null,
    age_end: age(v.age_end) ?? null,
    start_date: v.start_date,
    end_date: v.end_date,
  };
}
