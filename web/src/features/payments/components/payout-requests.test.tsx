import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import { errorText, fetchCall, input, json, noop, render, runMutation, stubFetch, tag, testI18n, text } from '../../../lib/test-render';
import { fetchPayouts, type AccountTotals, type PayoutRequest } from '../api/payments-api';
import { amountInput, amountPoisha, amountProblem, amountRefusal, amountText } from '../hooks/payout-form';
import { approvePayoutMutation, paymentKeys, rejectPayoutMutation, requestPayoutMutation, withdrawPayoutMutation } from '../hooks/use-payments';
import AccountsPages from './accounts-pages';
import { PayoutsTable } from './payout-list';
import { PayoutRequestForm, type PayoutRequestFormProps } from './payout-request-form';
import { partnerParam, payoutStateParam } from './payout-requests-page';
import { RejectPayoutForm } from './reject-payout-dialog';

// Signed in (a static render has no token otherwise), as a partner admin or the super admin.
const signedIn = vi.hoisted(() => ({ menuClass: 'partner' as 'partner' | 'super' }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({ token: 'tok', isSignedIn: true, user: null, menuClass: signedIn.menuClass, roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  signedIn.menuClass = 'partner';
});

const payout = (over: Partial<PayoutRequest> = {}): PayoutRequest => ({
  id: 7,
  institution: { id: 4, slug: 'dhaka-academy', name: 'Dhaka Academy' },
  amount_poisha: 500_050,
  state: 'requested',
  note: 'For March',
  reason: null,
  requested_by: { id: 9, name: 'Nasima Begum' },
  created_at: '2026-03-05T04:30:00Z',
  decided_at: null,
  ...over,
});

const totals = (over: Partial<AccountTotals> = {}): AccountTotals => ({
  paid_orders: 12,
  pending_orders: 0,
  review_orders: 0,
  gross_poisha: 1_800_000,
  gateway_fee_poisha: 45_000,
  platform_commission_poisha: 180_000,
  partner_share_poisha: 1_620_000,
  paid_out_poisha: 1_000_000,
  requested_poisha: 200_000,
  available_poisha: 420_000,
  refunded_poisha: 0,
  held_by_partner_poisha: 0,
  ...over,
});

const page = <T,>(data: T[], over: object = {}) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over });

const form = (over: Partial<PayoutRequestFormProps> = {}) => (
  <PayoutRequestForm available={420_000} amount="" note="" busy={false} onAmount={noop} onNote={noop} onAll={noop} onSubmit={noop} {...over} />
);

/** The value of the state filter (the select's hidden input). */
const stateFilter = (html: string) => /data-testid="payouts-state"[\s\S]*?<input[^>]*value="([^"]*)"/.exec(html)?.[1];

const rejected = payout({ id: 6, state: 'rejected', reason: 'Bank details missing', decided_at: '2026-03-06T04:30:00Z' });
const approved = payout({ id: 5, state: 'approved', amount_poisha: 1_000_000, note: '', decided_at: '2026-03-02T04:30:00Z' });

