// Payments of paid batches (tenant-api/src/payments): the learner's orders and the site's
// accounts. Buying itself is the enrolment card's (features/learn/api/checkout-api.ts).
import { api, buildHeaders, buildUrl, parseApiError } from '../../../lib/api-client';
import type { DataEnvelope, Done, Page } from '../../../lib/types';

export const ORDER_STATES = ['pending', 'review', 'paid', 'failed', 'cancelled', 'expired', 'refund_pending', 'refunded'] as const;
/**
 * pending: sent to the gateway, not paid yet; review: paid, held for the institution to check;
 * paid (perhaps partly refunded); failed; cancelled (by the learner, here or at the gateway);
 * expired (never paid); refund_pending: a full refund is with the gateway; refunded: all of it
 * was given back, and the enrolment ended.
 */
export type OrderState = (typeof ORDER_STATES)[number];

export interface PaymentOrder {
  uuid: string;
  state: OrderState;
  /** What was paid (or is due), in integer poisha (100 poisha = 1 taka): the list price less the discount. */
  amount_poisha: number;
  /** The batch's price before the coupon (absent: as amount_poisha). */
  list_price_poisha?: number;
  /** What the coupon took off (absent: none). */
  discount_poisha?: number;
  /** Given back so far (absent: nothing). */
  refunded_poisha?: number;
  currency: 'BDT';
  /** `sslcommerz`, or `none` when a coupon made the order free. */
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
  /** Paid out to the site by the platform (approved payout requests). */
  paid_out_poisha: number;
  /** Asked for and still waiting for the super admin. */
  requested_poisha: number;
  /** What can be asked for now: the share, less what was paid out or is asked for. */
  available_poisha: number;
  /** Given back to learners (refunds the gateway made). */
  refunded_poisha: number;
  /**
   * What the site's own SSLCommerz store took and keeps (less its fees and refunds): already the
   * site's, so it is taken off `available_poisha`. Zero while every payment went to the platform.
   */
  held_by_partner_poisha: number;
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
/** A paid order's receipt PDF, in `lang` ('bn' or 'en'). It needs the learner's token, so it is
 * fetched rather than linked. */
export async function fetchReceipt(uuid: string, lang: string): Promise<Blob> {
  const res = await fetch(buildUrl(`/learner-course/my-payments/${enc(uuid)}/receipt`, { lang: lang === 'en' ? 'en' : 'bn' }), {
    headers: buildHeaders({ Accept: 'application/pdf' }),
  });
  if (!res.ok) throw parseApiError(res.status, await res.json().catch(() => null));
  return res.blob();
}

export function cancelOrder(uuid: string) {
  return api<DataEnvelope<PaymentOrder>>(`/course/transactions/delete/${enc(uuid)}`, { method: 'DELETE' }).then((r) => r.data);
}

/**
 * The kinds of course whose accounts pages have a prefix of their own (/exam/accounts/...,
 * /training/accounts/...): their learner payments are those of that kind's batches only.
 */
export const ACCOUNT_AREAS = ['exam', 'training'] as const;
export type AccountArea = (typeof ACCOUNT_AREAS)[number];

export interface AccountOrdersParams {
  page: number;
  limit?: number;
  state?: OrderState | '';
  search?: string;
  /** Only the orders of this kind's batches (`course_type`); absent: every order of the site. */
  courseType?: AccountArea;
}

/** The site's orders, newest first (partner admin); of one kind of course with `courseType` (422 `invalid_choice` for an unknown one). */
export function fetchAccountOrders({ page, limit = 20, state, search, courseType }: AccountOrdersParams) {
  return api<Page<AccountOrder>>('/course/accounts/batch-payments', { query: { page, limit, state, search, course_type: courseType } });
}

export function fetchAccountTotals() {
  return api<DataEnvelope<AccountTotals>>('/course/accounts/overall_transactions').then((r) => r.data);
}

/** Accepts a payment held for review: paid, and the learner enrolled (409 `order_not_in_review`). */
export function acceptReview(uuid: string) {
  return api<DataEnvelope<AccountOrder>>(`/course/accounts/review/${enc(uuid)}`, { method: 'POST', body: {} }).then((r) => r.data);
}

/**
 * Refunds a paid order through the gateway: `amount` taka (ASCII digits; empty: all that is left)
 * with a reason. The order stays paid after a partial refund and becomes refund_pending or
 * refunded after a full one (the enrolment ends). 409 `order_not_paid`, `order_not_refundable`,
 * `certificate_issued`; 422 on `amount` (`amount_invalid`, `refund_above_paid`); 502
 * `refund_refused`, `payment_gateway_unavailable`.
 */
export function refundOrder(uuid: string, body: { amount: string; reason: string }) {
  return api<DataEnvelope<AccountOrder>>(`/course/accounts/refund/${enc(uuid)}`, { method: 'POST', body }).then((r) => r.data);
}

export const PAYOUT_STATES = ['requested', 'approved', 'rejected'] as const;
/** requested: waiting for the super admin; approved: recorded as paid out; rejected, with a reason. */
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** A partner's request to be paid its share (the platform's queue, in the control database). */
export interface PayoutRequest {
  id: number;
  institution: { id: number; slug: string; name: string };
  /** Integer poisha. */
  amount_poisha: number;
  state: PayoutState;
  note: string;
  /** Why the super admin rejected it. */
  reason: string | null;
  requested_by: { id: number; name: string };
  created_at: string;
  decided_at: string | null;
}

