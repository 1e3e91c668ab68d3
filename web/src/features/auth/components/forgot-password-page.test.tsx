import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { Lang } from '../../../lib/lang';
import { localMobile } from '../../../lib/phone';
import { ME_KEY } from '../../../lib/session';
import { errorText, fetchCall, href, input, json, memoryStorage, noop, render as renderAt, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { UserInfo } from '../../../lib/types';
import { requestPasswordReset, resetPassword, type AuthResult } from '../api/auth-api';
import { forgotPasswordLink, newPasswordErrors, resetPasswordMutation, typedLogin } from '../hooks/password-reset';
import { storeSession } from '../hooks/use-sign-in';
import ForgotPasswordPage, { CodeResetForm, ResetLinkSent, type CodeResetFormProps } from './forgot-password-page';
import LoginPage from './login-page';

const render = (lang: Lang, node: ReactNode, at = '/forgot-password') => renderAt(lang, node, { at });

const PHONE = '01712345678';
const codeForm = (over: Partial<CodeResetFormProps> = {}) => (
  <CodeResetForm
    phone={PHONE}
    secondsLeft={0}
    pending={false}
    error={null}
    fieldErrors={{}}
    onSubmit={noop}
    loginHref="/login"
    sending={false}
    resent={false}
    sendError={null}
    onSendAgain={noop}
    {...over}
  />
);

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

describe('the reset by texted code', () => {
  it('reads a mobile number as the server does, and offers a code for one', async () => {
    for (const spelling of ['01712345678', '+8801712345678', '8801712345678', ' 017-1234-5678 ', '+88 017 1234 5678', '(017) 1234.5678', '০১৭১২৩৪৫৬৭৮']) {
      expect(localMobile(spelling)).toBe(PHONE);
    }
    for (const other of ['mitu@example.com', '01212345678', '0171234567', '1712345678', '']) expect(localMobile(other)).toBeNull();
    const phone = await render('en', <ForgotPasswordPage />, '/forgot-password?email=%2B8801712345678');
    expect(tag(phone, 'forgot-submit')).toContain('type="submit"');
    expect(text(phone)).toContain('Send code');
    expect(text(phone)).toContain('text a code to your verified mobile number');
    const mail = await render('bn', <ForgotPasswordPage />, '/forgot-password?email=mitu%40example.com');
    expect(text(mail)).toContain('রিসেট লিংক পাঠান');
    expect(text(mail)).toContain('যাচাই করা মোবাইল নম্বরে একটি কোড এসএমএস করব');
  });

  it('asks on the same page for the code, then the new password twice, and for a new code after a minute', async () => {
    const html = await render('en', codeForm({ secondsLeft: 42 }));
    expect(html).toMatch(/<h1[^>]*>Check your text messages<\/h1>/);
    expect(text(html)).toContain('If an account has the number 01712345678, we texted it a 6-digit code. It works for 5 minutes.');
    expect(tag(html, 'reset-form')).toMatch(/^<form/);
    const code = input(html, 'otp');
    expect(code).toContain('inputMode="numeric"');
    expect(code).toContain('autoComplete="one-time-code"');
    expect(code).toContain('maxLength="6"');
    expect(code).toMatch(/autofocus/i);
    expect(text(html)).toContain('6-digit code');
    for (const id of ['password', 'password_confirmation']) {
      expect(input(html, id)).toContain('type="password"');
      expect(input(html, id)).toContain('autoComplete="new-password"');
      expect(input(html, id)).not.toMatch(/autofocus/i);
    }
    // Enter in any field submits; "send again" is no submit button, and waits out the minute.
    expect(tag(html, 'reset-submit')).toContain('type="submit"');
    expect(tag(html, 'send-again')).toContain('type="button"');
    expect(tag(html, 'send-again')).toContain('disabled');
    expect(text(html)).toContain('New code in 42 s');
    expect(href(html, 'reset-to-login')).toBe('/login');
    expect(tag(html, 'resent')).toBe('');

    const bn = await render('bn', codeForm({ resent: true, loginHref: '/login?redirect=%2Fcourse%2Fdetails%2Fu1' }));
    expect(text(bn)).toContain('০১৭১২৩৪৫৬৭৮ নম্বরটি কোনো অ্যাকাউন্টে থাকলে');
    expect(tag(bn, 'send-again')).not.toContain('disabled');
    expect(text(bn)).toContain('আবার পাঠান');
    expect(text(bn)).toContain('নতুন একটি কোড পাঠানো হয়েছে।');
    expect(href(bn, 'reset-to-login')).toBe('/login?redirect=%2Fcourse%2Fdetails%2Fu1');

    const refused = await render('en', codeForm({ resent: true, sendError: 'Too many attempts.' }));
    expect(tag(refused, 'send-error')).not.toBe('');
    expect(tag(refused, 'resent')).toBe('');
    const busy = await render('en', codeForm({ sending: true, pending: true }));
    expect(tag(busy, 'send-again')).toContain('disabled');
    expect(tag(busy, 'reset-submit')).toContain('disabled');
  });

  it('sends the number, the code in ASCII digits and the passwords to reset, and stores the session it answers', async () => {
    const user: UserInfo = { id: 7, name: 'Mitu', email: null, phone: '+8801712345678', email_verified: false, phone_verified: true, photo: null, roles: [], currentrole: null };
    const result: AuthResult = { token: 'new-bearer', user };
    const fetchMock = stubFetch(() => json({ data: result }));
    vi.stubGlobal('localStorage', memoryStorage({ 'Role-id': '12' }));
    const qc = new QueryClient();
    await runMutation(
      resetPasswordMutation({ phone: PHONE }, (r) => storeSession(qc, r)),
      { otp: '১২৩ ৪৫৬', password: 'a-long-pass', password_confirmation: 'a-long-pass' },
    );
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/password/reset');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ phone: PHONE, otp: '123456', password: 'a-long-pass', password_confirmation: 'a-long-pass' });
    expect(localStorage.getItem('token')).toBe('new-bearer');
    expect(localStorage.getItem('Role-id')).toBeNull();
    expect(qc.getQueryData([...ME_KEY, 'new-bearer'])).toEqual(user);
  });

  it("shows the server's messages under the code and password fields", async () => {
    const errors = {
      otp: ['The code is not right. Check the text message and try again.'],
      password: ['This password is too common or too close to your name or address. Choose another.'],
      password_confirmation: ['The two passwords do not match.'],
    };
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors }, 422));
    const err = await resetPassword({ phone: PHONE, otp: '000000', password: 'password1', password_confirmation: 'password2' }).catch((e: unknown) => e);
    const fieldErrors = newPasswordErrors(err);
    expect(fieldErrors).toEqual({ otp: errors.otp[0], password: errors.password[0], password_confirmation: errors.password_confirmation[0] });
    const html = await render('en', codeForm({ fieldErrors }));
    for (const id of ['otp', 'password', 'password_confirmation']) expect(input(html, id)).toContain('aria-invalid="true"');
    expect(text(html)).toContain('The code is not right.');
    expect(text(html)).toContain('This password is too common');
    expect(text(html)).toContain('The two passwords do not match.');
    // The hints give way to the errors.
    expect(text(html)).not.toContain('The code from the text message');
    expect(text(html)).not.toContain('avoid common passwords');
    expect(tag(html, 'form-error')).toBe('');

    const expired = await render('bn', codeForm({ fieldErrors: { otp: 'এই কোডের মেয়াদ শেষ হয়ে গেছে। নতুন কোড চেয়ে নিন।' } }));
    expect(input(expired, 'otp')).toContain('aria-invalid="true"');
    expect(input(expired, 'password')).toContain('aria-invalid="false"');
    expect(text(expired)).toContain('এই কোডের মেয়াদ শেষ হয়ে গেছে।');
    const down = await render('en', codeForm({ error: 'The server had a problem.' }));
    expect(tag(down, 'form-error')).not.toBe('');
  });
});
