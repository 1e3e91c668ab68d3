// Queries and mutations of the coupon pages (/settings/coupons, /settings/coupons/:id).
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';
import { createCoupon, deleteCoupon, fetchCoupon, fetchCoupons, updateCoupon, type Coupon, type CouponsParams } from '../api/coupons-api';
import { couponBody, type CouponFormValues } from './coupon-form';

export const couponKeys = {
  all: ['coupons'] as const,
  lists: ['coupons', 'list'] as const,
  list: (p: CouponsParams) => ['coupons', 'list', p.page, p.search ?? ''] as const,
  one: (id: number) => ['coupons', 'one', id] as const,
};

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function useCoupons(params: CouponsParams) {
  return useQuery({
    queryKey: couponKeys.list(params),
    queryFn: () => fetchCoupons(params),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** A coupon already in a cached list page (opened from the list). */
export function cachedCoupon(qc: QueryClient, id: number): Coupon | undefined {
  for (const [, page] of qc.getQueriesData<Page<Coupon>>({ queryKey: couponKeys.lists })) {
    const found = page?.data?.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

/** One coupon to edit: from the list already read, else looked up in the site's list. */
export function couponQuery(qc: QueryClient, id: number) {
  return {
    queryKey: couponKeys.one(id),
    queryFn: () => fetchCoupon(id),
    initialData: () => cachedCoupon(qc, id),
    enabled: id > 0,
    retry: retryTransient,
  };
}

/** The lists are read again after any change. */
function couponsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: couponKeys.all });
}

/** Creates (no `id`) or updates coupon `id` from the form's values. */
export function saveCouponMutation(qc: QueryClient, id?: number): UseMutationOptions<Coupon, Error, CouponFormValues> {
  return {
    mutationFn: (values) => {
      const body = couponBody(values, id);
      return id != null ? updateCoupon({ ...body, id }) : createCoupon(body);
    },
    onSuccess: (saved) => qc.setQueryData(couponKeys.one(saved.id), saved),
    onSettled: () => couponsChanged(qc),
  };
}

/**
 * Deletes a coupon. The answer does not say whether it was deleted or, as orders used it,
 * switched off: the list is asked for its code to tell.
 */
export function deleteCouponMutation(qc: QueryClient): UseMutationOptions<'deleted' | 'switched_off', Error, Coupon> {
  return {
    mutationFn: async (coupon) => {
      await deleteCoupon(coupon.id);
      const left = await fetchCoupons({ page: 1, limit: 100, search: coupon.code }).catch(() => null);
      return left?.data.some((c) => c.id === coupon.id) ? 'switched_off' : 'deleted';
    },
    onSettled: () => couponsChanged(qc),
  };
}