export interface PayoutsParams {
  page: number;
  limit?: number;
  /** A state, or '' for all. */
  state?: PayoutState | '';
  /** The super admin's filter by partner (institution id). */
  partnerId?: number | null;
}

/** Asks the platform to pay out `amount` taka (ASCII digits, as "5000.50"); 422 on `amount`. */
export function requestPayout(body: { amount: string; note: string }) {
  return api<DataEnvelope<PayoutRequest>>('/course/accounts/request-payment', { method: 'POST', body }).then((r) => r.data);
}

/** Payout requests, newest first: the site's own (partner admin), every partner's (super admin on the main site). */
export function fetchPayouts({ page, limit = 20, state, partnerId }: PayoutsParams) {
  return api<Page<PayoutRequest>>('/course/accounts/view_all_requests', { query: { page, limit, type: state, partner_id: partnerId } });
}

// The spec's paths change state with GET.

/** Withdraws a request still waiting (it is deleted; 409 `payout_not_requested` otherwise). */
export function withdrawPayout(id: number) {
  return api<DataEnvelope<Done>>(`/course/accounts/delete_request/${id}`, { method: 'GET' }).then((r) => r.data);
}

/** Approves a request (super admin): recorded as paid out to the partner (409 `payout_not_requested`). */
export function approvePayout(id: number) {
  return api<DataEnvelope<PayoutRequest>>(`/course/accounts/approve_request/${id}`, { method: 'GET' }).then((r) => r.data);
}

/** Rejects a request with a reason for the partner (super admin; 409 `payout_not_requested`). */
export function rejectPayout(id: number, reason: string) {
  return api<DataEnvelope<PayoutRequest>>(`/course/accounts/reject_request/${id}`, { method: 'GET', query: { reason } }).then((r) => r.data);
}

export const MERCHANT_MODES = ['platform', 'own'] as const;
/**
 * Whose account takes the site's learners' payments through a gateway. platform: the platform's
 * (SSLCommerz store or bKash merchant wallet: it keeps its commission and pays the site out on
 * request); own: the site's own (the money is the site's at once, and it owes the platform's
 * commission, which counts against its payouts).
 */
export type MerchantMode = (typeof MERCHANT_MODES)[number];

/** Where the site's bKash payments go. */
export interface WalletAccount {
  mode: MerchantMode;
  /** The site's own wallet's API username, while it is the one in use. */
  username: string | null;
  /** Its app key (not a secret: shown to be kept or changed). */
  app_key: string | null;
  /** When the own wallet was chosen. */
  updated_at: string | null;
}

/** Where the site's payments go, by gateway: SSLCommerz (cards, mobile banking) and bKash. */
export interface MerchantAccount {
  /** SSLCommerz. */
  mode: MerchantMode;
  /** The site's own store, while it is the one in use. */
  store_id: string | null;
  /** When the own store was chosen. */
  updated_at: string | null;
  bkash: WalletAccount;
}

/** The store password may be empty for a store id kept before (the server keeps it sealed). */
export type MerchantBody = { mode: 'platform' } | { mode: 'own'; store_id: string; store_password: string };

/**
 * The own wallet's password and app secret: both, or both empty to keep the ones kept for this
 * username (then an empty app key keeps the kept one too).
 */
export type WalletBody = { mode: 'platform' } | { mode: 'own'; username: string; app_key: string; password: string; app_secret: string };

/** Where the site's payments go (site admin; 403 otherwise). */
export function fetchMerchantAccount() {
  return api<DataEnvelope<MerchantAccount>>('/course/accounts/merchant').then((r) => r.data);
}

/**
 * Chooses the store that takes the site's SSLCommerz payments. A store's credentials are tried at
 * SSLCommerz first: 422 on `store_password` (`store_credentials_refused`, `required`) or `store_id`
 * (`store_id_invalid`, `required`, `too_long`); 502 `payment_gateway_unavailable`; 503
 * `payments_not_configured`. The answer: both gateways' settings.
 */
export function saveMerchantAccount(body: MerchantBody) {
  return api<DataEnvelope<MerchantAccount>>('/course/accounts/merchant', { method: 'POST', body }).then((r) => r.data);
}

/**
 * Chooses the wallet that takes the site's bKash payments. A wallet's credentials are tried at
 * bKash first: 422 on `password` (`wallet_credentials_refused`, `required`, `too_long`),
 * `app_secret` (`required`, `too_long`), `username` or `app_key` (`required`, `store_id_invalid`,
 * `too_long`); 502 `payment_gateway_unavailable`; 503 `payments_not_configured`. The answer: both
 * gateways' settings.
 */
export function saveWalletAccount(body: WalletBody) {
  return api<DataEnvelope<MerchantAccount>>('/course/accounts/merchant', { method: 'POST', body: { gateway: 'bkash', ...body } }).then((r) => r.data);
}
