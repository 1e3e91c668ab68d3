// Queries and mutations of the Promotion Manager (/promotion-manager/:slug).
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';
import {
  createPromotion,
  decidePromotion,
  deletePromotion,
  fetchPromotion,
  fetchPromotions,
  updatePromotion,
  type Promotion,
  type PromotionsParams,
  type PromotionType,
} from '../api/promotions-api';
import { promotionBody, type PromotionFormValues } from './promotion-form';

export const promotionKeys = {
  all: ['promotions'] as const,
  lists: ['promotions', 'list'] as const,
  list: (p: PromotionsParams) => ['promotions', 'list', p.type, p.page, p.search ?? '', p.status ?? '', p.partnerId ?? ''] as const,
  one: (uuid: string) => ['promotions', 'one', uuid] as const,
};

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function usePromotions(params: PromotionsParams) {
  return useQuery({
    queryKey: promotionKeys.list(params),
    queryFn: () => fetchPromotions(params),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** A promotion already in a cached list page (opened from the list). */
export function cachedPromotion(qc: QueryClient, uuid: string): Promotion | undefined {
  for (const [, page] of qc.getQueriesData<Page<Promotion>>({ queryKey: promotionKeys.lists })) {
    const found = page?.data?.find((p) => p.uuid === uuid);
    if (found) return found;
  }
  return undefined;
}

/** One promotion to edit: from the list already read, else asked for by its uuid. */
export function promotionQuery(qc: QueryClient, uuid: string) {
  return {
    queryKey: promotionKeys.one(uuid),
    queryFn: () => fetchPromotion(uuid),
    initialData: () => cachedPromotion(qc, uuid),
    enabled: !!uuid,
    retry: retryTransient,
  };
}

/** The lists are read again after any change (a change may move a promotion to another status). */
function promotionsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: promotionKeys.all });
}

/** Creates (no `uuid`) or updates promotion `uuid` of `type` from the form's values. */
export function savePromotionMutation(qc: QueryClient, type: PromotionType, uuid?: string): UseMutationOptions<Promotion, Error, PromotionFormValues> {
  return {
    mutationFn: (values) => {
      const body = promotionBody(type, values);
      return uuid ? updatePromotion(uuid, body) : createPromotion(body);
    },
    onSuccess: (saved) => qc.setQueryData(promotionKeys.one(saved.uuid), saved),
    onSettled: () => promotionsChanged(qc),
  };
}

export interface Decision {
  uuid: string;
  status: 'approved' | 'rejected';
  reason?: string;
}

/** The super admin approves or rejects (with the reason, trimmed); the row shows it at once. */
export function decidePromotionMutation(qc: QueryClient): UseMutationOptions<Promotion, Error, Decision> {
  return {
    mutationFn: ({ uuid, status, reason }) => decidePromotion(uuid, status, reason?.trim()),
    onSuccess: (decided) => {
      qc.setQueryData(promotionKeys.one(decided.uuid), decided);
      qc.setQueriesData<Page<Promotion>>({ queryKey: promotionKeys.lists }, (page) =>
        page && { ...page, data: page.data.map((p) => (p.uuid === decided.uuid ? decided : p)) },
      );
    },
    onSettled: () => promotionsChanged(qc),
  };
}

export function deletePromotionMutation(qc: QueryClient): UseMutationOptions<unknown, Error, Promotion> {
  return {
    mutationFn: (p) => deletePromotion(p.uuid),
    onSettled: () => promotionsChanged(qc),
  };
}
