// Buying a seat in a paid batch (POST /course/transactions/create), with a coupon priced first
// (GET /learner-course/price-quote). Apart from learn-api.ts so that only the enrolment card's
// chunk carries it, not the course page's first download.
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';

export interface CheckoutStarted {
  order: { uuid: string; state: string; gateway?: string };
  /**
   * The gateway's hosted payment page (another origin); for an order a coupon made free (paid at
   * once, gateway `none`), this site's /payment/success/<uuid>.
   */
  redirect_url: string;
}

/** What the learner would pay for a batch with a coupon (integer poisha). */
export interface PriceQuote {
  list_price_poisha: number;
  discount_poisha: number;
  amount_poisha: number;
  /** The code applied, in capitals. */
  coupon: string | null;
}

/**
 * Prices batch `batchId` with coupon `coupon` for the signed-in learner (checkout prices it again).
 * 422 on field `coupon`: `coupon_not_found`, `coupon_expired`, `coupon_not_for_course`,
 * `coupon_used_up`; 404 `batch_not_found`.
 */
export function fetchPriceQuote(batchId: number, coupon: string) {
  return api<DataEnvelope<PriceQuote>>('/learner-course/price-quote', { query: { batch_id: batchId, coupon } }).then((r) => r.data);
}

/** The gateways a learner can pay through. */
export const GATEWAYS = ['bkash', 'sslcommerz'] as const;
export type Gateway = (typeof GATEWAYS)[number];

/** A purchase: the batch, the coupon applied to it (if any) and the gateway (SSLCommerz unless chosen). */
export interface CheckoutRequest {
  batchId: number;
  coupon?: string | null;
  gateway?: Gateway;
}

/**
 * Opens an order for the batch, with the coupon if one is given, paid through the gateway (ignored
 * when a coupon makes it free). The same `idempotencyKey` answers
 * the same order (200) instead of a second one, so a repeated click or a retried request never
 * charges twice. Errors: 401; 409 `already_enrolled`, `batch_full`, `payment_in_progress` (an order
 * for the course with another coupon still waits); 422 `batch_closed`, `batch_free`, and on
 * `coupon` the price quote's codes, on `gateway` `invalid_choice`; 502 `payment_gateway_unavailable`;
 * 503 `payments_not_configured` (that gateway is not set up on the site).
 */
export function startCheckout({ batchId, coupon, gateway = 'sslcommerz' }: CheckoutRequest, idempotencyKey: string) {
  return api<DataEnvelope<CheckoutStarted>>('/course/transactions/create', {
    method: 'POST',
    body: { batch_id: batchId, ...(coupon && { coupon }), gateway },
    headers: { 'Idempotency-Key': idempotencyKey },
  }).then((r) => r.data);
}
