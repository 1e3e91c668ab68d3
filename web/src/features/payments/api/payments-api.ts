// Payments of paid batches (tenant-api/src/payments): the learner's orders and the site's
// accounts. Buying itself is the enrolment card's (features/learn/api/checkout-api.ts).
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

export const ORDER_STATES = ['pending', 'review', 'paid', 'failed', 'cancelled', 'expired'] as const;
/**
 * pending: sent to the gateway, not paid yet; review: paid, held for the institution to check;
 * paid; failed; cancelled (by the learner, here or at the gateway); expired (never paid).
 */
export type OrderState = (typeof ORDER_STATES)[number];

export interface PaymentOrder {
  uuid: string;
  state: OrderState;
  /** Integer poisha (100 poisha = 1 taka). */
  amount_poisha: number;
  currency: 'BDT';
  gateway: string;
  course: { uuid: string; slug: string; title: string; title_bn: string };
  batch: { id: number; name: string; name_bn: string };
  created_at: string;
  paid_at: string | null;
  bank_tran_id: string | null;
  /** A code (`amount_mismatch`, `gateway_refused`, ...) or the gateway's own words. */
  failure_reason: string | null;
  enrollment_status: null | 'active' | 'pending' | 'completed';
  /** While pending: the gateway page where paying continues. */
  redirect_url?: string | null;
}

export type AccountOrder = PaymentOrder & { user: { id: number; name: string; email: string | null } };

/** The site's money, read from its ledger. */
export interface AccountTotals {
  paid_orders: number;
  pending_orders: number;
  review_orders: number;
  gross_poisha: number;
  gateway_fee_poisha: number;
  platform_commission_poisha: number;
  partner_share_poisha: number;
}

const enc = encodeURIComponent;

/** One of the signed-in learner's orders (404 when it is someone else's). */
export function fetchMyPayment(uuid: string, silent = false) {
  return api<DataEnvelope<PaymentOrder>>(`/learner-course/my-payments/${enc(uuid)}`, { silent }).then((r) => r.data);
}

/** The signed-in learner's orders, newest first. */
export function fetchMyPayments(page: number, limit = 10) {
  return api<Page<PaymentOrder>>('/learner-course/my-payments', { query: { page, limit } });
}

/** Cancels the caller's own pending order (409 `order_not_pending` once it moved on). */
export function cancelOrder(uuid: string) {
  return api<DataEnvelope<PaymentOrder>>(`/course/transactions/delete/${enc(uuid)}`, { method: 'DELETE' }).then((r) => r.data);
}

export interface AccountOrdersParams {
  page: number;
  limit?: number;
  state?: OrderState | '';
  search?: string;
}

/** The site's orders, newest first (partner admin). */
export function fetchAccountOrders({ page, limit = 20, state, search }: AccountOrdersParams) {
  return api<Page<AccountOrder>>('/course/accounts/batch-payments', { query: { page, limit, state, search } });
}

export function fetchAccountTotals() {
  return api<DataEnvelope<AccountTotals>>('/course/accounts/overall_transactions').then((r) => r.data);
}

/** Accepts a payment held for review: paid, and the learner enrolled (409 `order_not_in_review`). */
export function acceptReview(uuid: string) {
  return api<DataEnvelope<AccountOrder>>(`/course/accounts/review/${enc(uuid)}`, { method: 'POST', body: {} }).then((r) => r.data);
}
