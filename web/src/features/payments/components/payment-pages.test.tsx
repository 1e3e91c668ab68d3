import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fieldProblem } from '../../../lib/field-error-text';
import { errorText, fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { fetchAccountOrders, fetchReceipt, ORDER_STATES, type AccountOrder, type AccountTotals, type PaymentOrder } from '../api/payments-api';
import { refundLeft } from '../hooks/order-text';
import { amountInput } from '../hooks/payout-form';
import { refundProblem } from '../hooks/refund-form';
import { acceptReviewMutation, cancelOrderMutation, paymentKeys, paymentQuery, POLL_LIMIT_MS, POLL_MS, refundOrderMutation } from '../hooks/use-payments';
import AccountsPages, { accountsPrefix } from './accounts-pages';
import { AccountOrderCards, AccountOrdersTable, stateParam } from './learner-payments-page';
import { OrderStateChip } from './order-state-chip';
import { RefundForm, type RefundDialogProps } from './refund-dialog';
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

  it('fetches a receipt as a PDF in the page language, and reads a refusal as an error', async () => {
    let status = 200;
    const fetchMock = stubFetch(() =>
      status === 200 ? new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })) : json({ message: 'x', code: 'order_not_paid', errors: {} }, status),
    );
    const blob = await fetchReceipt('o-1', 'en');
    expect(blob.size).toBeGreaterThan(0);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/learner-course/my-payments/o-1/receipt?lang=en');
    expect((init.headers as Record<string, string>).Accept).toBe('application/pdf');
    await fetchReceipt('o-1', 'bn');
    expect(fetchCall(fetchMock, 1)[0]).toBe('/learner-course/my-payments/o-1/receipt?lang=bn');
    status = 409;
    await expect(fetchReceipt('o-1', 'bn')).rejects.toMatchObject({ status: 409, code: 'order_not_paid' });
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
      refunded_poisha: 50_000,
      held_by_partner_poisha: 0,
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

