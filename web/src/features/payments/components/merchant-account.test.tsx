import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { fetchMerchantAccount, type AccountTotals, type MerchantAccount, type WalletAccount } from '../api/payments-api';
import { gatewayUnreached, keepsPassword, MERCHANT_FIELDS, merchantBody, merchantProblems, merchantUnchanged, merchantValues, type MerchantFormValues } from '../hooks/merchant-form';
import { paymentKeys, saveMerchantMutation } from '../hooks/use-payments';
import AccountsPages from './accounts-pages';
import { MerchantAccountCard, MerchantAccountForm } from './merchant-account-card';
import { PayoutBalance } from './payout-balance';

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

const platformWallet: WalletAccount = { mode: 'platform', username: null, app_key: null, updated_at: null };
const platform: MerchantAccount = { mode: 'platform', store_id: null, updated_at: null, bkash: platformWallet };
const own: MerchantAccount = { mode: 'own', store_id: 'dhakastore', updated_at: '2026-03-05T04:30:00Z', bkash: platformWallet };

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

const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });

const cached = (account: MerchantAccount) => {
  const qc = new QueryClient();
  qc.setQueryData(paymentKeys.merchant, account);
  return qc;
};

/** The radio <input> of a choice ('' when absent). */
const radio = (html: string, mode: string) => new RegExp(`<input\\b[^>]*type="radio"[^>]*value="${mode}"[^>]*>`).exec(html)?.[0] ?? '';

/** The form as the card shows it, its refusals worded as the card words the server's error `err`. */
function ServerRefused({ err, saved, v }: { err: unknown; saved: MerchantAccount; v: MerchantFormValues }) {
  const { errors, formError } = useFieldErrors(MERCHANT_FIELDS, err);
  return <MerchantAccountForm saved={saved} values={v} errors={errors} formError={formError} busy={false} onChange={noop} onSubmit={noop} />;
}

const ownValues = (over: Partial<MerchantFormValues> = {}): MerchantFormValues => ({ mode: 'own', store_id: 'dhakastore', store_password: 'dhaka-store-pass', ...over });

