// The enrolment card's coupon: the code being typed, the one applied, and what it makes of the
// chosen batch's price (asked again when the batch changes). Part of the card's lazily loaded
// chunk, not of the course page's first download.
import { useQuery } from '@tanstack/react-query';
import { useReducer } from 'react';
import { ApiError } from '../../../lib/api-client';
import { fetchPriceQuote } from '../api/checkout-api';

/** A code as the server keeps it: trimmed, in capitals. */
export const couponCode = (typed: string) => typed.trim().toUpperCase();

/** The price of batch `batchId` with `code` for the signed-in learner; a refusal is final (no retry). */
export function priceQuoteQuery(batchId: number, code: string) {
  return {
    queryKey: ['price-quote', batchId, code] as const,
    queryFn: () => fetchPriceQuote(batchId, code),
    retry: (count: number, err: Error) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: 60_000,
  };
}

/** The code field: shown or not, as typed, and the code applied ('' when none). */
export interface CouponEntry {
  open: boolean;
  typed: string;
  applied: string;
}

export type CouponAction = { type: 'open' } | { type: 'typed'; value: string } | { type: 'apply' } | { type: 'remove' };

export function couponReducer(state: CouponEntry, action: CouponAction): CouponEntry {
  switch (action.type) {
    case 'open':
      return { ...state, open: true };
    case 'typed':
      return { ...state, typed: action.value };
    case 'apply': {
      const code = couponCode(state.typed);
      return code ? { ...state, open: true, typed: code, applied: code } : state;
    }
    case 'remove':
      return { open: false, typed: '', applied: '' };
  }
}

/**
 * `enabled`: a paid batch is chosen and the learner is signed in and not enrolled. `initial`: a
 * code to apply at once (the page's ?coupon=).
 */
export function useCouponQuote(batchId: number | null, enabled: boolean, initial = '') {
  const [entry, dispatch] = useReducer(couponReducer, couponCode(initial), (code) => ({ open: !!code, typed: code, applied: code }));
  const { applied } = entry;
  const query = useQuery({ ...priceQuoteQuery(batchId ?? 0, applied), enabled: enabled && batchId != null && !!applied });
  const active = enabled && !!applied;
  return {
    open: entry.open,
    typed: entry.typed,
    applied: active ? applied : '',
    /** The price with the coupon, for the chosen batch. */
    quote: active && query.data ? query.data : null,
    error: active ? query.error : null,
    checking: active && query.isFetching,
    onOpen: () => dispatch({ type: 'open' }),
    onTyped: (value: string) => dispatch({ type: 'typed', value }),
    onApply: () => {
      const code = couponCode(entry.typed);
      // The same code again (refused a moment ago, say): asked again.
      if (code && code === applied) void query.refetch();
      else dispatch({ type: 'apply' });
    },
    onRemove: () => dispatch({ type: 'remove' }),
  };
}
