import { MenuList } from '@mui/material';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SideNav } from '../../../components/layouts/side-nav';
import { loadDeferredMui } from '../../../components/ui/deferred-mui';
import { api } from '../../../lib/api-client';
import { getRoleHeaders, getToken } from '../../../lib/auth-storage';
import type { Lang } from '../../../lib/lang';
import { ME_KEY } from '../../../lib/session';
import { errorText, fetchCall, href, json, memoryStorage, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { UserInfo } from '../../../lib/types';
import { deviceAccounts, switchAccount, type AuthResult, type DeviceAccount } from '../api/auth-api';
import { deviceAccountsKey, switchAccountMutation } from '../hooks/device-accounts';
import { signInAndGo, storeSession } from '../hooks/use-sign-in';
import { DeviceAccountItem, DeviceAccountsMenuPart } from './device-accounts-menu';

// Signed in as `testSession.user` (the rest of lib/session as it is).
vi.mock('../../../lib/session', async (real) => ({ ...(await real<object>()), ...(await import('../../../lib/test-session')) }));

const ME: DeviceAccount = { id: 3, name: 'Rina Das', name_bn: 'রিনা দাস', photo: null, login: 'r***@example.com', current: true };
const KARIM: DeviceAccount = { id: 8, name: 'Karim Uddin', name_bn: 'করিম উদ্দিন', photo: 'https://cdn.example/karim.jpg', login: '+8801*****678', current: false };
const SADIA: DeviceAccount = { id: 9, name: 'Sadia Islam', name_bn: null, photo: null, login: 's***@example.com', current: false };

const karimUser: UserInfo = { ...signedInUser(8, { id: 31, role: 'teacher', owner_id: 5 }), name: 'Karim Uddin' };
const SWITCHED: AuthResult = { token: 'karim-bearer', user: karimUser };

/** Drawn as in the menu (its items need one around them). */
const inMenu = (node: ReactNode) => <MenuList>{node}</MenuList>;

/** The menu's part as drawn once the list of this device's accounts has come. */
const menuPart = (lang: Lang, list: DeviceAccount[]) => {
  const qc = new QueryClient();
  qc.setQueryData(deviceAccountsKey('token'), list);
  return render(lang, inMenu(<DeviceAccountsMenuPart onClose={noop} />), { qc });
};

beforeAll(async () => {
  // The menu's items are deferred MUI parts: their code is there once a menu has opened.
  await loadDeferredMui();
});

beforeEach(() => {
  testSession.user = signedInUser(3, null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the accounts on this device in the account menu', () => {
  it('reads the list, and switches with POST switch-account/{id}', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'rina-bearer' }));
    const fetchMock = stubFetch(() => json({ data: [ME, KARIM] }));
    await expect(deviceAccounts()).resolves.toEqual([ME, KARIM]);
    let [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/switch-account');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer rina-bearer');

    const switchMock = stubFetch(() => json({ data: SWITCHED }));
    await expect(switchAccount(8)).resolves.toEqual(SWITCHED);
    [url, init] = fetchCall(switchMock);
    expect(url).toBe('/my-account/user/switch-account/8');
    expect(init.method).toBe('POST');
    // Per token: another account's session reads its own list.
    expect(deviceAccountsKey('a')).not.toEqual(deviceAccountsKey('b'));
  });

  it('lists the other accounts (not the signed-in one) under a heading, each a menu item with its picture or initial, name and masked login', async () => {
    const html = await menuPart('en', [ME, KARIM, SADIA]);
    expect(tag(html, 'device-accounts')).not.toBe('');
    expect(text(html)).toContain('Accounts on this device');
    const items = html.match(/<li\b[^>]*data-testid="device-account"[^>]*>/g) ?? [];
    expect(items.map((i) => /data-account-id="(\d+)"/.exec(i)?.[1])).toEqual(['8', '9']);
    // Reachable with the keyboard as the menu's other items are.
    for (const item of items) expect(item).toContain('role="menuitem"');
    expect(text(html)).toContain('Karim Uddin');
    expect(text(html)).toContain('+8801*****678');
    expect(text(html)).toContain('Sadia Islam');
    expect(text(html)).not.toContain('Rina Das');
    expect(html).toContain('src="https://cdn.example/karim.jpg"');
    // Sadia has no picture: her initial.
    expect(html).toMatch(/MuiAvatar[^>]*>S<\/div>/);

    // In Bangla, the Bangla name when there is one.
    const bn = text(await menuPart('bn', [ME, KARIM, SADIA]));
    expect(bn).toContain('এই ডিভাইসের অ্যাকাউন্টগুলো');
    expect(bn).toContain('করিম উদ্দিন');
    expect(bn).not.toContain('Karim Uddin');
    expect(bn).toContain('Sadia Islam');
  });

  it('offers to add another account, through the login page', async () => {
    const html = await menuPart('en', [ME, KARIM]);
    expect(href(html, 'add-account-link')).toBe('/login?add_account=1');
    expect(tag(html, 'add-account-link')).toContain('role="menuitem"');
    expect(text(html)).toContain('Add another account');
    expect(text(await menuPart('bn', [ME]))).toContain('আরেকটি অ্যাকাউন্ট যোগ করুন');
  });

  it('says that logging out signs out every account when the device has several', async () => {
    const several = await menuPart('en', [ME, KARIM]);
    expect(href(several, 'logout-link')).toBe('/logout');
    expect(text(several)).toContain('Sign out of all accounts');
    expect(text(several)).not.toContain('Log out');
    expect(text(await menuPart('bn', [ME, KARIM]))).toContain('সব অ্যাকাউন্ট থেকে লগআউট');

    // One account: the menu as before, plus "Add another account".
    const one = await menuPart('en', [ME]);
    expect(text(one)).toContain('Log out');
    expect(text(one)).not.toContain('Sign out of all accounts');
    expect(tag(one, 'device-accounts')).toBe('');
    expect(tag(one, 'device-account')).toBe('');
    expect(href(one, 'add-account-link')).toBe('/login?add_account=1');
    // The list not come yet: as with one.
    expect(text(await render('en', inMenu(<DeviceAccountsMenuPart onClose={noop} />)))).toContain('Log out');
  });

  it('says so in the phone drawer’s logout too', async () => {
    const drawer = async (list: DeviceAccount[]) => {
      const qc = new QueryClient();
      qc.setQueryData(deviceAccountsKey('token'), list);
      const html = await render('en', <SideNav mobile />, { qc });
      expect(tag(html, 'side-nav-logout')).not.toBe('');
      return text(html.slice(html.indexOf('data-testid="side-nav-logout"')));
    };
    expect(await drawer([ME, KARIM])).toContain('Sign out of all accounts');
    expect(await drawer([ME])).toContain('Log out');
  });

  it('shows the account being switched to as busy, the others waiting', async () => {
    const pending = await render('en', inMenu(<DeviceAccountItem account={KARIM} pending disabled onSwitch={noop} />));
    const item = tag(pending, 'device-account');
    expect(item).toContain('aria-busy="true"');
    expect(item).toContain('aria-disabled="true"');
    expect(pending).toContain('MuiCircularProgress');
    expect(text(pending)).toContain('Switching…');
    expect(text(pending)).not.toContain('+8801*****678');
    expect(text(await render('bn', inMenu(<DeviceAccountItem account={KARIM} pending disabled onSwitch={noop} />)))).toContain('অ্যাকাউন্ট বদলানো হচ্ছে…');

    const waiting = tag(await render('en', inMenu(<DeviceAccountItem account={SADIA} pending={false} disabled onSwitch={noop} />)), 'device-account');
    expect(waiting).toContain('aria-disabled="true"');
    expect(waiting).not.toContain('aria-busy="true"');
    const idle = tag(await render('en', inMenu(<DeviceAccountItem account={SADIA} pending={false} disabled={false} onSwitch={noop} />)), 'device-account');
    expect(idle).not.toContain('aria-disabled="true"');
  });
});

