// The refund dialog: the amount as typed (Bangla digits, commas and ৳ allowed; empty: all that is
// left), checked as the server checks it, and the reason's length.
import { amountPoisha } from './payout-form';

/** Longest reason of a refund (the server's limit). */
export const REFUND_REASON_MAX = 500;

/** Why the typed amount cannot be refunded (errors:<code>); null when it can. Empty: all that is left. */
export function refundProblem(typed: string, leftPoisha: number): 'amount_invalid' | 'refund_above_paid' | null {
  if (!typed.trim()) return null;
  const poisha = amountPoisha(typed);
  if (poisha === null || poisha <= 0) return 'amount_invalid';
  if (poisha > leftPoisha) return 'refund_above_paid';
  return null;
}

/** The poisha the typed amount gives back: all that is left when empty. */
export function refundPoisha(typed: string, leftPoisha: number): number {
  return typed.trim() ? (amountPoisha(typed) ?? 0) : leftPoisha;
}
