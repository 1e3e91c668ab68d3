import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText, fetchCall, json, memoryStorage, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { SsoProvider } from '../../auth/api/auth-api';
import { peekReturn, ssoProvidersQuery, startSsoMutation } from '../../auth/hooks/sso';
import { deleteIdentity, getIdentities, type Identity, type Profile } from '../api/profile-api';
import { identitiesKey, profileKey, unlinkIdentityMutation } from '../hooks/use-profile';
import AccountSettingsPage from './account-settings-page';
import { LinkedSignInsCard } from './linked-sign-ins';
import { ACCOUNT_SETTINGS } from './profile-tabs';

const PROVIDERS: SsoProvider[] = [
  { id: 'mygov', name: 'myGov' },
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
];
const mygov: Identity = { id: 5, provider: 'mygov', login: '01712345678', created_at: '2026-03-04T10:00:00Z' };
const google: Identity = { id: 6, provider: 'google', login: 'sadia@example.com', created_at: '2026-11-20T08:30:00Z' };

const profile: Profile = {
  id: 7,
  name: 'Sadia Islam',
  name_bn: null,
  email: 'sadia@example.com',
  email_verified: true,
  phone: null,
  phone_verified: false,
  photo: null,
  gender: null,
  date_of_birth: null,
  address: null,
  bio: null,
  profession_id: null,
  district_id: null,
  upazila_id: null,
  completeness: 60,
  missing: [],
};

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('localStorage', memoryStorage({ token: 'bearer' }));
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('window', { location: { assign } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (identities: Identity[], providers: SsoProvider[] = PROVIDERS) => <LinkedSignInsCard identities={identities} providers={providers} />;

describe('linked sign-ins in the account settings', () => {
  it('read the linked sign-ins, and unlink one by id', async () => {
    const fetchMock = stubFetch(() => json({ data: [mygov] }));
    await expect(getIdentities()).resolves.toEqual([mygov]);
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/user/identities');
    const del = stubFetch(() => json({ data: { done: true } }));
    await deleteIdentity(5);
    const [url, init] = fetchCall(del);
    expect(url).toBe('/my-account/user/identities/5');
    expect(init.method).toBe('DELETE');
  });

  it('is a section of the account settings page', async () => {
    const qc = new QueryClient();
    // The static render has no token: the keys of a null one.
    qc.setQueryData(profileKey(null), profile);
    qc.setQueryData(identitiesKey(null), [google]);
    qc.setQueryData(ssoProvidersQuery.queryKey, PROVIDERS);
    const html = await render('en', <AccountSettingsPage />, { at: ACCOUNT_SETTINGS, qc });
    expect(tag(html, 'linked-sign-ins')).not.toBe('');
    expect(html).toMatch(/<h2[^>]*>Linked sign-ins<\/h2>/);
    expect(text(html)).toContain('sadia@example.com');
    expect(tag(html, 'account-email')).not.toBe('');
    expect(text(await render('bn', <AccountSettingsPage />, { at: ACCOUNT_SETTINGS, qc }))).toContain('যুক্ত করা প্রবেশপথ');
  });

  it('lists each with its provider, login and the day it was linked, in the interface language', async () => {
    const html = await render('en', card([mygov, google]));
    const list = text(html);
    expect(list).toMatch(/myGov 01712345678 Linked on 4 Mar 2026/);
    expect(list).toMatch(/Google sadia@example\.com Linked on 20 Nov 2026/);
    expect(tag(html, 'unlink-5')).toMatch(/^<button/);
    expect(tag(html, 'unlink-5')).toContain('aria-label="Unlink myGov"');
    expect(tag(html, 'linked-empty')).toBe('');
    // Linked ones are not offered again; the others this server offers are.
    expect(tag(html, 'link-mygov')).toBe('');
    expect(tag(html, 'link-google')).toBe('');
    expect(tag(html, 'link-facebook')).toMatch(/^<button/);
    expect(list).toContain('Link Facebook');

    const bn = text(await render('bn', card([mygov])));
    expect(bn).toContain('মাইগভ');
    expect(bn).toContain('৪ মার্চ, ২০২৬ তারিখে যুক্ত করা হয়েছে');
    expect(bn).toContain('সংযোগ বিচ্ছিন্ন করুন');
    expect(bn).toContain('গুগল যুক্ত করুন');
    expect(bn).toContain('ফেসবুক যুক্ত করুন');
  });

  it('says when none is linked, and offers only the providers this server has', async () => {
    const html = await render('en', card([], [PROVIDERS[0]]));
    expect(tag(html, 'linked-empty')).not.toBe('');
    expect(text(html)).toContain('No other way of signing in is linked to your account yet.');
    expect(tag(html, 'link-mygov')).not.toBe('');
    expect(text(html)).toContain('Link myGov');
    expect(tag(html, 'link-google')).toBe('');
    const none = await render('bn', card([], []));
    expect(text(none)).toContain('আপনার অ্যাকাউন্টে এখনো অন্য কোনো প্রবেশপথ যুক্ত করা হয়নি।');
    expect(none).not.toContain('data-testid="link-');
  });

  it('unlinks after confirming: the list loses it at once', async () => {
    const fetchMock = stubFetch(() => json({ data: { done: true } }));
    const qc = new QueryClient();
    qc.setQueryData(identitiesKey('bearer'), [mygov, google]);
    const done = vi.fn();
    await runMutation(unlinkIdentityMutation(qc, done), 5, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/identities/5');
    expect(init.method).toBe('DELETE');
    expect(qc.getQueryData(identitiesKey('bearer'))).toEqual([google]);
    expect(done).toHaveBeenCalledWith(5);
  });

  it('says why the last way in cannot be unlinked', async () => {
    stubFetch(() => json({ message: 'Last way in', code: 'last_way_in', errors: {} }, 409));
    const qc = new QueryClient();
    qc.setQueryData(identitiesKey('bearer'), [mygov]);
    const done = vi.fn();
    const err = await runMutation(unlinkIdentityMutation(qc, done), 5, qc).catch((e: unknown) => e);
    expect(done).not.toHaveBeenCalled();
    expect(qc.getQueryData(identitiesKey('bearer'))).toEqual([mygov]);
    expect(await errorText('en', err)).toBe('Set a password first: this is the only way into your account.');
    expect(await errorText('bn', err)).toBe('আগে একটি পাসওয়ার্ড ঠিক করুন: আপনার অ্যাকাউন্টে প্রবেশের এটিই একমাত্র উপায়।');
  });

  it('links another: starts the provider’s sign-in with link: true, coming back to the account settings', async () => {
    const fetchMock = stubFetch(() => json({ data: { url: 'https://www.facebook.example/dialog/oauth?state=s1' } }));
    await runMutation(startSsoMutation('link', ACCOUNT_SETTINGS), 'facebook');
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/sociallogin');
    expect(JSON.parse(String(init.body))).toEqual({ provider: 'facebook', link: true });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bearer');
    expect(peekReturn()).toBe('/profile/account-setting');
    expect(assign).toHaveBeenCalledWith('https://www.facebook.example/dialog/oauth?state=s1');

    const mygovStart = stubFetch(() => json({ data: { url: 'https://mygov.example/authorize' } }));
    await runMutation(startSsoMutation('link', ACCOUNT_SETTINGS), 'mygov');
    expect(fetchCall(mygovStart)[0]).toBe('/my-account/user/mygov/login');
    expect(JSON.parse(String(fetchCall(mygovStart)[1].body))).toEqual({ link: true });
  });
});
