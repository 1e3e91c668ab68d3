import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/auth-storage';
import { ME_KEY } from '../../../lib/session';
import { fetchCall, json, memoryStorage, render, stubFetch, text } from '../../../lib/test-render';
import type { UserInfo } from '../../../lib/types';
import { logOut } from '../hooks/sign-out';
import LogoutPage from './logout-page';

const user: UserInfo = { id: 7, name: 'Sadia Islam', email: 'sadia@example.com', phone: null, email_verified: true, phone_verified: false, photo: null, roles: [], currentrole: null, sso: null };

/** A client with the signed-in user read (as any page before /logout has). */
function signedIn(u: UserInfo) {
  const qc = new QueryClient();
  qc.setQueryData([...ME_KEY, 'bearer'], u);
  return qc;
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('localStorage', memoryStorage({ token: 'bearer', 'Role-id': '12' }));
  vi.stubGlobal('window', { location: { assign } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logging out', () => {
  it('shows the loader meanwhile', async () => {
    expect(text(await render('en', <LogoutPage />, { at: '/logout' }))).toContain('Logging you out…');
  });

  it('of a session from myGov or Google: calls idp-logout instead of logout, clears this browser’s session, and goes to the provider’s logout page', async () => {
    const fetchMock = stubFetch(() => json({ data: { url: 'https://mygov.example/logout?post_logout_redirect_uri=http%3A%2F%2Fdhaka.localhost%2F' } }));
    const qc = signedIn({ ...user, sso: { provider: 'mygov' } });
    const home = vi.fn();
    await logOut(qc, home);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/idp-logout');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bearer');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('Role-id')).toBeNull();
    expect(qc.getQueryData([...ME_KEY, 'bearer'])).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('https://mygov.example/logout?post_logout_redirect_uri=http%3A%2F%2Fdhaka.localhost%2F');
    expect(home).not.toHaveBeenCalled();
  });

  it('of a session from Facebook (no logout page): ends it with idp-logout and goes home as usual', async () => {
    const fetchMock = stubFetch(() => json({ data: { url: null } }));
    const home = vi.fn();
    await logOut(signedIn({ ...user, sso: { provider: 'facebook' } }), home);
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/user/idp-logout');
    expect(getToken()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(home).toHaveBeenCalledTimes(1);
  });

  it('of a password session: logout as before, home with the notice', async () => {
    const fetchMock = stubFetch(() => json({ data: { ok: true } }));
    const home = vi.fn();
    await logOut(signedIn(user), home);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/logout');
    expect(init.method).toBe('POST');
    expect(getToken()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(home).toHaveBeenCalledTimes(1);
  });

  it('opened straight (the user not read yet): reads the user first; a failing server still logs out here', async () => {
    const answers = [json({ data: { ...user, sso: { provider: 'google' } } }), json({ data: { url: 'https://accounts.google.example/logout' } })];
    const fetchMock = stubFetch(() => answers.shift()!);
    await logOut(new QueryClient(), vi.fn());
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/user', '/my-account/user/idp-logout']);
    expect(assign).toHaveBeenCalledWith('https://accounts.google.example/logout');

    localStorage.setItem('token', 'bearer');
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const home = vi.fn();
    await logOut(signedIn({ ...user, sso: { provider: 'mygov' } }), home);
    expect(getToken()).toBeNull();
    expect(home).toHaveBeenCalledTimes(1);

    // Not signed in: nothing to call.
    const none = stubFetch(() => json({}));
    await logOut(new QueryClient(), home);
    expect(none).not.toHaveBeenCalled();
    expect(home).toHaveBeenCalledTimes(2);
  });
});
