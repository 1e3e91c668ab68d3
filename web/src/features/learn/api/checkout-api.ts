// Buying a seat in a paid batch (POST /course/transactions/create). Apart from learn-api.ts so that
// only the enrolment card's chunk carries it, not the course page's first download.
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';

export interface CheckoutStarted {
  order: { uuid: string; state: string };
  /** The gateway's hosted payment page (another origin). */
  redirect_url: string;
}

/**
 * Opens an order for the batch. The same `idempotencyKey` answers the same order (200) instead of
 * a second one, so a repeated click or a retried request never charges twice. Errors: 401; 409
 * `already_enrolled`, `batch_full`; 422 `batch_closed`, `batch_free`; 502
 * `payment_gateway_unavailable`; 503 `payments_not_configured`.
 */
export function startCheckout(batchId: number, idempotencyKey: string) {
  return api<DataEnvelope<CheckoutStarted>>('/course/transactions/create', {
    method: 'POST',
    body: { batch_id: batchId },
    headers: { 'Idempotency-Key': idempotencyKey },
  }).then((r) => r.data);
}
