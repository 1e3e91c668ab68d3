import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import type { Lang } from '../../../lib/lang';
import { safeRedirect } from '../../../lib/redirect';
import { fetchCall, href, input, json, noop, prefetched, render as renderAt, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { UserInfo } from '../../../lib/types';
import { resetPassword, verifyResetLink, type AuthResult } from '../api/auth-api';
import { isLinkInvalid, newPasswordErrors, resetLinkQuery, resetPasswordMutation } from '../hooks/password-reset';
import PasswordResetPage, { NewPasswordForm } from './password-reset-page';

const render = (lang: Lang, node: ReactNode, at = '/password-reset?token=t1', qc?: QueryClient) => renderAt(lang, node, { at, qc });

const user: UserInfo = { id: 7, name: 'Mitu', email: 'mitu@example.com', phone: null, email_verified: true, phone_verified: false, photo: null, roles: [], currentrole: null };
const INVALID = { message: 'This reset link has expired or was already used. Ask for a new one.', code: 'reset_link_invalid', errors: { token: ['This reset link has expired or was already used. Ask for a new one.'] } };

/** A client that has already checked link `t1` (the answer of the stubbed fetch), and does not ask again on mount. */
const checked = (answer: () => Response) => prefetched(resetLinkQuery('t1'), answer);

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

    const refused = await render('bn', <PasswordResetPage />, '/password-reset?token=t1', await checked(() => json(INVALID, 422)));
    expect(tag(refused, 'reset-link-invalid')).not.toBe('');
    expect(text(refused)).toContain('লিংকটির মেয়াদ শেষ হয়ে গেছে অথবা এটি আগেই ব্যবহার করা হয়েছে');
    expect(href(refused, 'reset-new-link')).toBe('/forgot-password');
    expect(input(refused, 'password')).toBe('');
  });

  it('checks the link with reset_code_verification and shows a loading state meanwhile', async () => {
    const fetchMock = stubFetch(() => json({ data: { email: 'm***@example.com' } }));
    await expect(verifyResetLink('a b')).resolves.toEqual({ email: 'm***@example.com' });
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/password/reset_code_verification?token=a+b');
    const loading = await render('en', <PasswordResetPage />);
    expect(tag(loading, 'reset-link-checking')).not.toBe('');
    expect(text(loading)).toContain('Checking your link…');
    const down = await render('en', <PasswordResetPage />, '/password-reset?token=t1', await checked(() => json({ message: 'boom' }, 500)));
    expect(tag(down, 'form-error')).not.toBe('');
    expect(text(down)).toContain('The server had a problem');
    expect(text(down)).toContain('Try again');
    expect(tag(down, 'reset-link-invalid')).toBe('');
  });

  it('asks for the new password twice for the masked address of a working link', async () => {
    const html = await render('en', <PasswordResetPage />, '/password-reset?token=t1', await checked(() => json({ data: { email: 'm***@example.com' } })));
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
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors }, 422));
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
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { token: [INVALID.message] } }, 422));
    expect(isLinkInvalid(await resetPassword({ token: 't1', password: 'a-long-pass', password_confirmation: 'a-long-pass' }).catch((e: unknown) => e))).toBe(true);
    stubFetch(() => json(INVALID, 422));
    expect(isLinkInvalid(await resetPassword({ token: 't1', password: 'a-long-pass', password_confirmation: 'a-long-pass' }).catch((e: unknown) => e))).toBe(true);
    expect(resources.en.errors.reset_link_invalid).toBeTruthy();
    expect(resources.bn.errors.reset_link_invalid).toBeTruthy();
  });

  it('signs in with the session the reset answers, as logging in does', async () => {
    const result: AuthResult = { token: 'new-bearer', user };
    const fetchMock = stubFetch(() => json({ data: result }));
    const signIn = vi.fn();
    await runMutation(resetPasswordMutation('t1', signIn), { password: 'a-long-pass', password_confirmation: 'a-long-pass' });
    const [url, init] = fetchCall(fetchMock);
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
