// The teacher's marks for one answer: a decimal from 0 to the question's marks, 2 places at most.
import { parseDecimal } from '../../../lib/digits';

export type MarksProblem = 'marks_required' | 'marks_invalid' | 'marks_over';

export function checkMarks(typed: string, max: number): { ok: true; marks: number } | { ok: false; problem: MarksProblem } {
  if (!typed.trim()) return { ok: false, problem: 'marks_required' };
  const n = parseDecimal(typed);
  if (n === null || n < 0) return { ok: false, problem: 'marks_invalid' };
  if (n > max) return { ok: false, problem: 'marks_over' };
  return { ok: true, marks: n };
}

/** A marking item's identity (attempt and slot). */
export function markingKey(item: { attempt: string; slot: number }): string {
  return `${item.attempt}:${item.slot}`;
}
