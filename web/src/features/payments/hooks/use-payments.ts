// Queries and mutations of the payment pages: an order's outcome (polled while the gateway has not
// confirmed it), the learner's orders, and the site's accounts.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import type { Page } from '../../../lib/types';
import {
  acceptReview,
  approvePayout,
  cancelOrder,
  fetchAccountOrders,
  fetchAccountTotals,
  fetchMerchantAccount,
  fetchMyPayment,
  fetchMyPayments,
  fetchPayouts,
  refundOrder,
  rejectPayout,
  requestPayout,
  saveMerchantAccount,
  saveWalletAccount,
  withdrawPayout,
  type AccountOrder,
  type AccountOrdersParams,
  type MerchantAccount,
  type OrderState,
  type PaymentOrder,
  type PayoutRequest,
  type PayoutsParams,
} from '../api/payments-api';
import { merchantBody, type MerchantFormValues } from './merchant-form';
import { amountText } from './payout-form';
import { walletBody, type WalletFormValues } from './wallet-form';

export const paymentKeys = {
  all: ['payments'] as const,
  one: (uuid: string) => ['payments', 'one', uuid] as const,
  mine: ['payments', 'mine'] as const,
  minePage: (page: number) => ['payments', 'mine', page] as const,
  accounts: ['payments', 'accounts'] as const,
  accountsPage: (p: AccountOrdersParams) => ['payments', 'accounts', p.page, p.state ?? '', p.search ?? '', p.courseType ?? ''] as const,
  totals: ['payments', 'totals'] as const,
  payouts: ['payments', 'payouts'] as const,
  payoutsPage: (p: PayoutsParams) => ['payments', 'payouts', p.page, p.state ?? '', p.partnerId ?? ''] as const,
  merchant: ['payments', 'merchant'] as const,
};

/** While the gateway has not confirmed the payment, the outcome page asks again every 2 s ... */
export const POLL_MS = 2000;
/** ... for up to 2 minutes; then it says the enrolment follows when the gateway confirms. */
export const POLL_LIMIT_MS = 2 * 60_000;

/** Paid or not is not known yet (pending), or paid and held for the institution's check (review). */
export const isWaiting = (state: OrderState) => state === 'pending' || state === 'review';

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

/**
 * One order, polled every POLL_MS while it waits, until POLL_LIMIT_MS after `since` (the page's
 * opening). Polls after the first answer do not drive the top loading bar.
 */
export function paymentQuery(qc: QueryClient, uuid: string, since: number, enabled = true) {
  const key = paymentKeys.one(uuid);
  return {
    queryKey: key,
    queryFn: () => fetchMyPayment(uuid, qc.getQueryData(key) !== undefined),
    enabled,
    retry: retryTransient,
    refetchInterval: (q: { state: { data?: PaymentOrder } }) =>
      q.state.data && isWaiting(q.state.data.state) && Date.now() - since < POLL_LIMIT_MS ? POLL_MS : (false as const),
  };
}

export function useMyPayments(page: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...paymentKeys.minePage(page), token],
    queryFn: () => fetchMyPayments(page),
    enabled: !!token,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** Puts a changed order in every cached list page and as the order itself. */
function storeOrder<T extends PaymentOrder>(qc: QueryClient, listKey: readonly string[], order: T) {
  qc.setQueriesData<Page<T>>({ queryKey: listKey }, (old) =>
    old?.data ? { ...old, data: old.data.map((o) => (o.uuid === order.uuid ? { ...o, ...order } : o)) } : old,
  );
  qc.setQueryData(paymentKeys.one(order.uuid), (old: PaymentOrder | undefined) => (old ? { ...old, ...order } : old));
}

/** Cancels the learner's own pending order; the lists are read again either way. */
export function cancelOrderMutation(qc: QueryClient): UseMutationOptions<PaymentOrder, Error, string> {
  return {
    mutationFn: (uuid) => cancelOrder(uuid),
    onSuccess: (order) => storeOrder(qc, paymentKeys.mine, order),
    onSettled: () => void qc.invalidateQueries({ queryKey: paymentKeys.mine }),
  };
}

export function useAccountOrders(params: AccountOrdersParams) {
  return useQuery({
    queryKey: paymentKeys.accountsPage(params),
    queryFn: () => fetchAccountOrders(params),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useAccountTotals() {
  return useQuery({ queryKey: paymentKeys.totals, queryFn: fetchAccountTotals, retry: retryTransient });
}

/** Accepts a payment held for review: the row shows it paid, the totals are read again. */
export function acceptReviewMutation(qc: QueryClient): UseMutationOptions<AccountOrder, Error, string> {
  return {
    mutationFn: (uuid) => acceptReview(uuid),
    onSuccess: (order) => storeOrder(qc, paymentKeys.accounts, order),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: paymentKeys.accounts });
      void qc.invalidateQueries({ queryKey: paymentKeys.totals });
    },
  };
}

