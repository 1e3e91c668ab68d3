import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, href, json, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { fetchAccountOrders, type AccountOrder, type AccountTotals, type PaymentOrder } from '../api/payments-api';
import { acceptReviewMutation, cancelOrderMutation, paymentKeys, paymentQuery, POLL_LIMIT_MS, POLL_MS } from '../hooks/use-payments';
import AccountsPages from './accounts-pages';
import { AccountOrdersTable } from './learner-payments-page';
import PaymentPages from './payment-pages';
import { PaymentOutcome } from './payment-outcome-page';

// Signed in (a static render has no token otherwise).
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
}));

const order = (over: Partial<PaymentOrder> = {}): PaymentOrder => ({
  uuid: 'o-1',
  state: 'pending',
  amount_poisha: 150_000,
  currency: 'BDT',
  gateway: 'sslcommerz',
  course: { uuid: 'c-uuid', slug: 'fractions', title: 'Fractions', title_bn: 'ভগ্নাংশ' },
  batch: { id: 11, name: 'Morning', name_bn: 'সকাল' },
  created_at: '2026-03-05T04:30:00Z',
  paid_at: null,
  bank_tran_id: null,
  failure_reason: null,
  enrollment_status: null,
  ...over,
});

const paid = (over: Partial<PaymentOrder> = {}) => order({ state: 'paid', paid_at: '2026-03-05T04:32:00Z', bank_tran_id: '2603051032xYz', enrollment_status: 'active', ...over });

const page = <T,>(data: T[], over: object = {}) => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length, ...over });

/** Timers as in a browser: the query cache schedules no polls where it believes it runs on a server. */
function browserTimers() {
  vi.useFakeTimers();
  environmentManager.setIsServer(() => false);
}

afterEach(() => {
  vi.useRealTimers();
  environmentManager.setIsServer(() => typeof window === 'undefined');
  vi.unstubAllGlobals();
});

