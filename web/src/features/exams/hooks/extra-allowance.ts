// The extra attempts and minutes one learner is given (PUT /course/batch/increase_attempt).
import { parseWhole } from '../../../lib/digits';

export const EXTRA_ATTEMPTS_MAX = 100;
export const EXTRA_MINUTES_MAX = 1440;

export interface AllowanceValues {
  /** Typed texts (Bangla digits allowed). */
  extra_attempts: string;
  extra_minutes: string;
}

export type AllowanceProblem = 'invalid_extra_attempts' | 'invalid_extra_minutes' | 'nothing_extra';

/** The numbers to send, or what is wrong with each field. */
export function allowanceBody(v: AllowanceValues): { ok: true; extra_attempts: number; extra_minutes: number } | { ok: false; problems: Partial<Record<keyof AllowanceValues, AllowanceProblem>> } {
  const attempts = v.extra_attempts.trim() === '' ? 0 : parseWhole(v.extra_attempts);
  const minutes = v.extra_minutes.trim() === '' ? 0 : parseWhole(v.extra_minutes);
  const problems: Partial<Record<keyof AllowanceValues, AllowanceProblem>> = {};
  if (attempts === null || attempts > EXTRA_ATTEMPTS_MAX) problems.extra_attempts = 'invalid_extra_attempts';
  if (minutes === null || minutes > EXTRA_MINUTES_MAX) problems.extra_minutes = 'invalid_extra_minutes';
  if (!Object.keys(problems).length && attempts === 0 && minutes === 0) problems.extra_attempts = 'nothing_extra';
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, extra_attempts: attempts!, extra_minutes: minutes! };
}