export interface RefundValues {
  uuid: string;
  /** As typed: Bangla digits, commas and ৳ allowed (sent as ASCII); empty: all that is left. */
  amount: string;
  reason: string;
}

/** Refunds a paid order: the row shows what the server answered, the lists and totals are read again. */
export function refundOrderMutation(qc: QueryClient): UseMutationOptions<AccountOrder, Error, RefundValues> {
  return {
    mutationFn: ({ uuid, amount, reason }) => refundOrder(uuid, { amount: amountText(amount), reason: reason.trim() }),
    onSuccess: (order) => storeOrder(qc, paymentKeys.accounts, order),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: paymentKeys.accounts });
      void qc.invalidateQueries({ queryKey: paymentKeys.totals });
    },
  };
}

export function usePayouts(params: PayoutsParams) {
  return useQuery({
    queryKey: paymentKeys.payoutsPage(params),
    queryFn: () => fetchPayouts(params),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** The payout lists and the balance are read again after any change of a request. */
function payoutsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: paymentKeys.payouts });
  void qc.invalidateQueries({ queryKey: paymentKeys.totals });
}

/** Puts a decided request in every cached list page. */
function storePayout(qc: QueryClient, payout: PayoutRequest) {
  qc.setQueriesData<Page<PayoutRequest>>({ queryKey: paymentKeys.payouts }, (old) =>
    old?.data ? { ...old, data: old.data.map((p) => (p.id === payout.id ? payout : p)) } : old,
  );
}

export interface PayoutValues {
  /** As typed: Bangla digits, commas and ৳ allowed (sent as ASCII). */
  amount: string;
  note: string;
}

/** Asks for a payout (partner admin). */
export function requestPayoutMutation(qc: QueryClient): UseMutationOptions<PayoutRequest, Error, PayoutValues> {
  return {
    mutationFn: ({ amount, note }) => requestPayout({ amount: amountText(amount), note: note.trim() }),
    onSettled: () => payoutsChanged(qc),
  };
}

/** Withdraws a request still waiting: it leaves the lists (the server deletes it). */
export function withdrawPayoutMutation(qc: QueryClient): UseMutationOptions<unknown, Error, number> {
  return {
    mutationFn: (id) => withdrawPayout(id),
    onSuccess: (_done, id) =>
      qc.setQueriesData<Page<PayoutRequest>>({ queryKey: paymentKeys.payouts }, (old) =>
        old?.data ? { ...old, data: old.data.filter((p) => p.id !== id), total: Math.max(0, old.total - 1) } : old,
      ),
    onSettled: () => payoutsChanged(qc),
  };
}

/** Approves a request (super admin): recorded as paid out. */
export function approvePayoutMutation(qc: QueryClient): UseMutationOptions<PayoutRequest, Error, number> {
  return {
    mutationFn: (id) => approvePayout(id),
    onSuccess: (payout) => storePayout(qc, payout),
    onSettled: () => payoutsChanged(qc),
  };
}

/** Rejects a request with a reason for the partner (super admin). */
export function rejectPayoutMutation(qc: QueryClient): UseMutationOptions<PayoutRequest, Error, { id: number; reason: string }> {
  return {
    mutationFn: ({ id, reason }) => rejectPayout(id, reason.trim()),
    onSuccess: (payout) => storePayout(qc, payout),
    onSettled: () => payoutsChanged(qc),
  };
}

/** Where the site's SSLCommerz and bKash payments go (the partner admin's payment account card). */
export function useMerchantAccount() {
  return useQuery({ queryKey: paymentKeys.merchant, queryFn: fetchMerchantAccount, retry: retryTransient });
}

/** Chooses the platform's store or the site's own (its credentials checked at SSLCommerz first). */
export function saveMerchantMutation(qc: QueryClient): UseMutationOptions<MerchantAccount, Error, MerchantFormValues> {
  return {
    mutationFn: (values) => saveMerchantAccount(merchantBody(values)),
    onSuccess: (saved) => qc.setQueryData(paymentKeys.merchant, saved),
  };
}

/** Chooses the platform's bKash wallet or the site's own (its credentials checked at bKash first). */
export function saveWalletMutation(qc: QueryClient): UseMutationOptions<MerchantAccount, Error, WalletFormValues> {
  return {
    mutationFn: (values) => saveWalletAccount(walletBody(values)),
    onSuccess: (saved) => qc.setQueryData(paymentKeys.merchant, saved),
  };
}