describe("the partner's payout requests", () => {
  const partnerCache = (t: AccountTotals, list: ReturnType<typeof page<PayoutRequest>>) => {
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.totals, t);
    qc.setQueryData(paymentKeys.payoutsPage({ page: 1 }), list);
    return qc;
  };

  it('reads the amount as typed, Bangla digits, commas and ৳ included, and checks it as the server does', () => {
    expect(amountText(' ৳৫,০০০.৫০ ')).toBe('5000.50');
    expect(amountPoisha('৫০০০.৫')).toBe(500_050);
    expect(amountPoisha('4200')).toBe(420_000);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '.5']) expect(amountPoisha(bad), bad).toBeNull();
    expect(amountProblem('0', 420_000)).toBe('amount_invalid');
    expect(amountProblem('৫০', 420_000)).toBeNull();
    expect(amountProblem('৪২০০', 420_000)).toBeNull();
    expect(amountProblem('4200.01', 420_000)).toBe('payout_above_balance');
    expect(amountInput(420_000, 'bn')).toBe('৪২০০');
    expect(amountInput(500_050, 'en')).toBe('5000.50');
  });

  it('sends the amount in ASCII digits with the note, and reads the balance and the list again', async () => {
    const fetchMock = stubFetch(() => json({ data: payout() }, 201));
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.totals, totals());
    qc.setQueryData(paymentKeys.payoutsPage({ page: 1 }), page([]));
    await runMutation(requestPayoutMutation(qc), { amount: '৫,০০০.৫০', note: '  For March  ' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/request-payment');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ amount: '5000.50', note: 'For March' });
    expect(qc.getQueryState(paymentKeys.totals)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(paymentKeys.payoutsPage({ page: 1 }))?.isInvalidated).toBe(true);
  });

  it('has an amount field with the decimal keypad, hinting at what is available', async () => {
    const html = await render('bn', form({ amount: '৫০০০.৫০' }));
    const amount = input(html, 'payout-amount');
    expect(amount).toContain('inputMode="decimal"');
    expect(amount).not.toContain('type="number"');
    expect(amount).toContain('value="৫০০০.৫০"');
    expect(amount).toContain('aria-invalid="false"');
    expect(amount).not.toContain('disabled');
    expect(text(html)).toContain('এখন সর্বোচ্চ ৪,২০০৳ অনুরোধ করতে পারবেন।');
    expect(tag(html, 'payout-submit')).toContain('type="submit"');
    expect(tag(html, 'payout-submit')).not.toContain('disabled');
    expect(tag(html, 'payout-form')).toMatch(/^<form/);
    expect(tag(html, 'payout-nothing')).toBe('');
    const en = await render('en', form());
    expect(text(en)).toContain('You can request up to ৳4,200 now.');
    expect(text(en)).toContain('Request all of it');
  });

  it("shows the server's above-balance refusal on the amount field, whichever shape it comes in", async () => {
    // As the API sends it now: a validation error whose amount entry is the translated message.
    const message = 'সাইটটি এখন এর চেয়ে বেশি চাইতে পারে না।';
    stubFetch(() => json({ message: 'তথ্য সঠিক নয়।', code: 'validation_failed', errors: { amount: [message] } }, 422));
    const err = await runMutation(requestPayoutMutation(new QueryClient()), { amount: '99999', note: '' }).catch((e: unknown) => e);
    expect(amountRefusal(err)).toEqual({ message });
    const html = await render('bn', form({ amount: '৯৯৯৯৯', amountError: message }));
    expect(input(html, 'payout-amount')).toContain('aria-invalid="true"');
    expect(text(html)).toContain(message);
    expect(text(html)).not.toContain('অনুরোধ করতে পারবেন');

    // The code as the answer's code, or as the field's entry: in our own words.
    expect(amountRefusal(new ApiError(422, 'x', 'payout_above_balance', { amount: ['x'] }))).toEqual({ code: 'payout_above_balance' });
    expect(amountRefusal(new ApiError(422, 'x', 'validation_failed', { amount: ['amount_invalid'] }))).toEqual({ code: 'amount_invalid' });
    expect(amountRefusal(new ApiError(403, 'x', 'forbidden', {}))).toBeNull();
    const ours = resources.bn.errors.payout_above_balance as string;
    const html2 = await render('bn', form({ amount: '৯৯৯৯৯', amountError: ours }));
    expect(text(html2)).toContain('এখন এর চেয়ে বেশি টাকা অনুরোধ করা যাবে না।');
    expect(await errorText('en', new ApiError(422, 'x', 'amount_invalid', {}))).toContain('Enter an amount in taka greater than zero');
  });

  it('is closed while nothing is available, saying why', async () => {
    const html = await render('en', form({ available: 0 }));
    expect(input(html, 'payout-amount')).toContain('disabled');
    expect(input(html, 'payout-note')).toBe('');
    expect(html).toMatch(/<textarea[^>]*id="payout-note"[^>]*disabled/);
    expect(tag(html, 'payout-submit')).toContain('disabled');
    expect(tag(html, 'payout-all')).toBe('');
    expect(text(html)).toContain('There is nothing to request now.');
    // Likewise on the page, from overall_transactions.
    const qc = partnerCache(totals({ available_poisha: 0, requested_poisha: 420_000 }), page([payout()]));
    const pageHtml = await render('bn', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request', qc });
    expect(tag(pageHtml, 'payout-submit')).toContain('disabled');
    expect(text(pageHtml)).toContain('এখন অনুরোধ করার মতো কিছু নেই।');
  });

  it("shows the balance and the site's requests: state, amount, date, note, the reason of a rejection, Withdraw on a waiting one", async () => {
    const qc = partnerCache(totals(), page([payout(), rejected, approved]));
    for (const at of ['/accounts/payment-request', '/course/accounts/payment-request']) {
      const html = await render('bn', <AccountsPages page="payment-request" />, { at, qc });
      expect(tag(html, 'payout-requests-page')).toContain('data-mode="partner"');
      for (const card of ['balance-available', 'balance-requested', 'balance-paid_out']) expect(tag(html, card), card).not.toBe('');
      expect(text(html)).toContain('৪,২০০৳');
      expect(text(html)).toContain('২,০০০৳');
      expect(text(html)).toContain('১০,০০০৳');
      expect(html.match(/data-testid="payout"/g)).toHaveLength(3);
      expect(html.match(/data-testid="withdraw-payout"/g)).toHaveLength(1);
      expect(html.match(/data-testid="approve-payout"/g)).toBeNull();
      expect(text(html)).toContain('৫,০০০.৫০৳');
      expect(text(html)).toContain('অনুমোদনের অপেক্ষায়');
      expect(text(html)).toContain('প্রত্যাখ্যাত');
      expect(text(html)).toContain('কারণ: Bank details missing');
      expect(text(html)).toContain('For March');
      expect(text(html)).toContain('৫ মার্চ, ২০২৬');
      expect(text(html)).toContain('৩টি অনুরোধ');
    }
    const empty = await render('en', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request', qc: partnerCache(totals(), page([])) });
    expect(tag(empty, 'empty-state')).not.toBe('');
    expect(text(empty)).toContain('No payout requests yet.');
  });

  it('is the same site-wide page under /training/accounts and /exam/accounts, saying the balance is the whole site’s', async () => {
    const qc = partnerCache(totals(), page([payout()]));
    const html = await render('en', <AccountsPages page="payment-request" />, { at: '/training/accounts/payment-request', qc });
    expect(tag(html, 'payout-requests-page')).toContain('data-mode="partner"');
    expect(tag(html, 'site-wide-note')).toContain('data-area="training"');
    expect(text(html)).toContain('A site has one balance, from which payouts are drawn.');
    expect(tag(html, 'balance-available')).not.toBe('');
    expect(html.match(/data-testid="payout"/g)).toHaveLength(1);
    const bn = await render('bn', <AccountsPages page="payment-request" />, { at: '/exam/accounts/payment-request', qc });
    expect(text(bn)).toContain('পরীক্ষার আলাদা কোনো ব্যালান্স নেই');
    const site = await render('en', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request', qc });
    expect(tag(site, 'site-wide-note')).toBe('');
  });

  it('withdraws a waiting request: it leaves the list, the balance is read again; one already decided says so', async () => {
    const fetchMock = stubFetch(() => json({ data: { ok: true } }));
    const qc = new QueryClient();
    const key = paymentKeys.payoutsPage({ page: 1 });
    qc.setQueryData(key, page([payout(), rejected]));
    qc.setQueryData(paymentKeys.totals, totals());
    await runMutation(withdrawPayoutMutation(qc), 7, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/delete_request/7');
    expect(init.method).toBe('GET');
    const list = qc.getQueryData<ReturnType<typeof page<PayoutRequest>>>(key);
    expect(list?.data.map((p) => p.id)).toEqual([6]);
    expect(list?.total).toBe(1);
    expect(qc.getQueryState(paymentKeys.totals)?.isInvalidated).toBe(true);

    stubFetch(() => json({ message: 'This payout request is no longer waiting.', code: 'payout_not_requested', errors: {} }, 409));
    const err = await runMutation(withdrawPayoutMutation(qc), 7, qc).catch((e: unknown) => e);
    expect(await errorText('bn', err)).toContain('এই পেআউট অনুরোধটি আর অপেক্ষায় নেই');
  });
});

describe("the super admin's payout requests", () => {
  const superCache = (state: '' | 'requested' | 'approved' | 'rejected', list: ReturnType<typeof page<PayoutRequest>>, partnerId: number | null = null) => {
    signedIn.menuClass = 'super';
    const qc = new QueryClient();
    qc.setQueryData(paymentKeys.payoutsPage({ page: 1, state, partnerId }), list);
    return qc;
  };

  it('filters by state (the waiting ones by default) and by partner', async () => {
    expect(payoutStateParam(null)).toBe('requested');
    expect(payoutStateParam('approved')).toBe('approved');
    expect(payoutStateParam('all')).toBe('');
    expect(payoutStateParam('paid')).toBe('requested');
    expect(partnerParam('4')).toBe(4);
    expect(partnerParam('x')).toBeNull();
    expect(partnerParam(null)).toBeNull();

    const fetchMock = stubFetch(() => json(page([])));
    await fetchPayouts({ page: 2, state: 'requested', partnerId: 4 });
    expect(fetchCall(fetchMock)[0]).toBe('/course/accounts/view_all_requests?page=2&limit=20&type=requested&partner_id=4');
    await fetchPayouts({ page: 1, state: '' });
    expect(fetchCall(fetchMock, 1)[0]).toBe('/course/accounts/view_all_requests?page=1&limit=20');
  });

  it('says the same under /training/accounts to the super admin', async () => {
    const html = await render('en', <AccountsPages page="payment-request" />, { at: '/training/accounts/payment-request', qc: superCache('requested', page([payout()])) });
    expect(tag(html, 'payout-requests-page')).toContain('data-mode="super"');
    expect(tag(html, 'site-wide-note')).toContain('data-area="training"');
    expect(html.match(/data-testid="payout"/g)).toHaveLength(1);
  });

  it("lists every partner's waiting requests with the partner's name, Approve and Reject", async () => {
    const other = payout({ id: 8, institution: { id: 5, slug: 'sylhet-school', name: 'Sylhet School' }, amount_poisha: 150_000 });
    const html = await render('bn', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request', qc: superCache('requested', page([payout(), other])) });
    expect(tag(html, 'payout-requests-page')).toContain('data-mode="super"');
    expect(tag(html, 'payout-balance')).toBe('');
    expect(tag(html, 'payout-form')).toBe('');
    expect(html.match(/data-testid="payout"/g)).toHaveLength(2);
    expect(text(html)).toContain('Dhaka Academy');
    expect(text(html)).toContain('Sylhet School');
    expect(text(html)).toContain('অনুরোধকারী: Nasima Begum');
    expect(html.match(/data-testid="approve-payout"/g)).toHaveLength(2);
    expect(html.match(/data-testid="reject-payout"/g)).toHaveLength(2);
    expect(html.match(/data-testid="withdraw-payout"/g)).toBeNull();
    expect(stateFilter(html)).toBe('requested');

    // ?state=approved reads that list; ?state=all every state; nothing waiting says so.
    const done = await render('en', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request?state=approved', qc: superCache('approved', page([approved])) });
    expect(stateFilter(done)).toBe('approved');
    expect(done.match(/data-testid="payout"/g)).toHaveLength(1);
    expect(done.match(/data-testid="approve-payout"/g)).toBeNull();
    expect(text(done)).toContain('Approved');
    const all = await render('en', <AccountsPages page="payment-request" />, { at: '/course/accounts/payment-request?state=all', qc: superCache('', page([payout(), approved, rejected])) });
    expect(stateFilter(all)).toBe('all');
    expect(text(all)).toContain('All states');
    expect(all.match(/data-testid="payout"/g)).toHaveLength(3);
    const none = await render('en', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request', qc: superCache('requested', page([])) });
    expect(text(none)).toContain('No payout request is waiting.');
    const one = await render('en', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request?partner=4', qc: superCache('requested', page([payout()]), 4) });
    expect(text(one)).toContain('Partner: Dhaka Academy');

    const table = await render('en', <PayoutsTable items={[payout(), rejected]} lang="en" mode="super" busy={7} />);
    for (const col of ['Partner', 'Amount', 'State', 'Requested', 'Note']) expect(text(table)).toContain(col);
    expect(text(table)).toContain('৳5,000.50');
    expect(text(table)).toContain('Reason: Bank details missing');
    expect(tag(table, 'approve-payout')).toContain('disabled');
  });

  it('approves with a GET: the row shows it approved and the list is read again; the confirmation names partner and amount', async () => {
    const fetchMock = stubFetch(() => json({ data: payout({ state: 'approved', decided_at: '2026-03-06T04:30:00Z' }) }));
    const qc = new QueryClient();
    const key = paymentKeys.payoutsPage({ page: 1, state: 'requested', partnerId: null });
    qc.setQueryData(key, page([payout()]));
    await runMutation(approvePayoutMutation(qc), 7, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/approve_request/7');
    expect(init.method).toBe('GET');
    expect(qc.getQueryData<ReturnType<typeof page<PayoutRequest>>>(key)?.data[0].state).toBe('approved');
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);

    const bn = await testI18n('bn');
    expect(bn.t('payments:payouts.approve_body', { partner: 'Dhaka Academy', amount: '৫,০০০.৫০৳' })).toContain('Dhaka Academy-কে দেওয়া ৫,০০০.৫০৳ পরিশোধিত');
    stubFetch(() => json({ message: 'x', code: 'payout_not_requested', errors: {} }, 409));
    const err = await runMutation(approvePayoutMutation(qc), 7, qc).catch((e: unknown) => e);
    expect(await errorText('en', err)).toBe('This payout request is no longer waiting: it was approved, rejected or withdrawn.');
  });

  it('rejects with the reason in the query, and asks for the reason in the dialog', async () => {
    const fetchMock = stubFetch(() => json({ data: rejected }));
    const qc = new QueryClient();
    const key = paymentKeys.payoutsPage({ page: 1, state: 'requested', partnerId: null });
    qc.setQueryData(key, page([payout({ id: 6 })]));
    await runMutation(rejectPayoutMutation(qc), { id: 6, reason: '  ব্যাংকের তথ্য নেই & আবার পাঠান  ' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(init.method).toBe('GET');
    const sent = new URL(url, 'http://site.test');
    expect(sent.pathname).toBe('/course/accounts/reject_request/6');
    expect(sent.searchParams.get('reason')).toBe('ব্যাংকের তথ্য নেই & আবার পাঠান');
    expect(qc.getQueryData<ReturnType<typeof page<PayoutRequest>>>(key)?.data[0].state).toBe('rejected');

    const html = await render('bn', <RejectPayoutForm payout={payout()} reason="" busy={false} onReason={noop} onReject={noop} onClose={noop} />);
    expect(text(html)).toContain('Dhaka Academy ৫,০০০.৫০৳ চেয়েছে।');
    expect(html).toMatch(/<textarea[^>]*id="reject-reason"/);
    expect(text(html)).toContain('পার্টনার এটি দেখতে পাবে (০/৫০০)');
    const refused = await render('en', <RejectPayoutForm payout={payout()} reason="" error="Write why the request is rejected." busy={false} onReason={noop} onReject={noop} onClose={noop} />);
    expect(refused).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(text(refused)).toContain('Write why the request is rejected.');
  });
});