describe('the exams’ and trainings’ accounts pages', () => {
  const learner = { id: 5, name: 'Mitu Akter', email: 'mitu@example.com' };
  const training: AccountOrder = { ...paid({ uuid: 'o-21', course: { uuid: 't-uuid', slug: 'food-safety', title: 'Food safety', title_bn: 'খাদ্য নিরাপত্তা' } }), user: learner };
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
    refunded_poisha: 0,
    held_by_partner_poisha: 0,
  };

  it('tell the prefix a page was opened under and the kind of course it is about', () => {
    expect(accountsPrefix('/accounts/learner-payment')).toEqual({ base: '/accounts' });
    expect(accountsPrefix('/course/accounts/overall-transactions')).toEqual({ base: '/course/accounts' });
    expect(accountsPrefix('/exam/accounts/learner-payment')).toEqual({ base: '/exam/accounts', area: 'exam' });
    expect(accountsPrefix('/training/accounts/payment-request')).toEqual({ base: '/training/accounts', area: 'training' });
    // Not an accounts page of a kind: the site-wide prefix.
    expect(accountsPrefix('/training/accountsx')).toEqual({ base: '/accounts' });
  });

  it('ask for the payments of one kind of course with course_type, with the state and the search', async () => {
    const fetchMock = stubFetch(() => json(page([training])));
    await fetchAccountOrders({ page: 1, state: '', search: '', courseType: 'training' });
    expect(fetchCall(fetchMock)[0]).toBe('/course/accounts/batch-payments?page=1&limit=20&course_type=training');
    await fetchAccountOrders({ page: 2, state: 'paid', search: 'mitu', courseType: 'exam' });
    expect(fetchCall(fetchMock, 1)[0]).toBe('/course/accounts/batch-payments?page=2&limit=20&state=paid&search=mitu&course_type=exam');
    // Each kind has its own cached pages.
    expect(paymentKeys.accountsPage({ page: 1, courseType: 'training' })).not.toEqual(paymentKeys.accountsPage({ page: 1 }));
  });

  it('list the trainings’ (or exams’) payments under /training/accounts (/exam/accounts), saying so in the heading', async () => {
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.accountsPage({ page: 1, state: '', search: '', courseType: 'training' }), page([training]));
    const at = '/training/accounts/learner-payment';
    const en = await render('en', <AccountsPages />, { at, path: '/training/accounts/:page', qc });
    expect(tag(en, 'learner-payments-page')).toContain('data-area="training"');
    expect(text(en)).toContain('Training payments');
    expect(text(en)).toContain('1 payment for trainings');
    expect(en.match(/data-testid="account-order"/g)).toHaveLength(1);
    expect(text(en)).toContain('Mitu Akter');
    const bn = await render('bn', <AccountsPages />, { at, path: '/training/accounts/:page', qc });
    expect(text(bn)).toContain('প্রশিক্ষণের পেমেন্ট');
    expect(text(bn)).toContain('প্রশিক্ষণের ১টি পেমেন্ট');
    expect(text(bn)).toContain('খাদ্য নিরাপত্তা');

    // Before the first answer the subtitle says what the list holds; none found says so.
    const loading = await render('en', <AccountsPages />, { at: '/exam/accounts/learner-payment', path: '/exam/accounts/:page' });
    expect(text(loading)).toContain('Exam payments');
    expect(text(loading)).toContain('payments for the site&#x27;s certificate exams');
    const none = new QueryClient();
    none.setQueryData(paymentKeys.accountsPage({ page: 1, state: '', search: '', courseType: 'exam' }), page([]));
    const empty = await render('bn', <AccountsPages />, { at: '/exam/accounts/learner-payment', path: '/exam/accounts/:page', qc: none });
    expect(tag(empty, 'empty-state')).not.toBe('');
    expect(text(empty)).toContain('সার্টিফিকেট পরীক্ষার কোনো পেমেন্ট পাওয়া যায়নি।');
    expect(text(empty)).toContain('পরীক্ষার পেমেন্ট');
    // The site-wide pages say nothing of a kind.
    const site = await render('en', <AccountsPages />, { at: '/accounts/learner-payment', path: '/accounts/:page', qc: none });
    expect(tag(site, 'learner-payments-page')).toContain('data-area="all"');
    expect(text(site)).toContain('Learner payments');
  });

  it('show the site’s totals under /training/accounts and /exam/accounts, saying they are the whole site’s, with links under the same prefix', async () => {
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.totals, totals);
    const html = await render('en', <AccountsPages />, { at: '/training/accounts/overall-transactions', path: '/training/accounts/:page', qc });
    expect(tag(html, 'site-wide-note')).toContain('data-area="training"');
    expect(text(html)).toContain('figures, for courses, exams and trainings together: trainings have no balance of their own.');
    expect(text(html)).toContain('৳18,000');
    expect(href(html, 'count-review')).toBe('/training/accounts/learner-payment?state=review');
    expect(href(html, 'to-payment-request')).toBe('/training/accounts/payment-request');
    expect(html).toContain('href="/training/accounts/learner-payment"');
    const bn = await render('bn', <AccountsPages />, { at: '/exam/accounts/overall-transactions', path: '/exam/accounts/:page', qc });
    expect(text(bn)).toContain('এগুলো পুরো সাইটের হিসাব — কোর্স, পরীক্ষা ও প্রশিক্ষণ মিলিয়ে: পরীক্ষার আলাদা কোনো ব্যালান্স নেই।');
    expect(href(bn, 'count-paid')).toBe('/exam/accounts/learner-payment?state=paid');
    expect(href(bn, 'to-payment-request')).toBe('/exam/accounts/payment-request');
    // Not on the site-wide prefixes.
    const site = await render('en', <AccountsPages />, { at: '/course/accounts/overall-transactions', path: '/course/accounts/:page', qc });
    expect(tag(site, 'site-wide-note')).toBe('');
  });
});

