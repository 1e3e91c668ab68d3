import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/use-error-text';
import { fetchCall, href, input, json, noop, render, stubFetch, tag, text } from '../../../lib/test-render';
import { sendPhoneCode, verifyPhoneCode } from '../api/auth-api';
import { codeInput, codeSent, codeSentAt, isAlreadyVerified, isPhoneMissing, isTooSoon, RESEND_SECONDS, shownPhone, typedCode } from '../hooks/phone-verify';
import AccountLinkPages from './account-link-pages';
import { PhoneCodeForm, PhoneCodeSteps, PhoneMissing, PhoneVerified, type PhoneCodeFormProps } from './phone-verify-page';

const PHONE = '+8801712345678';

const form = (over: Partial<PhoneCodeFormProps> = {}) => (
  <PhoneCodeForm
    phone={PHONE}
    sent={false}
    secondsLeft={0}
    code=""
    sending={false}
    verifying={false}
    sendError={null}
    codeError={null}
    onCode={noop}
    onSend={noop}
    onVerify={noop}
    {...over}
  />
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('phone verification page', () => {
  it('asks for a code by SMS and sends the typed code, Bangla digits read as digits', async () => {
    const fetchMock = stubFetch(() => json({ data: { ok: true } }));
    await sendPhoneCode();
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/verify/resend_code');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ channel: 'phone' });

    const verifyMock = stubFetch(() => json({ data: { phone: PHONE } }));
    await expect(verifyPhoneCode('123456')).resolves.toEqual({ phone: PHONE });
    const [vUrl, vInit] = fetchCall(verifyMock);
    expect(vUrl).toBe('/my-account/verification-by-phone');
    expect(vInit.method).toBe('PUT');
    expect(JSON.parse(String(vInit.body))).toEqual({ otp: '123456' });

    expect(codeInput('১২৩ 45-6789')).toBe('১২৩456');
    expect(typedCode('১২৩৪৫৬')).toBe('123456');
    expect(typedCode(' 12 34 56 ')).toBe('123456');
    expect(typedCode('12345')).toBeNull();
    expect(shownPhone(PHONE, 'en')).toBe('01712345678');
    expect(shownPhone(PHONE, 'bn')).toBe('০১৭১২৩৪৫৬৭৮');
    expect(RESEND_SECONDS).toBe(60);
  });

  it('is served by the account link pages, and sends a signed-out visitor to log in', async () => {
    // No token in a static render: the page redirects (nothing drawn here).
    const html = await render('en', <AccountLinkPages />, { at: '/mobile-verification' });
    expect(tag(html, 'phone-verify')).toBe('');
    expect(text(html).trim()).toBe('');
  });

  it('shows the number and a send button first, then the code field after sending', async () => {
    const first = await render('bn', form());
    expect(tag(first, 'phone-verify')).not.toBe('');
    expect(text(first)).toContain('০১৭১২৩৪৫৬৭৮ নম্বরে আমরা ৬ সংখ্যার একটি কোড এসএমএস করে পাঠাব।');
    expect(tag(first, 'phone-send-code')).not.toContain('disabled');
    expect(text(first)).toContain('কোড পাঠান');
    expect(tag(first, 'phone-code')).toBe('');
    expect(tag(first, 'phone-verify-submit')).toBe('');
    // Not your number: the profile's edit dialog, at the phone.
    expect(href(first, 'phone-change')).toBe('/profile/myprofile?edit=phone');

    const sent = await render('en', form({ sent: true, code: '১২৩' }));
    expect(text(sent)).toContain('We texted a 6-digit code to 01712345678. It works for 5 minutes.');
    const code = input(sent, 'phone-code');
    expect(code).toContain('inputMode="numeric"');
    expect(code).toContain('autoComplete="one-time-code"');
    expect(code).toContain('maxLength="6"');
    expect(code).toContain('value="১২৩"');
    expect(code).toContain('aria-invalid="false"');
    // Enter in the field submits the form: the verify button is its submit button.
    expect(tag(sent, 'phone-verify-submit')).toContain('type="submit"');
    expect(tag(sent, 'phone-verify')).toMatch(/^<form/);
    expect(tag(sent, 'phone-send-code')).toContain('type="button"');
    expect(text(sent)).toContain('Send a new code');

    const busy = await render('en', form({ sent: true, verifying: true }));
    expect(tag(busy, 'phone-verify-submit')).toContain('disabled');
    expect(text(busy)).toContain('Verifying…');
  });

  it('asks at once for the code texted on signing up (router state), the next one a minute after it', async () => {
    expect(codeSentAt(undefined)).toBeNull();
    expect(codeSentAt({ from: '/x' })).toBeNull();
    expect(codeSentAt({ sent: 'yes' })).toBeNull();
    expect(codeSentAt(codeSent(1000), 5000)).toBe(1000);
    // No time (or one still to come): counted from now.
    expect(codeSentAt({ sent: true }, 5000)).toBe(5000);
    expect(codeSentAt({ sent: true, sentAt: 9000 }, 5000)).toBe(5000);

    const now = Date.now();
    const html = await render('en', <PhoneCodeSteps phone={PHONE} sentAt={now} onVerified={noop} />);
    expect(text(html)).toContain('We texted a 6-digit code to 01712345678. It works for 5 minutes.');
    expect(input(html, 'phone-code')).toContain('autoComplete="one-time-code"');
    expect(tag(html, 'phone-verify-submit')).toContain('type="submit"');
    expect(tag(html, 'phone-send-code')).toContain('disabled');
    expect(text(html)).toContain('New code in 60 s');
    const later = await render('bn', <PhoneCodeSteps phone={PHONE} sentAt={now - 45_000} onVerified={noop} />);
    expect(text(later)).toMatch(/(১[৪৫]) সেকেন্ড পরে নতুন কোড/);

    // Arriving otherwise, the page offers to send one first.
    const plain = await render('en', <PhoneCodeSteps phone={PHONE} sentAt={null} onVerified={noop} />);
    expect(input(plain, 'phone-code')).toBe('');
    expect(tag(plain, 'phone-send-code')).not.toContain('disabled');
  });

  it('counts down to the next code, in Bangla digits in Bangla', async () => {
    const en = await render('en', form({ sent: true, secondsLeft: 42 }));
    expect(tag(en, 'phone-send-code')).toContain('disabled');
    expect(text(en)).toContain('New code in 42 s');
    const bn = await render('bn', form({ sent: true, secondsLeft: 9 }));
    expect(tag(bn, 'phone-send-code')).toContain('disabled');
    expect(text(bn)).toContain('৯ সেকেন্ড পরে নতুন কোড');
    const over = await render('bn', form({ sent: true, secondsLeft: 0 }));
    expect(tag(over, 'phone-send-code')).not.toContain('disabled');
    expect(text(over)).toContain('নতুন কোড পাঠান');
  });

  it("shows the server's message for a wrong code under the field, and a refused send above it", async () => {
    const message = 'This code is not right. Check the text message and try again.';
    stubFetch(() => json({ message, code: 'otp_wrong', errors: { otp: [message] } }, 422));
    const err = await verifyPhoneCode('000000').catch((e: unknown) => e);
    const codeError = fieldErrorsOf(err).otp;
    expect(codeError).toBe(message);
    const html = await render('en', form({ sent: true, code: '000000', codeError }));
    expect(input(html, 'phone-code')).toContain('aria-invalid="true"');
    expect(text(html)).toContain(message);
    expect(text(html)).not.toContain('The code from the text message');

    const tooSoon = new ApiError(429, 'Too many', 'too_many_attempts', {});
    expect(isTooSoon(tooSoon)).toBe(true);
    expect(isAlreadyVerified(new ApiError(409, 'x', 'already_verified', {}))).toBe(true);
    expect(isPhoneMissing(new ApiError(422, 'x', 'phone_missing', { phone: ['x'] }))).toBe(true);
    const refused = await render('bn', form({ sent: true, sendError: 'অনেকবার চেষ্টা করা হয়েছে।' }));
    expect(tag(refused, 'phone-send-error')).not.toBe('');
    expect(tag(refused, 'phone-code')).not.toBe('');
  });

  it('says the number is verified (now or already) with the way back to the profile, and leads an account without one to add it', async () => {
    const now = await render('en', <PhoneVerified phone={PHONE} justNow />);
    expect(tag(now, 'phone-verified')).not.toBe('');
    expect(text(now)).toContain('Mobile number verified');
    expect(text(now)).toContain('Your mobile number 01712345678 is now verified.');
    expect(href(now, 'phone-to-profile')).toBe('/profile/myprofile');

    const already = await render('bn', <PhoneVerified phone={PHONE} />);
    expect(text(already)).toContain('আপনার মোবাইল নম্বর ০১৭১২৩৪৫৬৭৮ আগেই যাচাই করা হয়েছে।');
    expect(text(already)).toContain('প্রোফাইলে ফিরে যান');

    const missing = await render('en', <PhoneMissing />);
    expect(tag(missing, 'phone-missing')).not.toBe('');
    expect(text(missing)).toContain('Your account has no mobile number.');
    expect(href(missing, 'phone-add')).toBe('/profile/myprofile?edit=phone');
    for (const lang of ['en', 'bn'] as const) expect(Object.keys(resources[lang].auth.phone as object).length).toBeGreaterThan(15);
  });
});
