import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { Lang } from '../../../lib/lang';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fieldErrorsOf } from '../../../lib/use-error-text';
import { fetchCall, input, json, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { UserInfo } from '../../../lib/types';
import type { AuthResult } from '../api/auth-api';
import { emailProblem, phoneOk, registrationBody, registrationMutation, type RegistrationForm } from '../hooks/registration';
import RegistrationPage from './registration-page';

const user: UserInfo = { id: 9, name: 'Rina', email: null, phone: '+8801712345678', email_verified: false, phone_verified: false, photo: null, roles: [], currentrole: null };
const result: AuthResult = { token: 'new-bearer', user };
const form = (over: Partial<RegistrationForm>): RegistrationForm => ({ name: ' Rina ', email: '', phone: '', password: 'a-long-pass', ...over });

/** Signs up with `v` against a stubbed register; the request's body and what signIn was called with. */
async function signUp(v: RegistrationForm) {
  const fetchMock = stubFetch(() => json({ data: result }, 201));
  const signIn = vi.fn();
  await runMutation(registrationMutation(signIn), v);
  const [url, init] = fetchCall(fetchMock);
  expect(url).toBe('/my-account/user/register');
  expect(init.method).toBe('POST');
  return { body: JSON.parse(String(init.body)) as unknown, signIn };
}

const page = (lang: Lang) =>
  render(
    lang,
    <SiteProvider initial={DEFAULT_SITE}>
      <RegistrationPage />
    </SiteProvider>,
    { at: '/registration' },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration page', () => {
  it('takes an e-mail address or a mobile number, the e-mail saying it may be left for the number', async () => {
    const en = await page('en');
    expect(tag(en, 'registration-form')).toMatch(/^<form/);
    expect(text(en)).toContain('E-mail (or give a mobile number below)');
    expect(input(en, 'email')).not.toMatch(/\brequired\b/);
    const phone = input(en, 'phone');
    expect(phone).toContain('type="tel"');
    expect(phone).toContain('autoComplete="tel"');
    expect(text(en)).toContain('Mobile number');
    expect(text(en)).toContain('For example 01712345678.');
    expect(tag(en, 'registration-submit')).toContain('type="submit"');

    const bn = await page('bn');
    expect(text(bn)).toContain('ই-মেইল (অথবা নিচে মোবাইল নম্বর দিন)');
    expect(text(bn)).toContain('যেমন ০১৭১২৩৪৫৬৭৮।');
  });

  it('checks, as the server does, that one of the two is given and the number is a mobile one', () => {
    expect(emailProblem('', '')).toBe('contact_required');
    expect(emailProblem('  ', ' ')).toBe('contact_required');
    expect(emailProblem('', '01712345678')).toBeNull();
    expect(emailProblem('rina@example', '')).toBe('email_invalid');
    expect(emailProblem('rina@example', '01712345678')).toBe('email_invalid');
    expect(emailProblem(' rina@example.com ', '')).toBeNull();
    for (const ok of ['', '  ', '01712345678', '+880 1712-345678', '০১৭১২৩৪৫৬৭৮']) expect(phoneOk(ok)).toBe(true);
    for (const bad of ['01212345678', '1712345678', '12345']) expect(phoneOk(bad)).toBe(false);
  });

  it('signs up with a phone only, an empty e-mail address sent, and goes to verify the number with the code just texted', async () => {
    const before = Date.now();
    const { body, signIn } = await signUp(form({ phone: ' 01712345678 ' }));
    expect(body).toEqual({ name: 'Rina', email: '', phone: '01712345678', password: 'a-long-pass' });
    expect(signIn).toHaveBeenCalledTimes(1);
    const [signedIn, to, state] = signIn.mock.calls[0] as [AuthResult, string, { sent: boolean; sentAt: number }];
    expect(signedIn).toEqual(result);
    expect(to).toBe('/mobile-verification');
    expect(state.sent).toBe(true);
    expect(state.sentAt).toBeGreaterThanOrEqual(before);
    expect(state.sentAt).toBeLessThanOrEqual(Date.now());
  });

  it('with an e-mail address (and a phone or not) goes where signing in goes, as before', async () => {
    const withEmail = await signUp(form({ email: ' rina@example.com ' }));
    expect(withEmail.body).toEqual({ name: 'Rina', email: 'rina@example.com', password: 'a-long-pass' });
    expect(withEmail.signIn.mock.calls).toEqual([[result]]);
    const both = await signUp(form({ email: 'rina@example.com', phone: '01712345678' }));
    expect(both.body).toEqual({ name: 'Rina', email: 'rina@example.com', phone: '01712345678', password: 'a-long-pass' });
    expect(both.signIn.mock.calls).toEqual([[result]]);
    expect(registrationBody(form({ phone: '   ' })).phone).toBeUndefined();
  });

  it("puts the server's refusal of neither contact under the e-mail field", async () => {
    const message = 'Give an e-mail address or a mobile number.';
    stubFetch(() => json({ message, code: 'validation_failed', errors: { email: [message] } }, 422));
    const err = await runMutation(registrationMutation(vi.fn()), form({})).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(fieldErrorsOf(err)).toEqual({ email: message });
  });
});
