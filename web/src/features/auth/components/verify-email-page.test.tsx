import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { resendVerificationMutation } from '../../../lib/email-verification';
import { ME_KEY } from '../../../lib/session';
import { errorText, fetchCall, href, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { verifyEmailLink } from '../api/auth-api';
import { isVerificationLinkInvalid, verifyEmailQuery } from '../hooks/verify-email';
import VerifyEmailPage, { EmailVerified, VerifyLinkInvalid } from './verify-email-page';
import { ResendLink } from './verify-resend';

const AT = '/verification-by-mail?token=t1';
const INVALID = { message: 'This verification link has expired or was already used.', code: 'verification_link_invalid', errors: {} };

/** A client that has already opened link `t1` (the answer of the stubbed fetch), and does not open it again on mount. */
const opened = (answer: () => Response) => prefetched(verifyEmailQuery('t1', noop), answer);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('e-mail verification page', () => {
  it('opens the link once with verification-by-mail, showing a checking state meanwhile', async () => {
    const fetchMock = stubFetch(() => json({ data: { email: 'mitu@example.com' } }));
    await expect(verifyEmailLink('a b')).resolves.toEqual({ email: 'mitu@example.com' });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/verification-by-mail?token=a+b');
    expect(init.method).toBe('GET');
    const query = verifyEmailQuery('t1', noop);
    expect(query.retry).toBe(false);
    expect(query.staleTime).toBe(Infinity);

    const checking = await render('en', <VerifyEmailPage />, { at: AT });
    expect(tag(checking, 'verify-checking')).not.toBe('');
    expect(text(checking)).toContain('Checking your link…');
    expect(tag(checking, 'verify-done')).toBe('');
  });

  it('says the address is verified, refreshes the signed-in user, and leads on to log in or the dashboard', async () => {
    // The page's query refreshes the user (ME) once the server has verified the address, not before.
    const qc = new QueryClient();
    qc.setQueryData([...ME_KEY, 'tok'], { id: 7 });
    stubFetch(() => json({ data: { email: 'mitu@example.com' } }));
    await qc.fetchQuery(verifyEmailQuery('t1', () => void qc.invalidateQueries({ queryKey: ME_KEY })));
    expect(qc.getQueryState([...ME_KEY, 'tok'])?.isInvalidated).toBe(true);
    const onVerified = vi.fn();
    stubFetch(() => json(INVALID, 422));
    await new QueryClient().fetchQuery(verifyEmailQuery('t2', onVerified)).catch(noop);
    expect(onVerified).not.toHaveBeenCalled();

    const html = await render('en', <VerifyEmailPage />, { at: AT, qc: await opened(() => json({ data: { email: 'mitu@example.com' } })) });
    expect(tag(html, 'verify-done')).not.toBe('');
    expect(text(html)).toContain('Your e-mail address mitu@example.com is verified.');
    // Signed out here (no token in a static render): on to log in.
    expect(href(html, 'verify-to-login')).toBe('/login');
    expect(tag(html, 'verify-to-dashboard')).toBe('');

    const signedIn = await render('bn', <EmailVerified email="mitu@example.com" signedIn />);
    expect(href(signedIn, 'verify-to-dashboard')).toBe('/dashboard');
    expect(text(signedIn)).toContain('আপনার ই-মেইল ঠিকানা mitu@example.com যাচাই করা হয়েছে।');
    expect(text(signedIn)).toContain('ড্যাশবোর্ডে যান');
  });

  it('says a link without a token, or one the server refuses, has expired or was used, and leads a signed-out visitor to log in', async () => {
    const refused = await render('en', <VerifyEmailPage />, { at: AT, qc: await opened(() => json(INVALID, 422)) });
    expect(tag(refused, 'verify-invalid')).not.toBe('');
    expect(refused).toMatch(/<h1[^>]*>This verification link has expired or was already used<\/h1>/);
    expect(href(refused, 'verify-to-login')).toBe('/login');
    expect(text(refused)).toContain('Log in to get a new one.');
    expect(tag(refused, 'verify-resend')).toBe('');

    const missing = await render('bn', <VerifyEmailPage />, { at: '/verification-by-mail' });
    expect(tag(missing, 'verify-invalid')).not.toBe('');
    expect(text(missing)).toContain('এই যাচাই লিংকটির মেয়াদ শেষ হয়ে গেছে অথবা এটি আগেই ব্যবহার করা হয়েছে');
    expect(text(missing)).toContain('লগইন করুন');

    expect(isVerificationLinkInvalid(await verifyEmailLink('t1').catch((e: unknown) => e))).toBe(true);
    for (const lang of ['en', 'bn'] as const) expect(resources[lang].errors.verification_link_invalid).toBeTruthy();
  });

  it('offers a signed-in visitor a new link, sent with resend_code, and says where it went', async () => {
    // The resend code loads lazily: the button shows, disabled, meanwhile.
    const html = await render('en', <VerifyLinkInvalid signedIn />);
    expect(tag(html, 'verify-invalid')).not.toBe('');
    expect(tag(html, 'verify-resend')).toContain('disabled');
    expect(text(html)).toContain('Send a new link');
    expect(text(html)).toContain('We can send you a new one.');
    expect(tag(html, 'verify-to-login')).toBe('');

    const ready = await render('en', <ResendLink email="mitu@example.com" pending={false} sent={false} error={null} onResend={noop} />);
    expect(tag(ready, 'verify-resend')).not.toContain('disabled');
    const pending = await render('bn', <ResendLink email="mitu@example.com" pending sent={false} error={null} onResend={noop} />);
    expect(tag(pending, 'verify-resend')).toContain('disabled');
    expect(text(pending)).toContain('পাঠানো হচ্ছে…');
    const sent = await render('en', <ResendLink email="mitu@example.com" pending={false} sent error={null} onResend={noop} />);
    expect(tag(sent, 'verify-sent')).not.toBe('');
    expect(text(sent)).toContain('We sent a new link to mitu@example.com.');

    const fetchMock = stubFetch(() => json({ data: { ok: true } }));
    await expect(runMutation(resendVerificationMutation(new QueryClient()), undefined)).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/verify/resend_code');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({});
  });

  it('says, in the interface language, why a new link was not sent', async () => {
    stubFetch(() => json({ message: 'Too many', code: 'too_many_attempts', errors: {} }, 429));
    const limited = await runMutation(resendVerificationMutation(new QueryClient()), undefined).catch((e: unknown) => e);
    expect(await errorText('bn', limited)).toContain('অনেকবার চেষ্টা করা হয়েছে');
    stubFetch(() => json({ message: 'No address', code: 'email_missing', errors: {} }, 422));
    const missing = await runMutation(resendVerificationMutation(new QueryClient()), undefined).catch((e: unknown) => e);
    expect(await errorText('en', missing)).toContain('Your account has no e-mail address.');
    const html = await render('en', <ResendLink email="mitu@example.com" pending={false} sent={false} error="Too many attempts." onResend={noop} />);
    expect(tag(html, 'verify-resend-error')).not.toBe('');
    expect(tag(html, 'verify-sent')).toBe('');
  });
});