describe('coupons and refunds in the payment pages', () => {
  const learner = { id: 5, name: 'Mitu Akter', email: 'mitu@example.com' };
  const discounted = (over: Partial<PaymentOrder> = {}) => paid({ list_price_poisha: 150_000, discount_poisha: 30_000, amount_poisha: 120_000, ...over });
  const params = { page: 1, state: '' as const, search: '' };

  it('shows the price before the coupon and the discount on the outcome page, and says a free order enrolled the learner', async () => {
    const html = await render('bn', <PaymentOutcome order={discounted()} timedOut={false} />);
    expect(text(html)).toContain('মূল্য');
    expect(tag(html, 'fact-list-price')).not.toBe('');
    expect(text(html)).toContain('১,৫০০৳');
    expect(text(html)).toContain('কুপনের ছাড়');
    expect(text(html)).toContain('−৩০০৳');
    expect(text(html)).toContain('১,২০০৳');
    expect(text(html)).toContain('পেমেন্ট পাওয়া গেছে');
    const free = await render('en', <PaymentOutcome order={paid({ gateway: 'none', bank_tran_id: null, list_price_poisha: 150_000, discount_poisha: 150_000, amount_poisha: 0 })} timedOut={false} />);
    expect(text(free)).toContain('You are enrolled');
    expect(text(free)).toContain('Coupon discount');
    expect(href(free, 'start-learning')).toBe('/course/journey/c-uuid');
    // Without a coupon, no discount lines.
    const plain = await render('en', <PaymentOutcome order={paid()} timedOut={false} />);
    expect(tag(plain, 'fact-discount')).toBe('');
    expect(tag(plain, 'fact-refunded')).toBe('');
  });

  it('shows refunded orders and refunds under way with their chips and the amount given back', async () => {
    const refunded = await render('bn', <PaymentOutcome order={paid({ state: 'refunded', refunded_poisha: 150_000, enrollment_status: null })} timedOut={false} />);
    expect(tag(refunded, 'payment-outcome')).toContain('data-state="refunded"');
    expect(text(refunded)).toContain('পেমেন্টের টাকা ফেরত দেওয়া হয়েছে');
    expect(text(refunded)).toContain('আপনাকে ১,৫০০৳ ফেরত দেওয়া হয়েছে');
    expect(tag(refunded, 'start-learning')).toBe('');
    expect(tag(refunded, 'try-again')).toBe('');
    expect(href(refunded, 'to-course')).toBe('/course/details/c-uuid');
    const underWay = await render('en', <PaymentOutcome order={paid({ state: 'refund_pending' })} timedOut={false} />);
    expect(text(underWay)).toContain('Refund under way');
    expect(text(underWay)).not.toContain('did not go through');

    const qc = new QueryClient();
    qc.setQueryData([...paymentKeys.minePage(1), 'tok'], page([
      paid({ uuid: 'o-5', state: 'refunded', refunded_poisha: 150_000 }),
      discounted({ uuid: 'o-6', refunded_poisha: 50_000 }),
      order({ uuid: 'o-7', state: 'refund_pending' }),
    ]));
    const mine = await render('bn', <PaymentPages />, { at: '/payments', path: '/payments', qc });
    expect([...mine.matchAll(/data-testid="order-state" data-state="(\w+)"/g)].map((m) => m[1])).toEqual(['refunded', 'paid', 'refund_pending']);
    expect(text(mine)).toContain('টাকা ফেরত দেওয়া হয়েছে');
    expect(text(mine)).toContain('টাকা ফেরত প্রক্রিয়াধীন');
    expect(text(mine)).toContain('ফেরত দেওয়া হয়েছে ৫০০৳');
    expect(text(mine)).toContain('কুপনে ছাড় ৩০০৳');
    expect(mine).toMatch(/<s[^>]*>১,৫০০৳<\/s>/);
    // A refunded order no longer leads into the course.
    expect(mine.match(/data-testid="payment-journey"/g)).toHaveLength(1);

    const en = await render('en', <OrderStateChip state="refund_pending" />);
    expect(text(en)).toContain('Refund under way');
  });

  it('filters the accounts by the new states too, and shows discounts and refunds in the table', async () => {
    const stateOptions = ORDER_STATES as readonly string[];
    expect(stateOptions).toContain('refund_pending');
    expect(stateOptions).toContain('refunded');
    expect(stateParam('refunded')).toBe('refunded');
    const fetchMock = stubFetch(() => json(page([])));
    await fetchAccountOrders({ page: 1, state: 'refunded' });
    expect(fetchCall(fetchMock)[0]).toBe('/course/accounts/batch-payments?page=1&limit=20&state=refunded');

    const items: AccountOrder[] = [
      { ...discounted({ uuid: 'o-1', refunded_poisha: 20_000 }), user: learner },
      { ...paid({ uuid: 'o-2', gateway: 'none', amount_poisha: 0, discount_poisha: 150_000, list_price_poisha: 150_000 }), user: learner },
      { ...paid({ uuid: 'o-3', state: 'refunded', refunded_poisha: 150_000 }), user: learner },
      { ...order({ uuid: 'o-4', state: 'review' }), user: learner },
    ];
    const table = await render('en', <AccountOrdersTable items={items} lang="en" busy={null} onAccept={noop} onRefund={noop} />);
    expect(text(table)).toContain('Coupon discount ৳300');
    expect(text(table)).toContain('Refunded ৳200');
    expect(text(table)).toContain('Refunded ৳1,500');
    // Refund: on a paid order paid through the gateway, not on a free one, a refunded one or one in review.
    expect([...table.matchAll(/data-uuid="(o-\d)"[\s\S]*?(?=data-uuid=|$)/g)].map((m) => [m[1], m[0].includes('data-testid="refund-order"')])).toEqual([
      ['o-1', true],
      ['o-2', false],
      ['o-3', false],
      ['o-4', false],
    ]);
    expect(table.match(/data-testid="accept-review"/g)).toHaveLength(1);
    const cards = await render('bn', <AccountOrderCards items={items} lang="bn" busy="o-1" onAccept={noop} onRefund={noop} />);
    expect(text(cards)).toContain('টাকা ফেরত দিন');
    expect(tag(cards, 'refund-order')).toContain('disabled');
    expect(text(cards)).toContain('ফেরত দেওয়া হয়েছে ২০০৳');
  });

  it('shows what was refunded on the overall transactions page', async () => {
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.totals, { gross_poisha: 150_000, refunded_poisha: 50_000, gateway_fee_poisha: 0, platform_commission_poisha: 0, partner_share_poisha: 90_000, paid_orders: 1, pending_orders: 0, review_orders: 0, paid_out_poisha: 0, requested_poisha: 0, available_poisha: 90_000 });
    const html = await render('bn', <AccountsPages />, { at: '/accounts/overall-transactions', path: '/accounts/:page', qc });
    expect(tag(html, 'total-refunded')).not.toBe('');
    expect(text(html)).toContain('গেটওয়ের মাধ্যমে শিক্ষার্থীদের ফেরত দেওয়া টাকা');
    expect(text(html)).toContain('৫০০৳');
  });
});

