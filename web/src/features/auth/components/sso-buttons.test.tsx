import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fetchCall, json, memoryStorage, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { ssoProviders, type SsoProvider } from '../api/auth-api';
import { peekReturn, rememberedProvider, ssoProvidersQuery, startRequest, startSsoMutation, useSsoErrorText } from '../hooks/sso';
import LoginPage from './login-page';
import RegistrationPage from './registration-page';
import { SsoButtonList } from './sso-buttons';

const ALL: SsoProvider[] = [
  { id: 'mygov', name: 'myGov' },
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
];

/** A client whose provider list has been read (`list`), as the pages find it. */
function withProviders(list: SsoProvider[] = ALL) {
  const qc = new QueryClient();
  qc.setQueryData(ssoProvidersQuery.queryKey, list);
  return qc;
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('window', { location: { assign } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The registration page, inside the site it belongs to. */
const registration = (
  <SiteProvider initial={DEFAULT_SITE}>
    <RegistrationPage />
  </SiteProvider>
);

function SsoErrorText({ err, provider }: { err: unknown; provider: 'mygov' | 'google' | 'facebook' | null }) {
  return <>{useSsoErrorText()(err, provider)}</>;
}

describe('outside sign-in buttons', () => {
  it('read the providers this server offers, known ones only', async () => {
    const fetchMock = stubFetch(() => json({ data: [...ALL, { id: 'github', name: 'GitHub' }] }));
    await expect(ssoProviders()).resolves.toHaveLength(4);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/sso/providers');
    expect(init.method).toBe('GET');
    await expect(new QueryClient().fetchQuery(ssoProvidersQuery)).resolves.toEqual(ALL);
  });

  it('show under the login form, after an "or" divider, one full-width outlined button per provider, in the server’s order', async () => {
    const html = await render('en', <LoginPage />, { at: '/login', qc: withProviders() });
    expect(tag(html, 'sso-buttons')).not.toBe('');
    expect(html.indexOf('data-testid="sso-buttons"')).toBeGreaterThan(html.indexOf('data-testid="login-submit"'));
    expect(text(html)).toMatch(/ or .*Sign in with myGov.*Continue with Google.*Continue with Facebook/);
    for (const id of ['mygov', 'google', 'facebook']) {
      const button = tag(html, `sso-${id}`);
      expect(button).toMatch(/^<button/);
      expect(button).toContain('type="button"');
      expect(button).toContain('MuiButton-outlined');
      expect(button).toContain('MuiButton-fullWidth');
      expect(button).not.toContain('disabled');
    }

    const bn = text(await render('bn', <LoginPage />, { at: '/login', qc: withProviders() }));
    expect(bn).toContain('অথবা');
    expect(bn).toContain('মাইগভ দিয়ে প্রবেশ করুন');
    expect(bn).toContain('গুগল দিয়ে চালিয়ে যান');
    expect(bn).toContain('ফেসবুক দিয়ে চালিয়ে যান');
  });

  it('offer only what the server lists, and nothing (no divider either) while loading, on failure or for an empty list', async () => {
    const some = await render('en', <LoginPage />, { at: '/login', qc: withProviders([ALL[1]]) });
    expect(tag(some, 'sso-google')).not.toBe('');
    expect(tag(some, 'sso-mygov')).toBe('');

    const loading = await render('en', <LoginPage />, { at: '/login' });
    expect(tag(loading, 'sso-buttons')).toBe('');
    expect(loading).not.toContain('MuiDivider');
    expect(text(loading)).not.toContain('Sign in with myGov');
    expect(tag(await render('en', <LoginPage />, { at: '/login', qc: withProviders([]) }), 'sso-buttons')).toBe('');

    stubFetch(() => json({ message: 'Down', code: 'server_error', errors: {} }, 500));
    const failed = new QueryClient();
    await failed.prefetchQuery(ssoProvidersQuery);
    expect(failed.getQueryState(ssoProvidersQuery.queryKey)?.status).toBe('error');
    expect(tag(await render('en', <LoginPage />, { at: '/login', qc: failed }), 'sso-buttons')).toBe('');
    expect(tag(await render('en', registration, { at: '/registration', qc: failed }), 'sso-buttons')).toBe('');
  });

  it('on the registration page, offer to register with myGov', async () => {
    const html = await render('en', registration, { at: '/registration', qc: withProviders() });
    expect(text(html)).toContain('Register with myGov');
    expect(text(html)).toContain('Continue with Google');
    expect(text(html)).not.toContain('Sign in with myGov');
    expect(text(await render('bn', registration, { at: '/registration', qc: withProviders() }))).toContain('মাইগভ দিয়ে নিবন্ধন করুন');
  });

  it('call the start of each provider: myGov’s sign-in or sign-up, Google and Facebook with their name, linking with link: true', () => {
    expect(startRequest('mygov', 'login')).toEqual(['mygov/login', {}]);
    expect(startRequest('mygov', 'register')).toEqual(['mygov/register', {}]);
    expect(startRequest('mygov', 'link')).toEqual(['mygov/login', { link: true }]);
    expect(startRequest('google', 'login')).toEqual(['sociallogin', { provider: 'google' }]);
    expect(startRequest('facebook', 'register')).toEqual(['sociallogin', { provider: 'facebook' }]);
    expect(startRequest('google', 'link')).toEqual(['sociallogin', { provider: 'google', link: true }]);
  });

  it('start the flow: ask for the provider’s page, remember where to go afterwards, and send the browser there', async () => {
    const fetchMock = stubFetch(() => json({ data: { url: 'https://accounts.google.example/auth?client_id=x&state=s1' } }));
    await runMutation(startSsoMutation('login', '/course/details/u1'), 'google');
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/sociallogin');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ provider: 'google' });
    expect(peekReturn()).toBe('/course/details/u1');
    expect(rememberedProvider()).toBe('google');
    expect(assign).toHaveBeenCalledWith('https://accounts.google.example/auth?client_id=x&state=s1');

    const register = stubFetch(() => json({ data: { url: 'https://mygov.example/authorize' } }));
    await runMutation(startSsoMutation('register', '/dashboard'), 'mygov');
    expect(fetchCall(register)[0]).toBe('/my-account/user/mygov/register');
    expect(JSON.parse(String(fetchCall(register)[1].body))).toEqual({});
    expect(rememberedProvider()).toBe('mygov');
    expect(assign).toHaveBeenLastCalledWith('https://mygov.example/authorize');
  });

  it('show the clicked one in progress with all disabled, and a failure in words (buttons enabled again)', async () => {
    const opening = await render('en', <SsoButtonList providers={ALL} mode="login" opening="google" error={null} onStart={noop} />);
    for (const id of ['mygov', 'google', 'facebook']) expect(tag(opening, `sso-${id}`)).toContain('disabled');
    expect(tag(opening, 'sso-google')).toContain('aria-busy="true"');
    expect(opening).toMatch(/data-testid="sso-google"[\s\S]*?MuiCircularProgress/);
    expect(tag(opening, 'sso-mygov')).not.toContain('aria-busy');

    // A start that fails stores nothing and goes nowhere.
    stubFetch(() => json({ message: 'Bad gateway', code: 'sso_unavailable', errors: {} }, 502));
    const err = await runMutation(startSsoMutation('login', '/dashboard'), 'google').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
    expect(peekReturn()).toBeNull();
    expect(text(await render('en', <SsoErrorText err={err} provider="google" />))).toBe('Could not reach Google. Please try again in a moment.');
    expect(text(await render('bn', <SsoErrorText err={err} provider="google" />))).toBe('গুগল-এর সাথে যোগাযোগ করা যায়নি। একটু পরে আবার চেষ্টা করুন।');
    const failed = await render('en', <SsoButtonList providers={ALL} mode="login" opening={null} error="Could not reach Google. Please try again in a moment." onStart={noop} />);
    expect(text(failed)).toContain('Could not reach Google.');
    expect(tag(failed, 'sso-error')).not.toBe('');
    for (const id of ['mygov', 'google', 'facebook']) expect(tag(failed, `sso-${id}`)).not.toContain('disabled');
  });
});
