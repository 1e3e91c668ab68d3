import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { Lang } from '../../../lib/lang';
import { errorText, fetchCall, href, input, json, noop, render as renderAt, stubFetch, tag, text } from '../../../lib/test-render';
import { requestPasswordReset } from '../api/auth-api';
import { forgotPasswordLink, typedLogin } from '../hooks/password-reset';
import ForgotPasswordPage, { ResetLinkSent } from './forgot-password-page';
import LoginPage from './login-page';

const render = (lang: Lang, node: ReactNode, at = '/forgot-password') => renderAt(lang, node, { at });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgot password page', () => {
  it('asks for the e-mail or mobile number, filled in from ?email=, with the way back to log in', async () => {
    const html = await render('en', <ForgotPasswordPage />, '/forgot-password?email=mitu%40example.com&redirect=%2Fcourse%2Fdetails%2Fu1');
    expect(html).toMatch(/<h1[^>]*>Forgot your password\?<\/h1>/);
    // The form fills the field in once mounted (react-hook-form), from what the query carries.
    expect(typedLogin('?email=mitu%40example.com&redirect=%2Fx')).toBe('mitu@example.com');
    expect(typedLogin('?email=+01712345678+')).toBe('01712345678');
    expect(typedLogin('')).toBe('');
    const field = input(html, 'email');
    expect(field).toContain('autoComplete="username"');
    expect(field).toMatch(/autofocus/i);
    expect(text(html)).toContain('E-mail or mobile number');
    expect(tag(html, 'forgot-submit')).toContain('type="submit"');
    expect(text(html)).toContain('Send reset link');
    expect(href(html, 'forgot-to-login')).toBe('/login?redirect=%2Fcourse%2Fdetails%2Fu1');
    expect(tag(html, 'reset-link-sent')).toBe('');

    const bn = await render('bn', <ForgotPasswordPage />);
    expect(text(bn)).toContain('ই-মেইল অথবা মোবাইল নম্বর');
    expect(text(bn)).toContain('রিসেট লিংক পাঠান');
  });

  it('sends what was typed to reset_code', async () => {
    const fetchMock = stubFetch(() => json({ data: { ok: true } }));
    await expect(requestPasswordReset('01712345678')).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/password/reset_code');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: '01712345678' });
  });

  it('once sent, says a link went to the account if one matches, for an hour, and offers to log in or send again', async () => {
    const html = await render('en', <ResetLinkSent login="mitu@example.com" loginHref="/login" pending={false} resent={false} error={null} onSendAgain={noop} />);
    expect(html).toMatch(/<h1[^>]*>Check your e-mail<\/h1>/);
    expect(text(html)).toContain('If an account matches mitu@example.com, we have sent a link to its e-mail address. The link works for one hour.');
    expect(text(html)).toContain('spam');
    expect(href(html, 'sent-to-login')).toBe('/login');
    expect(text(html)).toContain('Back to log in');
    expect(tag(html, 'send-again')).not.toContain('disabled');
    expect(text(html)).toContain('Send again');
    expect(tag(html, 'resent')).toBe('');

    const bn = await render('bn', <ResetLinkSent login="01712345678" loginHref="/login" pending resent={false} error={null} onSendAgain={noop} />);
    expect(text(bn)).toContain('01712345678-এর সাথে কোনো অ্যাকাউন্ট মিললে');
    expect(text(bn)).toContain('এক ঘণ্টা');
    expect(tag(bn, 'send-again')).toContain('disabled');
    expect(text(bn)).toContain('পাঠানো হচ্ছে…');

    const again = await render('en', <ResetLinkSent login="x" loginHref="/login" pending={false} resent error={null} onSendAgain={noop} />);
    expect(text(again)).toContain('We sent the link again.');
  });

  it('says too many attempts, or no connection, in the interface language', async () => {
    stubFetch(() => json({ message: 'Too many', code: 'too_many_attempts', errors: {} }, 429));
    const limited = await requestPasswordReset('x').catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ApiError);
    expect(await errorText('bn', limited)).toContain('অনেকবার চেষ্টা করা হয়েছে');
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await requestPasswordReset('x').catch((e: unknown) => e);
    expect(await errorText('en', offline)).toContain('Cannot reach the server');
    const html = await render('en', <ResetLinkSent login="x" loginHref="/login" pending={false} resent error="Too many attempts." onSendAgain={noop} />);
    expect(text(html)).toContain('Too many attempts.');
    expect(tag(html, 'resent')).toBe('');
  });
});

describe('the login page', () => {
  it('links to the forgotten-password page, carrying what was typed and where to go afterwards', async () => {
    const html = await render('en', <LoginPage />, '/login?redirect=%2Fcourse%2Fdetails%2Fu1');
    expect(href(html, 'login-forgot-password')).toBe('/forgot-password?redirect=%2Fcourse%2Fdetails%2Fu1');
    expect(text(html)).toContain('Forgot password?');
    expect(text(await render('bn', <LoginPage />, '/login'))).toContain('পাসওয়ার্ড ভুলে গেছেন?');
    expect(forgotPasswordLink('', null)).toBe('/forgot-password');
    expect(forgotPasswordLink('  mitu@example.com ', '/dashboard')).toBe('/forgot-password?email=mitu%40example.com');
    expect(forgotPasswordLink('01712345678', '/course/details/u1')).toBe('/forgot-password?redirect=%2Fcourse%2Fdetails%2Fu1&email=01712345678');
    expect(forgotPasswordLink('x', '//evil.example')).toBe('/forgot-password?email=x');
  });
});