describe('switching to another account', () => {
  it('stores the new token, drops the previous person’s role headers and everything read as them, and goes to the dashboard', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'rina-bearer', 'Role-id': '12', 'Owner-id': '1' }));
    const seen: string[] = [];
    const fetchMock = stubFetch(() => json({ data: SWITCHED }));
    const qc = new QueryClient();
    qc.setQueryData([...ME_KEY, 'rina-bearer'], signedInUser(3, null));
    qc.setQueryData(deviceAccountsKey('rina-bearer'), [ME, KARIM]);
    // A page on screen showing Rina's figures, and one read earlier.
    qc.setQueryData(['profile', 'info', 'rina-bearer'], { name: 'Rina Das' });
    const figures = new QueryObserver(qc, {
      queryKey: ['figures'],
      queryFn: () => {
        seen.push(getToken() ?? '');
        return api<{ data: unknown }>('/figures');
      },
      staleTime: Infinity,
    });
    qc.setQueryData(['figures'], { data: 'Rina’s figures' });
    const stop = figures.subscribe(noop);

    const navigate = vi.fn();
    const onFailed = vi.fn();
    await runMutation(switchAccountMutation(qc, signInAndGo(qc, navigate, { state: null, search: '' }), onFailed), 8, qc);

    expect(fetchCall(fetchMock)[0]).toBe('/my-account/user/switch-account/8');
    expect(fetchCall(fetchMock)[1].method).toBe('POST');
    expect(getToken()).toBe('karim-bearer');
    // The server acts in the role Karim's session last used; Rina's headers would be refused.
    expect(getRoleHeaders()).toEqual({ roleId: null, ownerId: null });
    expect(qc.getQueryData([...ME_KEY, 'karim-bearer'])).toEqual(karimUser);
    expect(qc.getQueryData([...ME_KEY, 'rina-bearer'])).toBeUndefined();
    expect(qc.getQueryData(['profile', 'info', 'rina-bearer'])).toBeUndefined();
    expect(qc.getQueryData(deviceAccountsKey('rina-bearer'))).toBeUndefined();
    // What is on screen is read again, as Karim.
    expect(figures.getCurrentResult().data).not.toEqual({ data: 'Rina’s figures' });
    await vi.waitFor(() => expect(seen).toEqual(['karim-bearer']));
    stop();
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true, state: undefined });
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('resets what was read only when the session is another person’s (a new session of the same one keeps it)', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'karim-old' }));
    const qc = new QueryClient();
    qc.setQueryData([...ME_KEY, 'karim-old'], karimUser);
    qc.setQueryData(['figures'], { data: 'Karim’s figures' });
    storeSession(qc, SWITCHED);
    expect(getToken()).toBe('karim-bearer');
    expect(qc.getQueryData(['figures'])).toEqual({ data: 'Karim’s figures' });
    expect(qc.getQueryData([...ME_KEY, 'karim-bearer'])).toEqual(karimUser);

    // The signed-in user not read yet: taken for another person.
    vi.stubGlobal('localStorage', memoryStorage({ token: 'unknown' }));
    storeSession(qc, SWITCHED);
    expect(qc.getQueryData(['figures'])).toBeUndefined();
  });

  it('of an account no longer signed in here: says so, reads the list again, and stays', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'rina-bearer' }));
    stubFetch(() => json({ message: 'That account is not signed in on this device.', code: 'account_not_on_device', errors: {} }, 404));
    const qc = new QueryClient();
    qc.setQueryData(deviceAccountsKey('rina-bearer'), [ME, KARIM]);
    const signIn = vi.fn();
    const onFailed = vi.fn();
    const err = await runMutation(switchAccountMutation(qc, signIn, onFailed), 8, qc).catch((e: unknown) => e);
    expect(signIn).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledWith(err);
    expect(qc.getQueryState(deviceAccountsKey('rina-bearer'))?.isInvalidated).toBe(true);
    expect(getToken()).toBe('rina-bearer');
    expect(await errorText('en', err)).toBe('This account is no longer signed in on this device. Add it again to switch to it.');
    expect(await errorText('bn', err)).toBe('এই অ্যাকাউন্টটি এই ডিভাইসে আর লগইন করা নেই। এতে যেতে অ্যাকাউন্টটি আবার যোগ করুন।');

    // Another failure (offline) is told too, the list left as it is.
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const fresh = new QueryClient();
    fresh.setQueryData(deviceAccountsKey('rina-bearer'), [ME, KARIM]);
    await runMutation(switchAccountMutation(fresh, signIn, onFailed), 8, fresh).catch(() => undefined);
    expect(onFailed).toHaveBeenCalledTimes(2);
    expect(fresh.getQueryState(deviceAccountsKey('rina-bearer'))?.isInvalidated).toBe(false);
  });
});