describe('the payment account card', () => {
  it("shows the platform's store as chosen, what each choice means for the money, and no store fields", async () => {
    const html = await render('bn', <MerchantAccountCard />, { qc: cached(platform) });
    expect(tag(html, 'merchant-account')).not.toBe('');
    expect(tag(html, 'merchant-current')).toContain('data-mode="platform"');
    expect(radio(html, 'platform')).toContain('checked');
    expect(radio(html, 'own')).not.toContain('checked');
    const shown = text(html);
    for (const s of ['পেমেন্ট অ্যাকাউন্ট', 'SSLCommerz (কার্ড, মোবাইল ব্যাংকিং)', 'এখন: প্ল্যাটফর্মের স্টোর', 'প্ল্যাটফর্মের স্টোর (ডিফল্ট)', 'নিজের কমিশন রেখে দেয়', 'পেআউট থেকে কেটে নেওয়া হয়']) expect(shown).toContain(s);
    // bKash has a form of its own now, below the store's (wallet-account.test.tsx).
    expect(shown).not.toContain('বিকাশ পেমেন্ট সবসময় প্ল্যাটফর্মে যায়');
    expect(html.indexOf('data-testid="merchant-sslcommerz"')).toBeGreaterThan(-1);
    expect(html.indexOf('data-testid="merchant-bkash"')).toBeGreaterThan(html.indexOf('data-testid="merchant-save"'));
    expect(input(html, 'merchant-store-id')).toBe('');
    expect(input(html, 'merchant-store-password')).toBe('');
    // Nothing changed yet: nothing to save.
    expect(tag(html, 'merchant-save')).toContain('disabled');
    expect(tag(html, 'merchant-save')).toContain('type="submit"');
    expect(tag(html, 'merchant-form')).toMatch(/^<form/);

    const en = text(await render('en', <MerchantAccountCard />, { qc: cached(platform) })).replace(/&#x27;/g, "'");
    for (const s of ['Payment account', 'SSLCommerz (cards, mobile banking)', "Now: the platform's store", 'keeps its commission, and pays your share out when you request a payout', 'You then owe the platform its commission']) {
      expect(en).toContain(s);
    }
    expect(en).not.toContain('bKash payments always go to the platform');
  });

  it('shows the own store in use with its id and the day it was set, the password never filled in', async () => {
    const html = await render('bn', <MerchantAccountCard />, { qc: cached(own) });
    expect(tag(html, 'merchant-current')).toContain('data-mode="own"');
    expect(radio(html, 'own')).toContain('checked');
    expect(text(html)).toContain('এখন: আপনার নিজের SSLCommerz স্টোর');
    expect(text(html)).toContain('স্টোর আইডি: dhakastore · ৫ মার্চ, ২০২৬ থেকে');
    expect(input(html, 'merchant-store-id')).toContain('value="dhakastore"');
    const password = input(html, 'merchant-store-password');
    expect(password).toContain('type="password"');
    expect(password).toContain('autoComplete="new-password"');
    expect(password).toContain('value=""');
    // The store in use: its password may be left empty.
    expect(password).not.toContain('required');
    expect(text(html)).toContain('সংরক্ষিত পাসওয়ার্ড রাখতে ঘরটি ফাঁকা রাখুন');
    const en = text(await render('en', <MerchantAccountCard />, { qc: cached(own) }));
    expect(en).toContain('Store ID: dhakastore · set on 5 Mar 2026');
  });

  it('hides itself from a caller who may not see it, and offers a retry when it could not be read', async () => {
    const query = { queryKey: paymentKeys.merchant, queryFn: fetchMerchantAccount };
    const forbidden = await prefetched(query, () => json({ message: 'Forbidden', code: 'forbidden', errors: {} }, 403));
    expect(tag(await render('en', <MerchantAccountCard />, { qc: forbidden }), 'merchant-account')).toBe('');
    const down = await prefetched(query, () => json({ message: 'x', code: 'internal_error', errors: {} }, 500));
    const html = await render('en', <MerchantAccountCard />, { qc: down });
    expect(tag(html, 'merchant-account')).not.toBe('');
    expect(tag(html, 'error-state')).not.toBe('');
    expect(text(html)).toContain('Try again');
  });

  it('sends the own store exactly as typed (the id trimmed) and shows what the server kept', async () => {
    const saved = { ...own, updated_at: '2026-03-06T04:30:00Z' };
    const fetchMock = stubFetch(() => json({ data: saved }));
    const qc = cached(platform);
    await runMutation(saveMerchantMutation(qc), ownValues({ store_id: '  dhakastore ' }), qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/merchant');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ mode: 'own', store_id: 'dhakastore', store_password: 'dhaka-store-pass' });
    expect(qc.getQueryData(paymentKeys.merchant)).toEqual(saved);

    // Chosen but not saved yet: the fields are there, empty, and Save is open.
    const html = await render('en', <MerchantAccountForm saved={platform} values={{ ...merchantValues(platform), mode: 'own' }} errors={{}} busy={false} onChange={noop} onSubmit={noop} />);
    expect(radio(html, 'own')).toContain('checked');
    expect(input(html, 'merchant-store-id')).toContain('value=""');
    expect(input(html, 'merchant-store-password')).toContain('required');
    expect(text(html)).toContain('Checked with SSLCommerz before it is saved, then stored encrypted. It is never shown again.');
    expect(tag(html, 'merchant-save')).not.toContain('disabled');
    const busy = await render('bn', <MerchantAccountForm saved={platform} values={ownValues()} errors={{}} busy onChange={noop} onSubmit={noop} />);
    expect(tag(busy, 'merchant-save')).toContain('disabled');
    expect(text(busy)).toContain('SSLCommerz-এ যাচাই করা হচ্ছে…');

    // The client's checks; the password is the server's to ask for (it knows the stores kept before).
    expect(merchantProblems(ownValues({ store_id: '  ' }))).toEqual({ store_id: 'required' });
    expect(merchantProblems(ownValues({ store_id: 'dhaka store!' }))).toEqual({ store_id: 'store_id_invalid' });
    expect(merchantProblems(ownValues({ store_password: '' }))).toEqual({});
    expect(merchantProblems({ mode: 'platform', store_id: 'dhaka store!', store_password: '' })).toEqual({});
    expect(keepsPassword(ownValues({ store_id: ' dhakastore ' }), own)).toBe(true);
    expect(keepsPassword(ownValues({ store_id: 'otherstore' }), own)).toBe(false);
    expect(keepsPassword(ownValues(), platform)).toBe(false);
    expect(merchantBody(ownValues({ store_password: '' }))).toEqual({ mode: 'own', store_id: 'dhakastore', store_password: '' });
    expect(merchantUnchanged(merchantValues(own), own)).toBe(true);
    expect(merchantUnchanged(ownValues(), own)).toBe(false);
    expect(merchantUnchanged(merchantValues(platform), platform)).toBe(true);
  });

  it('shows SSLCommerz refusing the store on the password field, in Bangla', async () => {
    // As the API answers a Bangla interface: a validation error whose store_password entry is the translated message.
    const message = 'SSLCommerz এই স্টোর আইডি ও পাসওয়ার্ড গ্রহণ করেনি।';
    stubFetch(() => json({ message: 'তথ্য সঠিক নয়।', code: 'validation_failed', errors: { store_password: [message] } }, 422));
    const err = await runMutation(saveMerchantMutation(new QueryClient()), ownValues({ store_password: 'guess' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const html = await render('bn', <ServerRefused err={err} saved={platform} v={ownValues({ store_password: 'guess' })} />);
    expect(input(html, 'merchant-store-password')).toContain('aria-invalid="true"');
    expect(input(html, 'merchant-store-id')).toContain('aria-invalid="false"');
    expect(text(html)).toContain(message);
    expect(text(html)).not.toContain('সংরক্ষণের আগে SSLCommerz-এ যাচাই করা হয়');
    expect(tag(html, 'merchant-form-error')).toBe('');

    // The code itself, as the answer's code or the field's entry: in our own words.
    const coded = await render('bn', <ServerRefused err={new ApiError(422, 'x', 'store_credentials_refused', { store_password: ['SSLCommerz did not accept this store id and password.'] })} saved={platform} v={ownValues()} />);
    expect(text(coded)).toContain(message);
    const badId = await render('bn', <ServerRefused err={new ApiError(422, 'x', 'validation_failed', { store_id: ['store_id_invalid'] })} saved={platform} v={ownValues()} />);
    expect(input(badId, 'merchant-store-id')).toContain('aria-invalid="true"');
    expect(text(badId)).toContain('স্টোর আইডিতে শুধু ইংরেজি অক্ষর, সংখ্যা, - বা _ থাকবে।');

    // The gateway not reached: nothing lost, try again.
    expect(gatewayUnreached(new ApiError(502, 'x', 'payment_gateway_unavailable', {}))).toBe(true);
    expect(gatewayUnreached(err)).toBe(false);
  });

  it('switches back to the platform with the mode alone', async () => {
    const fetchMock = stubFetch(() => json({ data: platform }));
    const qc = cached(own);
    await runMutation(saveMerchantMutation(qc), { mode: 'platform', store_id: 'dhakastore', store_password: 'left over' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/merchant');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ mode: 'platform' });
    expect(qc.getQueryData(paymentKeys.merchant)).toEqual(platform);

    // Chosen but not saved yet: the store fields go, and Save is open.
    const html = await render('en', <MerchantAccountForm saved={own} values={{ ...merchantValues(own), mode: 'platform' }} errors={{}} busy={false} onChange={noop} onSubmit={noop} />);
    expect(radio(html, 'platform')).toContain('checked');
    expect(input(html, 'merchant-store-id')).toBe('');
    expect(tag(html, 'merchant-save')).not.toContain('disabled');
  });

  it("sits below the partner admin's balance, and not on the super admin's page", async () => {
    const qc = cached(platform);
    qc.setQueryData(paymentKeys.totals, totals());
    qc.setQueryData(paymentKeys.payoutsPage({ page: 1 }), page([]));
    const html = await render('bn', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request', qc });
    const at = (id: string) => html.indexOf(`data-testid="${id}"`);
    expect(at('merchant-account')).toBeGreaterThan(at('payout-balance'));
    expect(at('merchant-account')).toBeLessThan(at('payout-form'));
    expect(at('payout-balance')).toBeGreaterThan(-1);

    signedIn.menuClass = 'super';
    const superQc = cached(platform);
    superQc.setQueryData(paymentKeys.payoutsPage({ page: 1, state: 'requested', partnerId: null }), page([]));
    const superHtml = await render('en', <AccountsPages page="payment-request" />, { at: '/accounts/payment-request', qc: superQc });
    expect(tag(superHtml, 'payout-requests-page')).toContain('data-mode="super"');
    expect(tag(superHtml, 'merchant-account')).toBe('');
  });
});

describe("the balance's money held by the site's own store", () => {
  it('shows it only when there is some', async () => {
    const held = await render('bn', <PayoutBalance totals={totals({ held_by_partner_poisha: 146_250, available_poisha: 0 })} />);
    expect(tag(held, 'balance-held_by_partner')).not.toBe('');
    expect(text(held)).toContain('আপনার নিজের স্টোরে জমা');
    expect(text(held)).toContain('১,৪৬২.৫০৳');
    const en = await render('en', <PayoutBalance totals={totals({ held_by_partner_poisha: 146_250 })} />);
    expect(text(en)).toContain('Taken by your own store');
    expect(text(en)).toContain('৳1,462.50');

    const none = await render('en', <PayoutBalance totals={totals()} />);
    expect(tag(none, 'balance-held_by_partner')).toBe('');
    expect(text(none)).not.toContain('Taken by your own store');
    for (const card of ['balance-available', 'balance-requested', 'balance-paid_out']) expect(tag(none, card), card).not.toBe('');
  });
});
