// The site's coupons (tenant-api/src/payments/coupons.rs), kept by its admin: the partner admin of
// the site, or the super admin on the main site. What a coupon takes off a learner's price is the
// enrolment card's (features/learn/api/checkout-api.ts).
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Done, Page } from '../../../lib/types';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
/** percent: a share of the price; fixed: an amount of taka off it (never below zero). */
export type CouponKind = (typeof COUPON_KINDS)[number];

export interface Coupon {
  id: number;
  /** Upper-case: 3 to 32 of A-Z, 0-9, - and _. */
  code: string;
  kind: CouponKind;
  /** 1 to 100 for a percent coupon, else null. */
  percent: number | null;
  /** Integer poisha for a fixed coupon, else null. */
  amount_poisha: number | null;
  /** "YYYY-MM-DD" (first and last day it is valid); null: no limit. */
  starts_on: string | null;
  ends_on: string | null;
  /** Uses in all; null: unlimited. */
  max_uses: number | null;
  per_learner: number;
  /** Orders holding it now (being paid, under review or paid). */
  used: number;
  /** The courses and categories it is for; both empty: every course. */
  course_ids: number[];
  category_ids: number[];
  active: boolean;
  created_at: string;
}

/** What create and update take; `amount` is taka in ASCII digits ("500.50"). */
export interface CouponBody {
  id?: number;
  code: string;
  kind: CouponKind;
  percent: number | null;
  amount: string | null;
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  per_learner: number;
  course_ids: number[];
  category_ids: number[];
  active: boolean;
}

export interface CouponsParams {
  page: number;
  limit?: number;
  /** Part of a code. */
  search?: string;
}

/** The site's coupons, newest first. */
export function fetchCoupons({ page, limit = 20, search }: CouponsParams) {
  return api<Page<Coupon>>('/admin-settings/coupons', { query: { page, limit, search } });
}

/**
 * One coupon by its id. The API has no call for one coupon: its pages are read (100 at a time,
 * newest first) until it is found; null when it is not there.
 */
export async function fetchCoupon(id: number): Promise<Coupon | null> {
  for (let page = 1; ; page++) {
    const list = await fetchCoupons({ page, limit: 100 });
    const found = list.data.find((c) => c.id === id);
    if (found) return found;
    if (list.current_page >= list.last_page || list.data.length === 0) return null;
  }
}

/** 201 with the coupon; 422 per field (code: `coupon_code_invalid`, `coupon_code_taken`; percent, amount, dates, limits). */
export function createCoupon(body: CouponBody) {
  return api<DataEnvelope<Coupon>>('/admin-settings/coupons/create', { method: 'POST', body }).then((r) => r.data);
}

/** All the fields of coupon `body.id`; uses already taken stay taken. */
export function updateCoupon(body: CouponBody & { id: number }) {
  return api<DataEnvelope<Coupon>>('/admin-settings/coupons/update', { method: 'PUT', body }).then((r) => r.data);
}

/** Deletes a coupon; one that orders used is switched off instead (the answer does not say which). */
export function deleteCoupon(id: number) {
  return api<DataEnvelope<Done>>(`/admin-settings/coupons/${id}`, { method: 'DELETE' }).then((r) => r.data);
}