describe('the refund dialog', () => {
  const learner = { id: 5, name: 'Mitu Akter', email: 'mitu@example.com' };
  const sold: AccountOrder = { ...paid({ uuid: 'o-8', amount_poisha: 150_000, refunded_poisha: 50_000 }), user: learner };
  const params = { page: 1, state: '' as const, search: '' };
  const form = (over: Partial<Omit<RefundDialogProps, 'order'>> = {}) => (
    <RefundForm order={sold} amount={amountInput(refundLeft(sold), 'bn')} reason="" busy={false} onAmount={noop} onReason={noop} onRefund={noop} onClose={noop} {...over} />
  );

  it('prefills what is left to refund in the interface digits, with the decimal keypad, a reason and the warning about a full refund', async () => {
    expect(refundLeft(sold)).toBe(100_000);
    expect(amountInput(refundLeft(sold), 'bn')).toBe('১০০০');
    const html = await render('bn', form());
    const amount = input(html, 'refund-amount');
    expect(amount).toContain('value="১০০০"');
    expect(amount).toContain('inputMode="decimal"');
    expect(amount).not.toContain('type="number"');
    expect(text(html)).toContain('Mitu Akter ভগ্নাংশ কোর্সের জন্য ১,৫০০৳ পরিশোধ করেছেন।');
    expect(text(html)).toContain('ফেরত দেওয়া যাবে: ১,০০০৳');
    expect(html).toMatch(/<textarea[^>]*id="refund-reason"/);
    expect(text(html)).toContain('(০/৫০০)');
    // All that is left: the enrolment ends; part of it: the general warning.
    expect(text(html)).toContain('ফলে এই কোর্সে শিক্ষার্থীর ভর্তি শেষ হয়ে যাবে');
    const part = await render('en', form({ amount: '500' }));
    expect(text(part)).toContain('A full refund ends the learner');
    expect(text(part)).toContain('To keep them enrolled, refund part of the payment.');
    expect(tag(part, 'refund-form')).toMatch(/^<form/);
    expect(tag(part, 'refund-error')).toBe('');
  });

  it('checks the amount as the server does', () => {
    expect(refundProblem('', 100_000)).toBeNull();
    expect(refundProblem('৫০০.৫০', 100_000)).toBeNull();
    expect(refundProblem('1000', 100_000)).toBeNull();
    expect(refundProblem('1000.01', 100_000)).toBe('refund_above_paid');
    expect(refundProblem('0', 100_000)).toBe('amount_invalid');
    expect(refundProblem('abc', 100_000)).toBe('amount_invalid');
  });

  it("shows the server's refusals in the dialog: on the amount, or above the button", async () => {
    const aboveHtml = await render('en', form({ amount: '1000.01', amountError: 'This is more than is left to refund.' }));
    expect(input(aboveHtml, 'refund-amount')).toContain('aria-invalid="true"');
    expect(text(aboveHtml)).toContain('This is more than is left to refund.');
    expect(text(aboveHtml)).not.toContain('Up to ৳1,000');

    const certificate = new ApiError(409, 'x', 'certificate_issued', {});
    const refused = await render('bn', form({ formError: await errorText('bn', certificate) }));
    expect(tag(refused, 'refund-error')).not.toBe('');
    expect(text(refused)).toContain('শিক্ষার্থী এই কোর্সের সনদপত্র পেয়ে গেছেন');
    for (const [status, code, words] of [
      [409, 'order_not_paid', 'Only a paid order can be refunded.'],
      [409, 'order_not_refundable', 'Nothing was paid through the payment gateway'],
      [502, 'refund_refused', 'The payment gateway refused the refund.'],
      [502, 'payment_gateway_unavailable', 'The payment gateway could not be reached.'],
    ] as const) {
      expect(await errorText('en', new ApiError(status, 'x', code, {})), code).toContain(words);
    }
    // The amount's refusal as the API sends it (validation_failed, the field's message) or by its code.
    const validation = new ApiError(422, 'The given data was invalid.', 'validation_failed', { amount: ['This is more than is left to refund.'] });
    expect(fieldProblem(validation, 'amount')).toEqual({ message: 'This is more than is left to refund.' });
    expect(fieldProblem(new ApiError(422, 'x', 'refund_above_paid', { amount: ['This is more than is left to refund.'] }), 'amount')).toEqual({ code: 'refund_above_paid' });
    expect(fieldProblem(new ApiError(422, 'x', 'validation_failed', { amount: ['amount_invalid'] }), 'amount')).toEqual({ code: 'amount_invalid' });
    expect(fieldProblem(validation, 'reason')).toBeNull();
  });

  it('refunds with POST refund/{uuid}, the amount in ASCII digits: the row shows the answer and the totals are read again', async () => {
    const answer: AccountOrder = { ...sold, state: 'refunded', refunded_poisha: 150_000 };
    const fetchMock = stubFetch(() => json({ data: answer }));
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.accountsPage(params), page([sold]));
    qc.setQueryData(paymentKeys.totals, { refunded_poisha: 50_000 });
    await runMutation(refundOrderMutation(qc), { uuid: 'o-8', amount: '৳১,০০০', reason: '  Course cancelled  ' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/refund/o-8');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ amount: '1000', reason: 'Course cancelled' });
    const row = qc.getQueryData<ReturnType<typeof page<AccountOrder>>>(paymentKeys.accountsPage(params))?.data[0];
    expect(row?.state).toBe('refunded');
    expect(row?.refunded_poisha).toBe(150_000);
    expect(qc.getQueryState(paymentKeys.totals)?.isInvalidated).toBe(true);
    const after = await render('en', <AccountOrdersTable items={[row!]} lang="en" busy={null} onAccept={noop} onRefund={noop} />);
    expect(tag(after, 'order-state')).toContain('data-state="refunded"');
    expect(tag(after, 'refund-order')).toBe('');

    // Empty amount: all that is left.
    const all = stubFetch(() => json({ data: answer }));
    await runMutation(refundOrderMutation(qc), { uuid: 'o-8', amount: '', reason: '' }, qc);
    expect(JSON.parse(String(fetchCall(all)[1].body))).toEqual({ amount: '', reason: '' });

    // A refusal leaves the row as it was.
    stubFetch(() => json({ message: 'x', code: 'refund_refused', errors: {} }, 502));
    qc.setQueryData(paymentKeys.accountsPage(params), page([sold]));
    const err = await runMutation(refundOrderMutation(qc), { uuid: 'o-8', amount: '100', reason: '' }, qc).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(qc.getQueryData<ReturnType<typeof page<AccountOrder>>>(paymentKeys.accountsPage(params))?.data[0].state).toBe('paid');
  });
});
