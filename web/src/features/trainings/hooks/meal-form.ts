// A meal plan's dialog: time, location, meals beyond the trainees, and the items with the quantity
// each person gets; the checks the server makes again and the body of createOrUpdate.
import { ApiError } from '../../../lib/api-client';
import { localDigits, parseWhole } from '../../../lib/digits';
import type { MealPlan, MealPlanBody, MealType } from '../api/trainings-api';
import { parseQuantity, quantityInput } from './training-numbers';

export const MEAL_FIELDS = ['training_time', 'location', 'extra_count'] as const;
/** The plan's fields the server may refuse: its own, and the meal (422 `meal_type` `meal_plan_exists`: that meal has a plan). */
export const MEAL_SERVER_FIELDS = [...MEAL_FIELDS, 'meal_type'] as const;
export type MealField = (typeof MEAL_FIELDS)[number];
export type ItemField = 'item_id' | 'quantity_per_person';

export interface MealItemRow {
  key: string;
  /** null: not chosen yet. */
  item_id: number | null;
  /** Per person, as typed (up to three decimals). */
  quantity: string;
}

export interface MealValues {
  /** HH:MM. */
  training_time: string;
  location: string;
  /** As typed; '' is none. */
  extra_count: string;
  items: MealItemRow[];
}

/** When each meal is usually served. */
export const MEAL_TIMES: Record<MealType, string> = {
  breakfast: '08:00',
  morning_snack: '10:30',
  lunch: '13:00',
  afternoon_snack: '16:00',
  dinner: '20:00',
};

export const LOCATION_MAX = 300;

let nextKey = 0;
export const newItemRow = (item_id: number | null = null, quantity = ''): MealItemRow => ({ key: `item-${++nextKey}`, item_id, quantity });

export function mealValues(mealType: MealType, plan: MealPlan | null, lang: string): MealValues {
  if (!plan) return { training_time: MEAL_TIMES[mealType], location: '', extra_count: '', items: [newItemRow()] };
  return {
    training_time: plan.training_time?.slice(0, 5) ?? MEAL_TIMES[mealType],
    location: plan.location ?? '',
    extra_count: plan.extra_count ? localDigits(String(plan.extra_count), lang) : '',
    items: plan.items.length ? plan.items.map((i) => newItemRow(i.item_id, quantityInput(i.quantity_per_person, lang))) : [newItemRow()],
  };
}

export const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** Extra meals as typed: '' is 0; null when not a whole number. */
export function extraCount(typed: string): number | null {
  return typed.trim() ? parseWhole(typed) : 0;
}

export interface MealProblems {
  fields: Partial<Record<MealField, string>>;
  /** By item row. */
  items: Partial<Record<ItemField, string>>[];
}

export function mealProblems(v: MealValues): MealProblems {
  const fields: Partial<Record<MealField, string>> = {};
  if (!isTime(v.training_time)) fields.training_time = v.training_time ? 'time_invalid' : 'required';
  if (v.location.trim().length > LOCATION_MAX) fields.location = 'too_long';
  if (extraCount(v.extra_count) === null) fields.extra_count = 'whole_invalid';
  const seen = new Set<number>();
  const items = v.items.map((row) => {
    const out: Partial<Record<ItemField, string>> = {};
    if (row.item_id == null) out.item_id = 'required';
    else if (seen.has(row.item_id)) out.item_id = 'duplicate_item';
    else seen.add(row.item_id);
    const q = parseQuantity(row.quantity);
    if (!row.quantity.trim()) out.quantity_per_person = 'required';
    else if (q === null) out.quantity_per_person = 'quantity_invalid';
    return out;
  });
  return { fields, items };
}

export const mealHasProblems = (p: MealProblems) => Object.keys(p.fields).length > 0 || p.items.some((i) => Object.keys(i).length > 0);

export function mealBody(batchId: number, mealType: MealType, v: MealValues, id?: number): MealPlanBody {
  return {
    ...(id !== undefined && { id }),
    batch_id: batchId,
    meal_type: mealType,
    training_time: v.training_time,
    location: v.location.trim(),
    extra_count: extraCount(v.extra_count) ?? 0,
    items: v.items.filter((r) => r.item_id != null).map((r) => ({ item_id: r.item_id!, quantity_per_person: parseQuantity(r.quantity) ?? 0 })),
  };
}

/** The server's refusals of item rows (`items.N.quantity_per_person`), by row: a code worded by `word`, else its words. */
export function serverItemErrors(err: unknown, word: (code: string) => string | null): Record<number, Partial<Record<ItemField, string>>> {
  const out: Record<number, Partial<Record<ItemField, string>>> = {};
  if (!(err instanceof ApiError)) return out;
  for (const [name, entries] of Object.entries(err.fieldErrors)) {
    const m = /^items\.(\d+)\.(item_id|quantity_per_person)$/.exec(name);
    if (!m || !entries[0]) continue;
    const entry = entries[0];
    (out[Number(m[1])] ??= {})[m[2] as ItemField] = (/^[a-z][a-z0-9_]*$/.test(entry) && word(entry)) || entry;
  }
  return out;
}
