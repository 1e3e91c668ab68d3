import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { resendVerificationMutation } from '../../../lib/email-verification';
import { ME_KEY } from '../../../lib/session';
import { json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { UserInfo } from '../../../lib/types';
import { needsVerifyReminder } from '../hooks/verify-reminder';
import VerifyEmailBanner, { VerifyEmailBannerView } from './verify-email-banner';

const user = (over: Partial<UserInfo>): UserInfo => ({
  id: 7,
  name: 'Mitu',
  email: 'mitu@example.com',
  phone: null,
  email_verified: false,
  phone_verified: false,
  photo: null,
  roles: [],
  currentrole: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('e-mail verification banner', () => {
  it('is shown only to a user with an e-mail address not verified yet', async () => {
    expect(needsVerifyReminder(user({}))).toBe(true);
    expect(needsVerifyReminder(user({ email_verified: true }))).toBe(false);
    expect(needsVerifyReminder(user({ email: null }))).toBe(false);
    // A user from a server that does not send the flag yet.
    expect(needsVerifyReminder(user({ email_verified: undefined }))).toBe(false);
    expect(needsVerifyReminder(null)).toBe(false);

    const html = await render('en', <VerifyEmailBanner user={user({})} />);
    expect(tag(html, 'verify-banner')).not.toBe('');
    expect(text(html)).toContain('Please verify your e-mail address mitu@example.com: open the link we sent you.');
    expect(tag(html, 'verify-banner-resend')).toMatch(/^<button/);
    expect(text(html)).toContain('Send the link again');
    expect(html).toContain('aria-label="Close"');
    expect(await render('en', <VerifyEmailBanner user={user({ email_verified: true })} />)).toBe('');

    const bn = await render('bn', <VerifyEmailBanner user={user({})} />);
    expect(text(bn)).toContain('অনুগ্রহ করে আপনার ই-মেইল ঠিকানা mitu@example.com যাচাই করুন');
    expect(text(bn)).toContain('লিংকটি আবার পাঠান');
  });

  it('stays closed for the rest of the visit once closed', async () => {
    const stored = new Map<string, string>([['verify-banner-closed', '7']]);
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) });
    expect(await render('en', <VerifyEmailBanner user={user({})} />)).toBe('');
    // Another account signed in on this tab still sees its own reminder.
    expect(tag(await render('en', <VerifyEmailBanner user={user({ id: 8 })} />), 'verify-banner')).not.toBe('');
  });

  it('says where the new link went, shows the sending state and errors', async () => {
    const sent = await render('en', <VerifyEmailBannerView email="mitu@example.com" pending={false} sent error={null} onResend={noop} onClose={noop} />);
    expect(tag(sent, 'verify-banner-sent')).not.toBe('');
    expect(text(sent)).toContain('We sent a new link to mitu@example.com.');
    expect(tag(sent, 'verify-banner-resend')).toBe('');

    const pending = await render('bn', <VerifyEmailBannerView email="mitu@example.com" pending sent={false} error={null} onResend={noop} onClose={noop} />);
    expect(tag(pending, 'verify-banner-resend')).toContain('disabled');
    expect(text(pending)).toContain('পাঠানো হচ্ছে…');

    const failed = await render('en', <VerifyEmailBannerView email="mitu@example.com" pending={false} sent={false} error="Too many attempts." onResend={noop} onClose={noop} />);
    expect(text(failed)).toContain('Too many attempts.');
    // It can be tried again.
    expect(tag(failed, 'verify-banner-resend')).not.toContain('disabled');
  });

  it('refreshes the user when the address was verified meanwhile (409 already_verified)', async () => {
    const qc = new QueryClient();
    qc.setQueryData([...ME_KEY, 'tok'], user({}));
    stubFetch(() => json({ message: 'Already verified', code: 'already_verified', errors: {} }, 409));
    await runMutation(resendVerificationMutation(qc), undefined, qc).catch(noop);
    expect(qc.getQueryState([...ME_KEY, 'tok'])?.isInvalidated).toBe(true);

    // Other refusals leave the user as it is.
    const other = new QueryClient();
    other.setQueryData([...ME_KEY, 'tok'], user({}));
    stubFetch(() => json({ message: 'Too many', code: 'too_many_attempts', errors: {} }, 429));
    await runMutation(resendVerificationMutation(other), undefined, other).catch(noop);
    expect(other.getQueryState([...ME_KEY, 'tok'])?.isInvalidated).toBe(false);
    for (const lang of ['en', 'bn'] as const) {
      expect(resources[lang].errors.already_verified).toBeTruthy();
      expect(resources[lang].errors.email_missing).toBeTruthy();
    }
  });
});
