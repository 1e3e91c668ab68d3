import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, input, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import type { MerchantAccount, WalletAccount } from '../api/payments-api';
import { gatewayUnreached } from '../hooks/merchant-form';
import { accountFormError } from '../hooks/use-account-editor';
import { paymentKeys, saveWalletMutation } from '../hooks/use-payments';
import { keepsSecrets, WALLET_FIELDS, walletBody, walletProblems, walletUnchanged, walletValues, type WalletField, type WalletFormValues } from '../hooks/wallet-form';
import { MerchantAccountCard } from './merchant-account-card';
import { useWalletProblemText, WalletAccountForm } from './wallet-account-form';

afterEach(() => vi.unstubAllGlobals());

const platformWallet: WalletAccount = { mode: 'platform', username: null, app_key: null, updated_at: null };
const ownWallet: WalletAccount = { mode: 'own', username: 'dhaka-wallet', app_key: 'app_KEY-12', updated_at: '2026-03-07T04:30:00Z' };
/** The SSLCommerz part on the platform's store, bKash as given. */
const settings = (bkash: WalletAccount): MerchantAccount => ({ mode: 'platform', store_id: null, updated_at: null, bkash });
const platform = settings(platformWallet);
const own = settings(ownWallet);

const cached = (account: MerchantAccount) => {
  const qc = new QueryClient();
  qc.setQueryData(paymentKeys.merchant, account);
  return qc;
};

/** The card's bKash part (it comes last). */
const bkashPart = (html: string) => {
  const at = html.indexOf('data-testid="merchant-bkash"');
  return at < 0 ? '' : html.slice(html.lastIndexOf('<', at));
};

/** The radio <input> of a choice in `html` ('' when absent). */
const radio = (html: string, mode: string) => new RegExp(`<input\\b[^>]*type="radio"[^>]*value="${mode}"[^>]*>`).exec(html)?.[0] ?? '';

const ownValues = (over: Partial<WalletFormValues> = {}): WalletFormValues => ({
  mode: 'own',
  username: 'dhaka-wallet',
  app_key: 'app_KEY-12',
  password: 'wallet-pass',
  app_secret: 'wallet-secret',
  ...over,
});

/**
 * The form as the card shows it: the client's `problems` and the server's error `err` worded as
 * the card words them, the form's message as the card gives it.
 */
function Shown({ err = null, problems = {}, saved, v }: { err?: unknown; problems?: FieldProblems<WalletField>; saved: MerchantAccount; v: WalletFormValues }) {
  const { t } = useTranslation('payments');
  const codeText = useWalletProblemText();
  const { errors, formError } = useFieldErrors(WALLET_FIELDS, err, codeText);
  const worded = { ...errors, ...Object.fromEntries(Object.entries(problems).map(([f, code]) => [f, codeText(code as string)])) };
  const message = accountFormError(err, formError, t('payments:merchant.bkash.gateway_down'));
  return <WalletAccountForm saved={saved} values={v} errors={worded} formError={message} busy={false} onChange={noop} onSubmit={noop} />;
}