describe('payment outcome pages', () => {
  it('polls a pending order every 2 s until the gateway confirms it, then stops', async () => {
    browserTimers();
    const answers = [order(), order(), paid()];
    const fetchMock = stubFetch(() => json({ data: answers.shift() ?? paid() }));
    const qc = new QueryClient();
    const observer = new QueryObserver(qc, paymentQuery(qc, 'o-1', Date.now()));
    const states: string[] = [];
    const stop = observer.subscribe((r) => r.data && states.push(r.data.state));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchCall(fetchMock)[0]).toBe('/learner-course/my-payments/o-1');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(states.at(-1)).toBe('paid');
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
  });

  it('stops polling after 2 minutes of waiting', async () => {
    browserTimers();
    const fetchMock = stubFetch(() => json({ data: order() }));
    const qc = new QueryClient();
    const observer = new QueryObserver(qc, paymentQuery(qc, 'o-1', Date.now()));
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(POLL_LIMIT_MS + 5 * POLL_MS);
    const calls = fetchMock.mock.calls.length;
    expect(calls).toBeGreaterThan(50);
    expect(calls).toBeLessThanOrEqual(POLL_LIMIT_MS / POLL_MS + 2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock.mock.calls.length).toBe(calls);
    stop();
  });

  it('says the payment is being confirmed while pending, with a progress bar, and what happens next after 2 minutes', async () => {
    const html = await render('bn', <PaymentOutcome order={order()} timedOut={false} />);
    expect(tag(html, 'payment-outcome')).toContain('data-state="pending"');
    expect(tag(html, 'payment-progress')).not.toBe('');
    expect(text(html)).toContain('গেটওয়ের সাথে আপনার পেমেন্ট নিশ্চিত করা হচ্ছে…');
    expect(tag(html, 'start-learning')).toBe('');
    expect(href(html, 'to-my-payments')).toBe('/payments');

    const late = await render('en', <PaymentOutcome order={order()} timedOut onCheck={() => undefined} />);
    expect(tag(late, 'payment-progress')).toBe('');
    expect(text(late)).toContain('You will be enrolled as soon as it confirms the payment');
    expect(text(late)).toContain('My payments');
    expect(tag(late, 'check-again')).not.toBe('');

    const review = await render('en', <PaymentOutcome order={order({ state: 'review' })} timedOut={false} />);
    expect(tag(review, 'payment-outcome')).toContain('data-state="review"');
    expect(text(review)).toContain('The institution is checking it');
  });

  it('shows a paid order: amount, course in the page language, bank transaction id, and the way into the course', async () => {
    const html = await render('bn', <PaymentOutcome order={paid()} timedOut={false} />);
    expect(tag(html, 'payment-outcome')).toContain('data-state="paid"');
    expect(text(html)).toContain('পেমেন্ট পাওয়া গেছে');
    expect(text(html)).toContain('১,৫০০৳');
    expect(text(html)).toContain('ভগ্নাংশ');
    expect(text(html)).toContain('সকাল');
    expect(text(html)).toContain('2603051032xYz');
    expect(href(html, 'start-learning')).toBe('/course/journey/c-uuid');
    expect(tag(html, 'payment-progress')).toBe('');
    const en = await render('en', <PaymentOutcome order={paid()} timedOut={false} />);
    expect(text(en)).toContain('You are enrolled in Fractions.');
    expect(text(en)).toContain('৳1,500');
  });

  it('shows a failed payment with its reason and the way back to the course; a cancelled one likewise', async () => {
    const failed = await render('en', <PaymentOutcome order={order({ state: 'failed', failure_reason: 'gateway_refused' })} timedOut={false} />);
    expect(tag(failed, 'payment-outcome')).toContain('data-state="failed"');
    expect(text(failed)).toContain('The payment did not go through');
    expect(text(failed)).toContain('Reason: The payment gateway refused the payment.');
    expect(href(failed, 'try-again')).toBe('/course/details/c-uuid');
    expect(href(failed, 'to-my-payments')).toBe('/payments');
    expect(tag(failed, 'start-learning')).toBe('');
    // The gateway's own words are shown as they are.
    const worded = await render('bn', <PaymentOutcome order={order({ state: 'failed', failure_reason: 'Card declined by issuer' })} timedOut={false} />);
    expect(text(worded)).toContain('কারণ: Card declined by issuer');
    expect(text(worded)).toContain('পেমেন্ট সম্পন্ন হয়নি');

    const cancelled = await render('bn', <PaymentOutcome order={order({ state: 'cancelled' })} timedOut={false} />);
    expect(tag(cancelled, 'payment-outcome')).toContain('data-state="cancelled"');
    expect(text(cancelled)).toContain('আপনি পেমেন্ট বাতিল করেছেন');
    expect(href(cancelled, 'try-again')).toBe('/course/details/c-uuid');
  });

  it('serves /payment/:kind/:id from the order in the cache, and not found for another kind', async () => {
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.one('o-1'), order({ state: 'failed' }));
    const html = await render('en', <PaymentPages />, { at: '/payment/fail/o-1', path: '/payment/:kind/:id', qc });
    expect(tag(html, 'payment-outcome')).toContain('data-state="failed"');
    // The order's state decides, whichever page the gateway sent the payer to.
    qc.setQueryData(paymentKeys.one('o-2'), paid({ uuid: 'o-2' }));
    const late = await render('en', <PaymentPages />, { at: '/payment/fail/o-2', path: '/payment/:kind/:id', qc });
    expect(tag(late, 'payment-outcome')).toContain('data-state="paid"');
    const other = await render('en', <PaymentPages />, { at: '/payment/refund/o-1', path: '/payment/:kind/:id', qc });
    expect(tag(other, 'not-found-page')).not.toBe('');
  });
});

