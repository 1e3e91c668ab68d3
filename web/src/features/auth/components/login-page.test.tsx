import { cloneElement, type ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import type { Lang } from '../../../lib/lang';
import { errorText, fetchCall, href, json, memoryStorage, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { signedInUser, testSession } from '../../../lib/test-session';
import { fieldErrorsOf } from '../../../lib/use-error-text';
import type { AuthResult } from '../api/auth-api';
import { loginMutation } from '../hooks/login';
import LoginPage from './login-page';

// Signed in as `testSession.user` (the rest of lib/session as it is).
vi.mock('../../../lib/session', async (real) => ({ ...(await real<object>()), ...(await import('../../../lib/test-session')) }));

const karim: AuthResult = { token: 'karim-bearer', user: { ...signedInUser(8, null), name: 'Karim Uddin' } };
const page = (lang: Lang, at: string) => render(lang, <LoginPage />, { at });

/** Logs in with the form's values against a stubbed login; the request's body and what signIn was called with. */
async function logIn(addAccount: boolean) {
  const fetchMock = stubFetch(() => json({ data: karim }));
  const signIn = vi.fn();
  await runMutation(loginMutation(addAccount, signIn), { email: 'karim@example.com', password: 'karim-pass-1' });
  const [url, init] = fetchCall(fetchMock);
  expect(url).toBe('/my-account/user/login');
  expect(init.method).toBe('POST');
  return { body: JSON.parse(String(init.body)) as unknown, headers: init.headers as Record<string, string>, signIn };
}

beforeEach(() => {
  testSession.user = null;
  testSession.loading = false;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adding another account on the login page', () => {
  it('signed in, with ?add_account=1: says who stays signed in, and leaves out the ways that add no account', async () => {
    testSession.user = { ...signedInUser(3, null), name: 'Rina Das', name_bn: 'রিনা দাস' };
    const en = await page('en', '/login?add_account=1');
    expect(tag(en, 'add-account-note')).not.toBe('');
    expect(text(en)).toContain('You stay signed in as Rina Das on this device; sign in to another account to add it.');
    expect(en).toMatch(/<h1[^>]*>Add another account<\/h1>/);
    expect(tag(en, 'login-submit')).toContain('type="submit"');
    // Signing up, a forgotten password (both pages send a signed-in visitor away) and the outside sign-ins add no account.
    expect(tag(en, 'login-to-registration')).toBe('');
    expect(tag(en, 'login-forgot-password')).toBe('');
    expect(tag(en, 'sso-buttons')).toBe('');

    const bn = text(await page('bn', '/login?add_account=1'));
    expect(bn).toContain('এই ডিভাইসে আপনি রিনা দাস হিসেবে লগইন করা অবস্থায় থাকবেন; আরেকটি অ্যাকাউন্ট যোগ করতে সেটিতে লগইন করুন।');
    expect(bn).toContain('আরেকটি অ্যাকাউন্ট যোগ করুন');
  });

  it('without a sign-in, ignores ?add_account=1: the plain login page', async () => {
    const html = await page('en', '/login?add_account=1');
    expect(tag(html, 'add-account-note')).toBe('');
    expect(html).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
    expect(href(html, 'login-to-registration')).toBe('/registration');
    expect(tag(html, 'login-forgot-password')).not.toBe('');
    // Signed in without asking to add one: no note either (the route sends such a visitor on).
    testSession.user = signedInUser(3, null);
    expect(tag(await page('en', '/login'), 'add-account-note')).toBe('');
  });

  it('sends add_account: true with the login when adding, nothing more otherwise, then signs in as usual', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'rina-bearer' }));
    const adding = await logIn(true);
    expect(adding.body).toEqual({ email: 'karim@example.com', password: 'karim-pass-1', add_account: true });
    // The current token tells the server which device's accounts it joins.
    expect(adding.headers.Authorization).toBe('Bearer rina-bearer');
    expect(adding.signIn).toHaveBeenCalledWith(karim);

    const plain = await logIn(false);
    expect(plain.body).toEqual({ email: 'karim@example.com', password: 'karim-pass-1' });
    expect(plain.signIn).toHaveBeenCalledWith(karim);
  });

  it('shows a full device (422 device_accounts_full) on the e-mail field, in the server’s words', async () => {
    const message = 'This device already has 5 accounts signed in. Sign one of them out first.';
    stubFetch(() => json({ message, code: 'device_accounts_full', errors: { email: [message] } }, 422));
    const signIn = vi.fn();
    const err = await runMutation(loginMutation(true, signIn), { email: 'karim@example.com', password: 'karim-pass-1' }).catch((e: unknown) => e);
    expect(signIn).not.toHaveBeenCalled();
    expect(fieldErrorsOf(err)).toEqual({ email: message });
    expect(await errorText('en', err)).toBe(message);
  });

  it('is not sent away from /login when signed in and adding an account; is otherwise', async () => {
    const login = matchRoutes(routes, '/login')!.at(-1)!.route.element as ReactElement;
    // The route's guard around a stand-in for the (lazy) page.
    const guarded = (at: string) => render('en', cloneElement(login, undefined, <p data-testid="login-page" />), { at });
    testSession.user = signedInUser(3, null);
    expect(tag(await guarded('/login?add_account=1'), 'login-page')).not.toBe('');
    expect(tag(await guarded('/login'), 'login-page')).toBe('');
    expect(tag(await guarded('/login?add_account=0'), 'login-page')).toBe('');
    testSession.user = null;
    expect(tag(await guarded('/login'), 'login-page')).not.toBe('');
    // Signing up stays for visitors only.
    const registration = matchRoutes(routes, '/registration')!.at(-1)!.route.element as ReactElement;
    testSession.user = signedInUser(3, null);
    expect(tag(await render('en', cloneElement(registration, undefined, <p data-testid="reg-page" />), { at: '/registration?add_account=1' }), 'reg-page')).toBe('');
  });
});
