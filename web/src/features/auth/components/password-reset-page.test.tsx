import { MutationObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast-provider';
import { resources } from '../../../i18n/resources';
import { safeRedirect } from '../../../lib/redirect';
import type { UserInfo } from '../../../lib/types';
import { resetPassword, verifyResetLink, type AuthResult } from '../api/auth-api';
import { isLinkInvalid, newPasswordErrors, resetLinkQuery, resetPasswordMutation } from '../hooks/password-reset';
import PasswordResetPage, { NewPasswordForm } from './password-reset-page';

async function render(lang: 'en' | 'bn', node: ReactNode, at = '/password-reset?token=t1', qc = new QueryClient()) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources, lng: lang, defaultNS: 'common', interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <ToastProvider>
          <MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Visible text of the markup (styles and tags dropped). */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[^<]*<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
/** The opening tag of the element with this test id ('' when absent). */
const tag = (html: string, id: string) => new RegExp(`<(a|button|form|div)\\b[^>]*data-testid="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const href = (html: string, id: string) => /href="([^"]*)"/.exec(tag(html, id))?.[1]?.replace(/&amp;/g, '&') ?? null;
const input = (html: string, id: string) => new RegExp(`<input\\b[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const noop = () => {};
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status });

const user: UserInfo = { id: 7, name: 'Mitu', email: 'mitu@example.com', phone: null, photo: null, roles: [], currentrole: null };
const INVALID = { message: 'This reset link has expired or was already used. Ask for a new one.', code: 'reset_link_invalid', errors: { token: ['This reset link has expired or was already used. Ask for a new one.'] } };

/** A client that has already checked link `t1` (the answer of the stubbed fetch), and does not ask again on mount. */
async function checked(answer: Response) {
  vi.stubGlobal('fetch', vi.fn(async () => answer));
  const qc = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  await qc.prefetchQuery({ ...resetLinkQuery('t1'), gcTime: Infinity });
  return qc;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('password reset page', () => {
  it('says a link without a token, or one the server refuses, has expired or was used, and leads to a new one', async () => {
    const missing = await render('en', <PasswordResetPage />, '/password-reset');
    expect(tag(missing, 'reset-link-invalid')).not.toBe('');
    expect(missing).toMatch(/<h1[^>]*>This link has expired or was already used<\/h1>/);
    expect(href(missing, 'reset-new-link')).toBe('/forgot-password');
    expect(text(missing)).toContain('Get a new link');

    const refused = await render('bn', <PasswordResetPage />, '/password-reset?token=t1', await checked(json(INVALID, 422)));
    expect(tag(refused, 'reset-link-invalid')).not.toBe('');
    expect(text(refused)).toContain('লিংকটির মেয়াদ শেষ হয়ে গেছে অথবা এটি আগেই ব্যবহার করা হয়েছে');
    expect(href(refused, 'reset-new-link')).toBe('/forgot-password');
    expect(input(refused, 'password')).toBe('');
  });

  it('checks the link with reset_code_verification and shows a loading state meanwhile', async () => {
    const fetchMock = vi.fn(async () => json({ data: { email: 'm***@example.com' } }, 200));
    vi.stubGlobal('fetch', fetchMock);
    await expect(verifyResetLink('a b')).resolves.toEqual({ email: 'm***@example.com' });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/my-account/password/reset_code_verification?token=a+b');
    const loading = await render('en', <PasswordResetPage />);
    expect(tag(loading, 'reset-link-checking')).not.toBe('');
    expect(text(loading)).toContain('Checking your link…');
    const down = await render('en', <PasswordResetPage />, '/password-reset?token=t1', await checked(json({ message: 'boom' }, 500)));
    expect(tag(down, 'form-error')).not.toBe('');
    expect(text(down)).toContain('The server had a problem');
    expect(text(down)).toContain('Try again');
    expect(tag(down, 'reset-link-invalid')).toBe('');
  });

  it('asks for the new password twice for the masked address of a working link', async () => {
    const html = await render('en', <PasswordResetPage />, '/password-reset?token=t1', await checked(json({ data: { email: 'm***@example.com' } }, 200)));
    expect(html).toMatch(/<h1[^>]*>Set a new password<\/h1>/);
    expect(text(html)).toContain('Choose a new password for m***@example.com');
    for (const id of ['password', 'password_confirmation']) {
      expect(input(html, id)).toContain('type="password"');
      expect(input(html, id)).toContain('autoComplete="new-password"');
    }
    expect(text(html)).toContain('At least 8 characters; avoid common passwords');
    expect(tag(html, 'reset-submit')).toContain('type="submit"');
    expect(tag(html, 'reset-link-invalid')).toBe('');
  });

  it("shows the server's messages under the fields they concern", async () => {
    const errors = { password: ['This password is too common or too close to your name or address. Choose another.'], password_confirmation: ['The two passwords do not match.'] };
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'The given data was invalid.', code: 'validation_failed', errors }, 422)));
    const err = await resetPassword({ token: 't1', password: 'password1', password_confirmation: 'password2' }).catch((e: unknown) => e);
    expect(isLinkInvalid(err)).toBe(false);
    const fieldErrors = newPasswordErrors(err);
    expect(fieldErrors).toEqual({ password: errors.password[0], password_confirmation: errors.password_confirmation[0] });
    const html = await render('en', <NewPasswordForm email="m***@example.com" pending={false} error={null} fieldErrors={fieldErrors} onSubmit={noop} />);
    expect(input(html, 'password')).toContain('aria-invalid="true"');
    expect(input(html, 'password_confirmation')).toContain('aria-invalid="true"');
    expect(text(html)).toContain('This password is too common');
    expect(text(html)).toContain('The two passwords do not match.');
    // The hint gives way to the error.
    expect(text(html)).not.toContain('avoid common passwords');
    expect(tag(html, 'form-error')).toBe('');

    const bn = await render('bn', <NewPasswordForm email="" pending error={null} fieldErrors={{}} onSubmit={noop} />);
    expect(text(bn)).toContain('আপনার অ্যাকাউন্টের জন্য একটি নতুন পাসওয়ার্ড বেছে নিন');
    expect(text(bn)).toContain('কমপক্ষে ৮ অক্ষর');
    expect(tag(bn, 'reset-submit')).toContain('disabled');
  });

  it('takes a link spent meanwhile for an invalid link', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { token: [INVALID.message] } }, 422)));
    expect(isLinkInvalid(await resetPassword({ token: 't1', password: 'a-long-pass', password_confirmation: 'a-long-pass' }).catch((e: unknown) => e))).toBe(true);
    vi.stubGlobal('fetch', vi.fn(async () => json(INVALID, 422)));
    expect(isLinkInvalid(await resetPassword({ token: 't1', password: 'a-long-pass', password_confirmation: 'a-long-pass' }).catch((e: unknown) => e))).toBe(true);
    expect(resources.en.errors.reset_link_invalid).toBeTruthy();
    expect(resources.bn.errors.reset_link_invalid).toBeTruthy();
  });

  it('signs in with the session the reset answers, as logging in does', async () => {
    const result: AuthResult = { token: 'new-bearer', user };
    const fetchMock = vi.fn(async () => json({ data: result }, 200));
    vi.stubGlobal('fetch', fetchMock);
    const signIn = vi.fn();
    await new MutationObserver(new QueryClient(), resetPasswordMutation('t1', signIn)).mutate({ password: 'a-long-pass', password_confirmation: 'a-long-pass' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/my-account/password/reset');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ token: 't1', password: 'a-long-pass', password_confirmation: 'a-long-pass' });
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn.mock.calls[0][0]).toEqual(result);
  });

  it('is never a page to come back to after signing in (its token stays out of ?redirect=)', () => {
    expect(safeRedirect('/password-reset?token=t1')).toBeNull();
    expect(safeRedirect('/forgot-password?email=x')).toBeNull();
  });
});