describe("the payment account card's bKash wallet", () => {
  it("shows the platform's wallet as chosen, what each choice means for the money, and no wallet fields", async () => {
    const html = bkashPart(await render('bn', <MerchantAccountCard />, { qc: cached(platform) }));
    expect(tag(html, 'merchant-bkash')).toContain('aria-labelledby="merchant-bkash-title"');
    expect(tag(html, 'wallet-current')).toContain('data-mode="platform"');
    expect(radio(html, 'platform')).toContain('checked');
    expect(radio(html, 'own')).not.toContain('checked');
    expect(radio(html, 'own')).toContain('aria-describedby="wallet-own-hint"');
    const shown = text(html);
    for (const s of ['bKash', 'এখন: প্ল্যাটফর্মের bKash ওয়ালেট', 'প্ল্যাটফর্মের bKash ওয়ালেট (ডিফল্ট)', 'নিজের কমিশন রেখে দেয়', 'আপনার নিজের bKash মার্চেন্ট ওয়ালেট', 'তখনই আপনার হয়ে যায়', 'পেআউট থেকে কেটে নেওয়া হয়']) {
      expect(shown).toContain(s);
    }
    for (const id of ['wallet-username', 'wallet-app-key', 'wallet-password', 'wallet-app-secret']) expect(input(html, id), id).toBe('');
    expect(tag(html, 'wallet-save')).toContain('disabled');
    expect(tag(html, 'wallet-form')).toMatch(/^<form/);

    const en = text(bkashPart(await render('en', <MerchantAccountCard />, { qc: cached(platform) }))).replace(/&#x27;/g, "'");
    for (const s of ["Now: the platform's bKash wallet", "The platform's bKash wallet (default)", 'keeps its commission and pays your share out when you request a payout', 'Your own bKash merchant wallet', 'is yours at once', 'You then owe the platform its commission']) {
      expect(en).toContain(s);
    }
  });

  it('shows the own wallet in use with its username, app key and the day it was set, the secrets never filled in, in Bangla and English', async () => {
    const html = bkashPart(await render('bn', <MerchantAccountCard />, { qc: cached(own) }));
    expect(tag(html, 'wallet-current')).toContain('data-mode="own"');
    expect(radio(html, 'own')).toContain('checked');
    expect(text(html)).toContain('এখন: আপনার নিজের bKash মার্চেন্ট ওয়ালেট');
    expect(text(html)).toContain('ইউজারনেম: dhaka-wallet · ৭ মার্চ, ২০২৬ থেকে');
    const username = input(html, 'wallet-username');
    expect(username).toContain('value="dhaka-wallet"');
    expect(username).toContain('font-family:monospace');
    expect(username).toContain('required');
    const appKey = input(html, 'wallet-app-key');
    expect(appKey).toContain('value="app_KEY-12"');
    expect(appKey).toContain('font-family:monospace');
    for (const id of ['wallet-password', 'wallet-app-secret']) {
      const secret = input(html, id);
      expect(secret, id).toContain('type="password"');
      expect(secret, id).toContain('autoComplete="new-password"');
      expect(secret, id).toContain('value=""');
      // The wallet in use: its secrets may be left empty.
      expect(secret, id).not.toContain('required');
    }
    expect(text(html)).toContain('সংরক্ষিত পাসওয়ার্ড ও অ্যাপ সিক্রেট রাখতে দুটি ঘরই ফাঁকা রাখুন');
    // Nothing changed yet: nothing to save.
    expect(tag(html, 'wallet-save')).toContain('disabled');
    // The store's form is the SSLCommerz part's own.
    expect(html).not.toContain('id="merchant-store-id"');

    const en = text(bkashPart(await render('en', <MerchantAccountCard />, { qc: cached(own) })));
    expect(en).toContain('Now: your own bKash merchant wallet');
    expect(en).toContain('Username: dhaka-wallet · set on 7 Mar 2026');
    expect(en).toContain('Leave both the password and the app secret empty to keep the saved ones');
  });

  it('opens Save only when something changed, and asks for both secrets for a new username', async () => {
    expect(walletUnchanged(walletValues(own), own)).toBe(true);
    expect(walletUnchanged(walletValues(platform), platform)).toBe(true);
    expect(walletUnchanged({ ...walletValues(own), username: ' dhaka-wallet ' }, own)).toBe(true);
    expect(walletUnchanged({ ...walletValues(own), app_key: 'new-key' }, own)).toBe(false);
    expect(walletUnchanged({ ...walletValues(own), password: 'p', app_secret: 's' }, own)).toBe(false);
    expect(walletUnchanged({ ...walletValues(own), mode: 'platform' }, own)).toBe(false);
    expect(walletUnchanged({ ...walletValues(own), username: 'other-wallet' }, own)).toBe(false);
    expect(keepsSecrets(ownValues({ username: ' dhaka-wallet ' }), own)).toBe(true);
    expect(keepsSecrets(ownValues({ username: 'other-wallet' }), own)).toBe(false);
    expect(keepsSecrets(ownValues(), platform)).toBe(false);

    const changed = await render('en', <WalletAccountForm saved={own} values={{ ...walletValues(own), app_key: 'new-key' }} errors={{}} busy={false} onChange={noop} onSubmit={noop} />);
    expect(tag(changed, 'wallet-save')).not.toContain('disabled');

    // Chosen but not saved yet: the fields are there, empty, all four asked for, and Save is open.
    const fresh = await render('en', <WalletAccountForm saved={platform} values={{ ...walletValues(platform), mode: 'own' }} errors={{}} busy={false} onChange={noop} onSubmit={noop} />);
    expect(radio(fresh, 'own')).toContain('checked');
    for (const id of ['wallet-username', 'wallet-app-key', 'wallet-password', 'wallet-app-secret']) {
      expect(input(fresh, id), id).toContain('value=""');
      expect(input(fresh, id), id).toContain('required');
    }
    expect(text(fresh)).toContain('The API password. Checked with bKash before it is saved, then stored encrypted. It is never shown again.');
    expect(text(fresh)).not.toContain('Leave both');
    expect(tag(fresh, 'wallet-save')).not.toContain('disabled');

    // While bKash checks the wallet.
    const busy = await render('bn', <WalletAccountForm saved={platform} values={ownValues()} errors={{}} busy onChange={noop} onSubmit={noop} />);
    expect(tag(busy, 'wallet-save')).toContain('disabled');
    expect(input(busy, 'wallet-password')).toContain('disabled');
    expect(text(busy)).toContain('bKash-এ যাচাই করা হচ্ছে…');
    expect(text(await render('en', <WalletAccountForm saved={platform} values={ownValues()} errors={{}} busy onChange={noop} onSubmit={noop} />))).toContain('Checking with bKash…');
  });

  it('refuses before sending: the username and app key required and of the gateway\'s characters, the secrets together', async () => {
    expect(walletProblems(ownValues({ username: '  ' }))).toEqual({ username: 'required' });
    expect(walletProblems(ownValues({ username: 'dhaka wallet!' }))).toEqual({ username: 'store_id_invalid' });
    expect(walletProblems(ownValues({ app_key: '' }))).toEqual({ app_key: 'required' });
    expect(walletProblems(ownValues({ app_key: 'key/1' }))).toEqual({ app_key: 'store_id_invalid' });
    expect(walletProblems(ownValues({ password: '' }))).toEqual({ password: 'required' });
    expect(walletProblems(ownValues({ app_secret: '  ' }))).toEqual({ app_secret: 'required' });
    // Both empty: the kept ones (the server knows whether this username has any).
    expect(walletProblems(ownValues({ password: '', app_secret: '' }))).toEqual({});
    expect(walletProblems(ownValues())).toEqual({});
    expect(walletProblems({ mode: 'platform', username: 'x y', app_key: '', password: 'p', app_secret: '' })).toEqual({});

    const v = ownValues({ username: 'dhaka wallet!', app_key: '', app_secret: '' });
    const bn = await render('bn', <Shown saved={platform} v={v} problems={walletProblems(v)} />);
    expect(input(bn, 'wallet-username')).toContain('aria-invalid="true"');
    expect(input(bn, 'wallet-app-key')).toContain('aria-invalid="true"');
    expect(input(bn, 'wallet-password')).toContain('aria-invalid="false"');
    expect(input(bn, 'wallet-app-secret')).toContain('aria-invalid="true"');
    expect(text(bn)).toContain('এখানে শুধু ইংরেজি অক্ষর, সংখ্যা, - বা _ ব্যবহার করা যাবে।');
    expect(text(bn)).toContain('এই ঘরটি পূরণ করা আবশ্যক।');
    // Not a store's words on a wallet's field.
    expect(text(bn)).not.toContain('স্টোর আইডি');
    const en = text(await render('en', <Shown saved={platform} v={v} problems={walletProblems(v)} />));
    expect(en).toContain('Only letters, digits, - or _ can be used here.');
    expect(en).toContain('This field is required.');
  });

  it('sends the own wallet with new secrets as typed (the ids trimmed) and shows what the server kept', async () => {
    const fetchMock = stubFetch(() => json({ data: own }));
    const qc = cached(platform);
    await runMutation(saveWalletMutation(qc), ownValues({ username: ' dhaka-wallet ', app_key: ' app_KEY-12' }), qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/merchant');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ gateway: 'bkash', mode: 'own', username: 'dhaka-wallet', app_key: 'app_KEY-12', password: 'wallet-pass', app_secret: 'wallet-secret' });
    expect(qc.getQueryData(paymentKeys.merchant)).toEqual(own);
    // After the save the form shows the wallet kept, its secrets empty again.
    expect(walletValues(own)).toEqual({ mode: 'own', username: 'dhaka-wallet', app_key: 'app_KEY-12', password: '', app_secret: '' });
  });

  it('sends the kept wallet without secrets, keeping the saved ones', async () => {
    const fetchMock = stubFetch(() => json({ data: own }));
    const qc = cached(own);
    await runMutation(saveWalletMutation(qc), ownValues({ app_key: 'new-key', password: '', app_secret: '' }), qc);
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toEqual({ gateway: 'bkash', mode: 'own', username: 'dhaka-wallet', app_key: 'new-key', password: '', app_secret: '' });
    expect(walletBody(ownValues({ password: '', app_secret: '' }))).toEqual({ mode: 'own', username: 'dhaka-wallet', app_key: 'app_KEY-12', password: '', app_secret: '' });
  });

  it("switches back to the platform's wallet with the mode alone", async () => {
    const fetchMock = stubFetch(() => json({ data: platform }));
    const qc = cached(own);
    await runMutation(saveWalletMutation(qc), { ...ownValues(), mode: 'platform' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/accounts/merchant');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ gateway: 'bkash', mode: 'platform' });
    expect(qc.getQueryData(paymentKeys.merchant)).toEqual(platform);

    // Chosen but not saved yet: the wallet fields go, and Save is open.
    const html = await render('en', <WalletAccountForm saved={own} values={{ ...walletValues(own), mode: 'platform' }} errors={{}} busy={false} onChange={noop} onSubmit={noop} />);
    expect(radio(html, 'platform')).toContain('checked');
    expect(input(html, 'wallet-username')).toBe('');
    expect(tag(html, 'wallet-save')).not.toContain('disabled');
    expect(text(html)).toContain('Save');
  });

  it('shows bKash refusing the wallet on the password field, in Bangla and English', async () => {
    // As the API answers a Bangla interface: a validation error whose password entry is the translated message.
    const message = 'bKash এই ইউজারনেম, পাসওয়ার্ড, অ্যাপ কি ও অ্যাপ সিক্রেট গ্রহণ করেনি।';
    stubFetch(() => json({ message: 'তথ্য সঠিক নয়।', code: 'validation_failed', errors: { password: [message] } }, 422));
    const v = ownValues({ password: 'guess' });
    const err = await runMutation(saveWalletMutation(new QueryClient()), v).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const html = await render('bn', <Shown err={err} saved={platform} v={v} />);
    expect(input(html, 'wallet-password')).toContain('aria-invalid="true"');
    for (const id of ['wallet-username', 'wallet-app-key', 'wallet-app-secret']) expect(input(html, id), id).toContain('aria-invalid="false"');
    expect(text(html)).toContain(message);
    expect(tag(html, 'wallet-form-error')).toBe('');
    // What was typed stays.
    expect(input(html, 'wallet-username')).toContain('value="dhaka-wallet"');

    // The code itself, as the answer's code or the field's entry: in our own words.
    const coded = new ApiError(422, 'x', 'wallet_credentials_refused', { password: ['bKash did not accept this username, password, app key and app secret.'] });
    expect(text(await render('bn', <Shown err={coded} saved={platform} v={v} />))).toContain(message);
    const entry = new ApiError(422, 'x', 'validation_failed', { password: ['wallet_credentials_refused'] });
    expect(text(await render('en', <Shown err={entry} saved={platform} v={v} />))).toContain('bKash did not accept this username, password, app key and app secret.');
    // The server asking for the secrets of a username it never kept.
    const required = new ApiError(422, 'x', 'validation_failed', { password: ['required'] });
    const asked = await render('en', <Shown err={required} saved={platform} v={ownValues({ password: '', app_secret: '' })} />);
    expect(input(asked, 'wallet-password')).toContain('aria-invalid="true"');
    expect(text(asked)).toContain('This field is required.');
  });

  it('says bKash could not be reached, keeping what was typed', async () => {
    stubFetch(() => json({ message: 'x', code: 'payment_gateway_unavailable', errors: {} }, 502));
    const v = ownValues();
    const err = await runMutation(saveWalletMutation(new QueryClient()), v).catch((e: unknown) => e);
    expect(gatewayUnreached(err)).toBe(true);
    const en = await render('en', <Shown err={err} saved={platform} v={v} />);
    expect(tag(en, 'wallet-form-error')).not.toBe('');
    expect(text(en)).toContain('bKash could not be reached to check the wallet. Nothing was changed and what you typed is still here');
    expect(input(en, 'wallet-username')).toContain('value="dhaka-wallet"');
    expect(input(en, 'wallet-password')).toContain('value="wallet-pass"');
    const bn = await render('bn', <Shown err={err} saved={platform} v={v} />);
    expect(text(bn)).toContain('ওয়ালেটটি যাচাই করতে bKash-এ পৌঁছানো যায়নি।');

    // bKash not set up on the platform: the server's reason, above the button.
    const off = await render('en', <Shown err={new ApiError(503, 'x', 'payments_not_configured', {})} saved={platform} v={v} />);
    expect(text(off)).toContain('Online payment is not available on this site yet.');
  });
});