describe('my payments', () => {
  const at = (qc: QueryClient, lang: 'en' | 'bn' = 'bn') => render(lang, <PaymentPages />, { at: '/payments', path: '/payments', qc });
  const withPage = (p: ReturnType<typeof page>) => {
    const qc = new QueryClient();
    qc.setQueryData([...paymentKeys.minePage(1), 'tok'], p);
    return qc;
  };

  it('says there is nothing yet, with the way to the courses', async () => {
    const html = await at(withPage(page([])));
    expect(tag(html, 'empty-state')).not.toBe('');
    expect(text(html)).toContain('আপনি এখনও কোনো কোর্স কেনেননি।');
    expect(href(html, 'browse-courses')).toBe('/search/lists');
    expect(tag(html, 'pager')).toBe('');
  });

  it('lists the orders with amount, date and state; a pending one can be cancelled, a paid one leads to the course', async () => {
    const list = page([paid({ uuid: 'o-2' }), order({ uuid: 'o-1' }), order({ uuid: 'o-3', state: 'failed' })], { last_page: 3, total: 25 });
    const html = await at(withPage(list));
    expect(html.match(/data-testid="payment-item"/g)).toHaveLength(3);
    expect(text(html)).toContain('ভগ্নাংশ');
    expect(text(html)).toContain('১,৫০০৳');
    expect(text(html)).toContain('৫ মার্চ, ২০২৬');
    expect(text(html)).toContain('পরিশোধিত');
    expect(text(html)).toContain('পেমেন্টের অপেক্ষায়');
    expect(html.match(/data-testid="cancel-order"/g)).toHaveLength(1);
    expect(html.match(/data-testid="payment-journey"/g)).toHaveLength(1);
    expect(href(html, 'payment-journey')).toBe('/course/journey/c-uuid');
    expect(tag(html, 'pager')).not.toBe('');
    const en = await at(withPage(list), 'en');
    expect(text(en)).toContain('Awaiting payment');
    expect(text(en)).toContain('Go to course');
  });

  it('cancels a pending order with DELETE and shows it cancelled', async () => {
    const fetchMock = stubFetch(() => json({ data: order({ state: 'cancelled' }) }));
    const qc = new QueryClient();
    const key = [...paymentKeys.minePage(1), 'tok'];
    qc.setQueryData(key, page([order()]));
    await runMutation(cancelOrderMutation(qc), 'o-1', qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/transactions/delete/o-1');
    expect(init.method).toBe('DELETE');
    expect(qc.getQueryData<ReturnType<typeof page<PaymentOrder>>>(key)?.data[0].state).toBe('cancelled');
  });
});

describe('partner accounts', () => {
  const learner = { id: 5, name: 'Mitu Akter', email: 'mitu@example.com' };
  const review: AccountOrder = { ...paid({ uuid: 'o-9', state: 'review', enrollment_status: null }), user: learner };
  const done: AccountOrder = { ...paid({ uuid: 'o-8' }), user: { id: 6, name: 'Rafiq', email: null } };
  const params = { page: 1, state: '' as const, search: '' };

  it('asks for the site orders with the state filter and the search', async () => {
    const fetchMock = stubFetch(() => json(page([review])));
    await fetchAccountOrders({ page: 2, state: 'review', search: 'mitu' });
    expect(fetchCall(fetchMock)[0]).toBe('/course/accounts/batch-payments?page=2&limit=20&state=review&search=mitu');
    await fetchAccountOrders({ page: 1, state: '', search: '' });
    expect(fetchCall(fetchMock, 1)[0]).toBe('/course/accounts/batch-payments?page=1&limit=20');
  });

  it('lists the orders (cards on a phone, a table on a wide screen) with Accept on a payment held for review', async () => {
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.accountsPage(params), page([review, done]));
    for (const at of ['/accounts/learner-payment', '/course/accounts/learner-payment']) {
      const html = await render('bn', <AccountsPages />, { at, path: at.replace('learner-payment', ':page'), qc });
      expect(tag(html, 'learner-payments-page')).not.toBe('');
      expect(html.match(/data-testid="account-order"/g)).toHaveLength(2);
      expect(html.match(/data-testid="accept-review"/g)).toHaveLength(1);
      expect(text(html)).toContain('Mitu Akter');
      expect(text(html)).toContain('যাচাই চলছে');
    }
    const table = await render('en', <AccountOrdersTable items={[review, done]} lang="en" busy={null} onAccept={() => undefined} />);
    expect(tag(table, 'account-orders-table')).not.toBe('');
    for (const col of ['Learner', 'Course / batch', 'Amount', 'State', 'Date', 'Bank transaction ID']) expect(text(table)).toContain(col);
    expect(text(table)).toContain('mitu@example.com');
    expect(text(table)).toContain('2603051032xYz');
    expect(text(table)).toContain('৳1,500');
    expect(table.match(/data-testid="accept-review"/g)).toHaveLength(1);
    const busy = await render('en', <AccountOrdersTable items={[review]} lang="en" busy="o-9" onAccept={() => undefined} />);
    expect(tag(busy, 'accept-review')).toContain('disabled');
  });

  it('accepts a review: POST review/{uuid}, the row turns paid and the totals are read again', async () => {
    const fetchMock = stubFetch(() => json({ data: { ...review, state: 'paid' } }));
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.accountsPage(params), page([review, done]));
    qc.setQueryData(paymentKeys.totals, { paid_orders: 1 });
    await runMutation(acceptReviewMutation(qc), 'o-9', qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/review/o-9');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({});
    expect(qc.getQueryData<ReturnType<typeof page<AccountOrder>>>(paymentKeys.accountsPage(params))?.data[0].state).toBe('paid');
    expect(qc.getQueryState(paymentKeys.totals)?.isInvalidated).toBe(true);
  });

  it('sums up the money, the payouts and the orders, and has no page for what is not built yet', async () => {
    const totals: AccountTotals = {
      paid_orders: 12,
      pending_orders: 2,
      review_orders: 1,
      gross_poisha: 1_800_000,
      gateway_fee_poisha: 45_000,
      platform_commission_poisha: 180_000,
      partner_share_poisha: 1_620_000,
      paid_out_poisha: 1_000_000,
      requested_poisha: 200_000,
      available_poisha: 420_000,
    };
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.totals, totals);
    const html = await render('bn', <AccountsPages />, { at: '/course/accounts/overall-transactions', path: '/course/accounts/:page', qc });
    for (const card of ['total-gross', 'total-gateway_fee', 'total-commission', 'total-partner_share']) expect(tag(html, card), card).not.toBe('');
    expect(text(html)).toContain('১৮,০০০৳');
    expect(text(html)).toContain('৪৫০৳');
    expect(text(html)).toContain('১,৮০০৳');
    expect(text(html)).toContain('১৬,২০০৳');
    expect(text(html)).toContain('১২');
    expect(href(html, 'count-review')).toBe('/course/accounts/learner-payment?state=review');
    // The payouts, with the way to the payout requests under the same prefix.
    for (const card of ['balance-available', 'balance-requested', 'balance-paid_out']) expect(tag(html, card), card).not.toBe('');
    expect(text(html)).toContain('৪,২০০৳');
    expect(text(html)).toContain('২,০০০৳');
    expect(text(html)).toContain('১০,০০০৳');
    expect(text(html)).toContain('অনুরোধ করা যাবে');
    expect(href(html, 'to-payment-request')).toBe('/course/accounts/payment-request');
    const en = await render('en', <AccountsPages />, { at: '/accounts/overall-transactions', path: '/accounts/:page', qc });
    expect(text(en)).toContain('Gateway fees');
    expect(href(en, 'count-paid')).toBe('/accounts/learner-payment?state=paid');
    expect(text(en)).toContain('Available to request');
    expect(href(en, 'to-payment-request')).toBe('/accounts/payment-request');

    const missing = await render('en', <AccountsPages />, { at: '/accounts/create-payment', path: '/accounts/:page', qc });
    expect(tag(missing, 'not-found-page')).not.toBe('');
  });
});
