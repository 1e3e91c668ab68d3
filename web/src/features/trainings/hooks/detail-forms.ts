// The small forms of a training's batch: its venue and rules, a trainer, a logistic item and a
// food item (new, or renamed in the site's catalogue). Values as typed (amounts in taka, percentages, Bangla digits allowed), the checks the
// server makes again (as codes: trainings:problems.<code>, else errors:<code>), and the bodies sent.
// The values are named as the server names its fields, so that its refusals land on them.
import { localDigits, parseWhole } from '../../../lib/digits';
import { parseTaka, takaInput } from '../../../lib/money';
import type { FoodItem, Logistic, LogisticBody, Trainer, TrainingBatch, TrainingBatchBody } from '../api/trainings-api';
import { basisPointsInput, percentToBasisPoints } from './training-numbers';

type Problems<F extends string> = Partial<Record<F, string>>;

/** A taka amount as typed: '' is 0; null when it is not an amount. */
const takaOrZero = (typed: string) => (typed.trim() ? parseTaka(typed) : 0);

// ---- venue and rules

export const VENUE_FIELDS = ['venue', 'venue_bn', 'address', 'completion_percent', 'tax_basis_points'] as const;
export type VenueField = (typeof VENUE_FIELDS)[number];
export type VenueValues = Record<VenueField, string>;
export const VENUE_MAX = 300;
export const ADDRESS_MAX = 500;

export function venueValues(b: TrainingBatch, lang: string): VenueValues {
  return {
    venue: b.venue ?? '',
    venue_bn: b.venue_bn ?? '',
    address: b.address ?? '',
    completion_percent: localDigits(String(b.completion_percent ?? 80), lang),
    tax_basis_points: basisPointsInput(b.tax_basis_points ?? 1000, lang),
  };
}

export function venueProblems(v: VenueValues): Problems<VenueField> {
  const out: Problems<VenueField> = {};
  if (v.venue.trim().length > VENUE_MAX) out.venue = 'too_long';
  if (v.venue_bn.trim().length > VENUE_MAX) out.venue_bn = 'too_long';
  if (v.address.trim().length > ADDRESS_MAX) out.address = 'too_long';
  const percent = parseWhole(v.completion_percent);
  if (percent === null || percent < 1 || percent > 100) out.completion_percent = 'percent_invalid';
  if (percentToBasisPoints(v.tax_basis_points) === null) out.tax_basis_points = 'tax_invalid';
  return out;
}

export function venueBody(v: VenueValues): TrainingBatchBody {
  return {
    venue: v.venue.trim(),
    venue_bn: v.venue_bn.trim(),
    address: v.address.trim(),
    completion_percent: parseWhole(v.completion_percent) ?? undefined,
    tax_basis_points: percentToBasisPoints(v.tax_basis_points) ?? undefined,
  };
}

// ---- a trainer

export const TRAINER_FIELDS = ['email', 'rate_poisha'] as const;
export type TrainerField = (typeof TRAINER_FIELDS)[number];
/** `rate_poisha`: the rate per session in taka, as typed. */
export type TrainerValues = Record<TrainerField, string>;

export function trainerValues(t: Trainer | null, lang: string): TrainerValues {
  return { email: t?.email ?? '', rate_poisha: takaInput(t?.rate_poisha, lang) };
}

export function trainerProblems(v: TrainerValues, editing: boolean): Problems<TrainerField> {
  const out: Problems<TrainerField> = {};
  if (!editing) {
    const email = v.email.trim();
    if (!email) out.email = 'required';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) out.email = 'email_invalid';
  }
  if (takaOrZero(v.rate_poisha) === null) out.rate_poisha = 'taka_invalid';
  return out;
}

export const trainerRate = (v: TrainerValues) => takaOrZero(v.rate_poisha) ?? 0;

// ---- a logistic item

export const LOGISTIC_FIELDS = ['name', 'name_bn', 'quantity_per_trainee', 'unit_cost_poisha'] as const;
export type LogisticField = (typeof LOGISTIC_FIELDS)[number];
/** `unit_cost_poisha`: taka as typed. */
export type LogisticValues = Record<LogisticField, string>;
export const NAME_MAX = 200;

export function logisticValues(l: Logistic | null, lang: string): LogisticValues {
  return {
    name: l?.name ?? '',
    name_bn: l?.name_bn ?? '',
    quantity_per_trainee: localDigits(String(l?.quantity_per_trainee ?? 1), lang),
    unit_cost_poisha: takaInput(l?.unit_cost_poisha, lang),
  };
}

export function logisticProblems(v: LogisticValues): Problems<LogisticField> {
  const out: Problems<LogisticField> = {};
  if (!v.name.trim()) out.name = 'required';
  else if (v.name.trim().length > NAME_MAX) out.name = 'too_long';
  if (v.name_bn.trim().length > NAME_MAX) out.name_bn = 'too_long';
  const q = parseWhole(v.quantity_per_trainee);
  if (q === null || q < 1) out.quantity_per_trainee = 'quantity_whole';
  if (takaOrZero(v.unit_cost_poisha) === null) out.unit_cost_poisha = 'taka_invalid';
  return out;
}

export function logisticBody(v: LogisticValues): LogisticBody {
  return {
    name: v.name.trim(),
    name_bn: v.name_bn.trim(),
    quantity_per_trainee: parseWhole(v.quantity_per_trainee) ?? 1,
    unit_cost_poisha: takaOrZero(v.unit_cost_poisha) ?? 0,
  };
}

// ---- a food item (new, or one of the catalogue renamed)

export const FOOD_FIELDS = ['name', 'name_bn', 'unit'] as const;
export type FoodField = (typeof FOOD_FIELDS)[number];
export type FoodValues = Record<FoodField, string>;
export const UNIT_MAX = 30;
/** The server's limit for a food item's names. */
export const FOOD_NAME_MAX = 100;

export function foodProblems(v: FoodValues): Problems<FoodField> {
  const out: Problems<FoodField> = {};
  if (!v.name.trim()) out.name = 'required';
  else if (v.name.trim().length > FOOD_NAME_MAX) out.name = 'too_long';
  if (v.name_bn.trim().length > FOOD_NAME_MAX) out.name_bn = 'too_long';
  if (v.unit.trim().length > UNIT_MAX) out.unit = 'too_long';
  return out;
}

export function foodBody(v: FoodValues) {
  return { name: v.name.trim(), name_bn: v.name_bn.trim() || undefined, unit: v.unit.trim() || undefined };
}

export function foodValues(item: FoodItem | null): FoodValues {
  return { name: item?.name ?? '', name_bn: item?.name_bn ?? '', unit: item?.unit ?? '' };
}

/** A renamed item: every field sent, so that an emptied Bangla name or unit is cleared. */
export function foodEditBody(v: FoodValues) {
  return { name: v.name.trim(), name_bn: v.name_bn.trim(), unit: v.unit.trim() };
}
