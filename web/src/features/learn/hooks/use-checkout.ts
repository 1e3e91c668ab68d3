// The enrolment card's "Buy" button: opens an order for a paid batch and sends the browser to the
// gateway's payment page.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { startCheckout, type CheckoutRequest, type CheckoutStarted } from '../api/checkout-api';

/** A v4 UUID (crypto.randomUUID where the browser has it). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The purchase attempt's Idempotency-Key, and the batch, coupon and gateway it was made for. */
export interface AttemptKey {
  current: string | null;
  for?: string;
}

/**
 * Checkout of a batch with an optional coupon, through a gateway (the mutation's variable). `key` holds the purchase
 * attempt's Idempotency-Key: made on the first try and kept, so that a repeated click or request
 * answers the same order; dropped after an error, and when the batch, the coupon or the gateway changes, so
 * that trying again is a new attempt. On success the browser goes to the gateway, or to this
 * site's success page when a coupon made the order free (`go`, window.location.assign in the app).
 */
export function checkoutOptions(
  key: AttemptKey,
  go: (url: string) => void,
  onError?: (err: Error) => void,
): UseMutationOptions<CheckoutStarted, Error, CheckoutRequest> {
  return {
    mutationFn: (request) => {
      const purchase = `${request.batchId}:${request.coupon ?? ''}:${request.gateway ?? 'sslcommerz'}`;
      // Another batch, coupon or gateway: another attempt.
      if (key.for !== undefined && key.for !== purchase) key.current = null;
      key.for = purchase;
      return startCheckout(request, (key.current ??= newIdempotencyKey()));
    },
    onSuccess: (started) => go(started.redirect_url),
    onError: (err) => {
      key.current = null;
      onError?.(err);
    },
  };
}

/** The browser leaves for the gateway's page (another origin), or this site's page of a free order. */
export const toGateway = (url: string) => window.location.assign(url);

/** Checkout from a course's card; after an error the card's enrolment state is read again. */
export function useCheckout(courseUuid: string, onError: (err: Error) => void) {
  const qc = useQueryClient();
  const key = useRef<AttemptKey>({ current: null }).current;
  const mutation = useMutation(
    checkoutOptions(
      key,
      toGateway,
      (err) => {
        // Enrolled meanwhile, or the batch became free or closed: show what is true now.
        void qc.invalidateQueries({ queryKey: ['enrolled-check', courseUuid] });
        void qc.invalidateQueries({ queryKey: ['course-details'] });
        onError(err);
      },
    ),
  );
  // Back from the gateway through the browser's history, the page may come back as it was left
  // (busy): it offers the button again.
  const { reset } = mutation;
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => e.persisted && reset();
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [reset]);
  return mutation;
}
