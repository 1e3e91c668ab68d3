// Texts of an order in the interface language: its course and batch, amount, dates, and why it
// failed.
import type { TFunction } from 'i18next';
import { localName, localTitle } from '../../../lib/course-text';
import { formatDate } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import type { PaymentOrder } from '../api/payments-api';

export interface OrderText {
  course: string;
  batch: string;
  amount: string;
  created: string;
  paid: string;
  /** The price before the coupon, the coupon's discount ('' without one) and what was given back ('' when nothing). */
  listPrice: string;
  discount: string;
  refunded: string;
}

/** What of a paid order can still be refunded, in poisha (refunds still with the gateway not known here). */
export const refundLeft = (order: PaymentOrder) => Math.max(0, order.amount_poisha - (order.refunded_poisha ?? 0));

export function orderText(order: PaymentOrder, lang: string): OrderText {
  const discount = order.discount_poisha ?? 0;
  const refunded = order.refunded_poisha ?? 0;
  return {
    course: localTitle(order.course, lang),
    batch: localName(order.batch, lang),
    amount: formatTaka(order.amount_poisha, lang),
    created: formatDate(order.created_at, lang),
    paid: order.paid_at ? formatDate(order.paid_at, lang) : '',
    listPrice: discount > 0 ? formatTaka(order.list_price_poisha ?? order.amount_poisha + discount, lang) : '',
    discount: discount > 0 ? formatTaka(discount, lang) : '',
    refunded: refunded > 0 ? formatTaka(refunded, lang) : '',
  };
}

/** The failure reason: a known code translated (payments:reasons), anything else as the gateway wrote it. */
export function failureText(reason: string | null | undefined, t: TFunction): string {
  const r = reason?.trim();
  if (!r) return '';
  return /^[a-z_]+$/.test(r) ? t(`payments:reasons.${r}`, { defaultValue: t('payments:reasons.other') }) : r;
}
