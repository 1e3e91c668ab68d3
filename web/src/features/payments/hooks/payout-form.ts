// The payout request form: the amount as typed (Bangla digits, thousands commas, ৳ allowed) read
// as the API takes it, the checks the server makes again, and where its refusal belongs.
import { ApiError } from '../../../lib/api-client';
import { asciiDigits } from '../../../lib/digits';
import { parseTaka, takaInput } from '../../../lib/money';

/** Longest note with a request, and reason with a rejection (the server's limits). */
export const NOTE_MAX = 500;
export const REASON_MAX = 500;

/** The refusals of an amount, as the server's codes (errors:<code>). */
export const AMOUNT_CODES = ['amount_invalid', 'payout_above_balance'] as const;
export type AmountProblem = (typeof AMOUNT_CODES)[number];

/** The typed amount as the API takes it: ASCII digits, without thousands commas, ৳ or spaces. */
export function amountText(typed: string): string {
  return asciiDigits(typed).replace(/[\s,৳]/g, '');
}

/** The typed amount in poisha, exactly (no floating point); null when it is not an amount. */
export function amountPoisha(typed: string): number | null {
  return parseTaka(typed);
}

/** Why the amount cannot be asked for (the server checks again); null when it can. */
export function amountProblem(typed: string, availablePoisha: number): AmountProblem | null {
  const poisha = amountPoisha(typed);
  if (poisha === null || poisha <= 0) return 'amount_invalid';
  if (poisha > availablePoisha) return 'payout_above_balance';
  return null;
}

/** Poisha as a value for the amount field ("5000.50"), in Bangla digits in Bangla. */
export function amountInput(poisha: number, lang: string): string {
  return takaInput(poisha, lang);
}

/**
 * The server's refusal of the amount: a code we word ourselves (as the answer's code, or as the
 * amount field's entry), else the field's message as the server translated it; null when the
 * error is not about the amount.
 */
export function amountRefusal(err: unknown): { code: AmountProblem } | { message: string } | null {
  if (!(err instanceof ApiError)) return null;
  const codes: readonly string[] = AMOUNT_CODES;
  if (err.code && codes.includes(err.code)) return { code: err.code as AmountProblem };
  const entries = err.fieldErrors.amount ?? [];
  const code = entries.find((e) => codes.includes(e));
  if (code) return { code: code as AmountProblem };
  return entries[0] ? { message: entries[0] } : null;
}
