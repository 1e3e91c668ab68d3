import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { resources } from '../../../i18n/resources';
import { getRoleHeaders, getToken } from '../../../lib/auth-storage';
import type { Lang } from '../../../lib/lang';
import { ME_KEY } from '../../../lib/session';
import { errorText, fetchCall, href, input, json, memoryStorage, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { UserInfo } from '../../../lib/types';
import { verifySso, type SsoAnswer, type SsoLink } from '../api/auth-api';
import { callbackParams, callbackProvider, rememberReturn, ssoCallbackQuery, ssoLinkMutation } from '../hooks/sso';
import { storeSession } from '../hooks/use-sign-in';
import SsoCallbackPage, { SsoLinkCard } from './sso-callback-page';

const user: UserInfo = {
  id: 7,
  name: 'Sadia Islam',
  email: 'sadia@example.com',
  phone: null,
  email_verified: true,
  phone_verified: false,
  photo: null,
  roles: [],
  currentrole: null,
  sso: { provider: 'google' },
};
const SIGNED_IN: SsoAnswer = { token: 'sso-bearer', user, created: false };
const LINK: SsoLink = { token: 'link-token', login: 'sadia@example.com', provider: 'google' };
const refusal = (code: string, status: number) => () => json({ message: `Refused: ${code}`, code, errors: {} }, status);

/** A client that has already finished sign-in `c1`/`s1` with the stubbed answer (the page does not call again on mount). */
const finished = (answer: () => Response) => prefetched(ssoCallbackQuery('c1', 's1', noop), answer);
const page = (lang: Lang, at: string, qc?: QueryClient) => render(lang, <SsoCallbackPage />, { at, qc });

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outside sign-in’s callback page', () => {
  it('is served at /sso, /GLogin, /facebooklogin and /social-login, one lazy page open whether signed in or not', () => {
    const element = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.element as ReactElement;
    const pages = ['/sso', '/GLogin', '/facebooklogin', '/social-login'].map((p) => element(`${p}?code=c1&state=s1`));
    expect(new Set(pages.map((e) => e.type)).size).toBe(1);
    // The page itself, not behind GuestOnly (a link started from the account settings comes back signed in).
    expect((pages[0].type as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    expect(matchRoutes(routes, '/sso')?.at(-1)?.route.path).toBe('sso');
    expect(callbackProvider('/sso')).toBe('mygov');
    expect(callbackProvider('/GLogin')).toBe('google');
    expect(callbackProvider('/facebooklogin/')).toBe('facebook');
    expect(callbackProvider('/social-login')).toBeNull();
    expect(callbackParams('?code=%20c1&state=s1')).toEqual({ code: 'c1', state: 's1', error: null });
  });

  it('finishes with verification-by-sso, the code as its token, showing "Signing you in…" meanwhile', async () => {
    const fetchMock = stubFetch(() => json({ data: SIGNED_IN }));
    await expect(verifySso('c 1', 's1')).resolves.toEqual(SIGNED_IN);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/verification-by-sso?token=c+1&state=s1');
    expect(init.method).toBe('GET');
    const query = ssoCallbackQuery('c1', 's1', noop);
    expect(query.retry).toBe(false);
    expect(query.gcTime).toBe(0);

    const html = await page('en', '/GLogin?code=c1&state=s1');
    expect(tag(html, 'sso-signing-in')).toContain('role="status"');
    expect(text(html)).toContain('Signing you in…');
    expect(text(await page('bn', '/sso?code=c1&state=s1'))).toContain('আপনার প্রবেশ সম্পন্ন করা হচ্ছে…');
  });

  it('signs in as the password login does and goes where the start remembered, forgetting it', async () => {
    rememberReturn('/course/details/u1', 'google');
    stubFetch(() => json({ data: SIGNED_IN }));
    const signIn = vi.fn();
    await new QueryClient().fetchQuery(ssoCallbackQuery('c1', 's1', signIn));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledWith(SIGNED_IN, '/course/details/u1');
    expect(sessionStorage.getItem('sso-return')).toBeNull();
    // Nothing remembered (another tab started it): the dashboard.
    await new QueryClient().fetchQuery(ssoCallbackQuery('c2', 's2', signIn));
    expect(signIn).toHaveBeenLastCalledWith(SIGNED_IN, '/dashboard');
    // A remembered target that is not a same-site path is not followed.
    rememberReturn('//evil.example', 'google');
    await new QueryClient().fetchQuery(ssoCallbackQuery('c3', 's3', signIn));
    expect(signIn).toHaveBeenLastCalledWith(SIGNED_IN, '/dashboard');

    // What signing in stores (useSignIn, then navigate(to, { replace: true })): the token, the user, the default role.
    localStorage.setItem('Role-id', '12');
    const qc = new QueryClient();
    storeSession(qc, SIGNED_IN as { token: string; user: UserInfo });
    expect(getToken()).toBe('sso-bearer');
    expect(qc.getQueryData([...ME_KEY, 'sso-bearer'])).toEqual(user);
    expect(getRoleHeaders().roleId).toBeNull();

    // Signed in, the page waits for the next one to show.
    expect(tag(await page('en', '/GLogin?code=c1&state=s1', await finished(() => json({ data: SIGNED_IN }))), 'sso-signing-in')).not.toBe('');
  });

  it('calls verification exactly once under StrictMode (subscribed, unsubscribed and subscribed again)', async () => {
    const fetchMock = stubFetch(() => json({ data: SIGNED_IN }));
    const signIn = vi.fn();
    const qc = new QueryClient();
    const options = ssoCallbackQuery('c1', 's1', signIn);
    // StrictMode runs the page's effects twice: the query's observer subscribes, unsubscribes and
    // subscribes again; its render runs twice too, making a second observer.
    const observer = new QueryObserver(qc, options);
    const unsubscribe = observer.subscribe(noop);
    unsubscribe();
    new QueryObserver(qc, options);
    const again = observer.subscribe(noop);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(SIGNED_IN));
    // Rendering again with the answer there (and the page re-rendering on sign-in) calls nothing more.
    const later = new QueryObserver(qc, options).subscribe(noop);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledTimes(1);
    again();
    later();
  });

  it('offers to link an existing account with its password, then signs in', async () => {
    const html = await page('en', '/GLogin?code=c1&state=s1', await finished(() => json({ data: { link: LINK } })));
    expect(html).toMatch(/<h1[^>]*>Link your Google sign-in<\/h1>/);
    expect(text(html)).toContain('An account with sadia@example.com already exists here. Enter its password to link them; from then on either way signs you in.');
    const password = input(html, 'sso-link-password');
    expect(password).toContain('type="password"');
    expect(password).toContain('autoComplete="current-password"');
    expect(password).toMatch(/autofocus/i);
    expect(tag(html, 'sso-link-submit')).toContain('type="submit"');
    expect(text(html)).toContain('Link and sign in');
    expect(href(html, 'sso-link-cancel')).toBe('/login');
    expect(text(html)).toContain('Cancel');

    const bn = text(await render('bn', <SsoLinkCard link={{ ...LINK, provider: 'mygov' }} />));
    expect(bn).toContain('আপনার মাইগভ অ্যাকাউন্ট যুক্ত করুন');
    expect(bn).toContain('যুক্ত করে প্রবেশ করুন');

    rememberReturn('/course/details/u1', 'google');
    const fetchMock = stubFetch(() => json({ data: { token: 'linked-bearer', user } }));
    const signIn = vi.fn();
    await runMutation(ssoLinkMutation(LINK, signIn), 'my-password');
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'sadia@example.com', password: 'my-password', link: 'link-token' });
    expect(signIn).toHaveBeenCalledWith({ token: 'linked-bearer', user }, '/course/details/u1');
  });

  it('says a wrong password as logging in does', async () => {
    stubFetch(refusal('invalid_credentials', 401));
    const signIn = vi.fn();
    const err = await runMutation(ssoLinkMutation(LINK, signIn), 'wrong').catch((e: unknown) => e);
    expect(signIn).not.toHaveBeenCalled();
    expect(await errorText('en', err)).toBe('The e-mail/phone or password is wrong.');
    expect(await errorText('bn', err)).toBe('ই-মেইল/ফোন অথবা পাসওয়ার্ড ভুল।');
  });

  it('says why finishing failed, naming the provider, with the way back to log in', async () => {
    const failed = async (lang: Lang, at: string, answer: () => Response) => {
      const html = await page(lang, at, await finished(answer));
      expect(tag(html, 'sso-failed')).not.toBe('');
      expect(href(html, 'sso-to-login')).toMatch(/^\/login(\?redirect=|$)/);
      return text(html);
    };
    const expired = await failed('en', '/sso?code=c1&state=s1', refusal('sso_state_invalid', 422));
    expect(expired).toContain('This sign-in has expired or was already used. Please start again.');
    expect(expired).toContain('Back to log in');
    expect(await failed('en', '/sso?code=c1&state=s1', refusal('sso_rejected', 401))).toContain('myGov could not confirm who you are. Please try again.');
    expect(await failed('en', '/GLogin?code=c1&state=s1', refusal('sso_unavailable', 502))).toContain('Could not reach Google. Please try again in a moment.');
    expect(await failed('en', '/facebooklogin?code=c1&state=s1', refusal('sso_rejected', 401))).toContain('Facebook could not confirm who you are.');
    expect(await failed('en', '/sso?code=c1&state=s1', refusal('sso_provider_unknown', 404))).toContain('This way of signing in is not offered here.');
    // Anything else: the app's usual text.
    expect(await failed('en', '/sso?code=c1&state=s1', () => json({ message: 'Boom' }, 500))).toContain('The server had a problem. Please try again later.');

    const bn = await failed('bn', '/sso?code=c1&state=s1', refusal('sso_rejected', 401));
    expect(bn).toContain('মাইগভ আপনার পরিচয় নিশ্চিত করতে পারেনি। আবার চেষ্টা করুন।');
    expect(bn).toContain('লগইনে ফিরে যান');
    expect(await failed('bn', '/sso?code=c1&state=s1', refusal('sso_state_invalid', 422))).toContain('এই প্রবেশের মেয়াদ শেষ হয়ে গেছে অথবা এটি আগেই ব্যবহার করা হয়েছে।');

    // /social-login does not say which provider: the one remembered at the start, else no name.
    rememberReturn('/course/details/u1', 'facebook');
    const remembered = await failed('en', '/social-login?code=c1&state=s1', refusal('sso_unavailable', 502));
    expect(remembered).toContain('Could not reach Facebook.');
    expect(href(await page('en', '/social-login?code=c1&state=s1', await finished(refusal('sso_unavailable', 502))), 'sso-to-login')).toBe('/login?redirect=%2Fcourse%2Fdetails%2Fu1');
    sessionStorage.clear();
    expect(await failed('en', '/social-login?code=c1&state=s1', refusal('sso_unavailable', 502))).toContain('Could not reach the sign-in service.');

    for (const lang of ['en', 'bn'] as const) {
      for (const code of ['sso_state_invalid', 'sso_rejected', 'sso_unavailable', 'sso_provider_unknown', 'last_way_in']) expect(resources[lang].errors[code], `${lang} ${code}`).toBeTruthy();
    }
  });

  it('says a sign-in cancelled at the provider, or a link without code or state, and leads back to log in (carrying where to go)', async () => {
    const fetchMock = stubFetch(() => json({ data: SIGNED_IN }));
    const cancelled = await page('en', '/sso?error=access_denied&state=s1');
    expect(tag(cancelled, 'sso-cancelled')).not.toBe('');
    expect(cancelled).toMatch(/<h1[^>]*>Sign-in was cancelled<\/h1>/);
    expect(href(cancelled, 'sso-to-login')).toBe('/login');
    const facebook = await page('bn', '/facebooklogin?error=access_denied&error_reason=user_denied&state=s1');
    expect(text(facebook)).toContain('প্রবেশ বাতিল করা হয়েছে');

    rememberReturn('/course/details/u1', 'google');
    const invalid = await page('en', '/GLogin?code=c1');
    expect(tag(invalid, 'sso-invalid')).not.toBe('');
    expect(text(invalid)).toContain('This sign-in link is invalid');
    expect(href(invalid, 'sso-to-login')).toBe('/login?redirect=%2Fcourse%2Fdetails%2Fu1');
    expect(tag(await page('en', '/sso?state=s1'), 'sso-invalid')).not.toBe('');
    // Neither calls the server.
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
