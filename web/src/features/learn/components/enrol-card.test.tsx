import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import { errorText, fetchCall, json, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Batch, CourseDetails } from '../api/learn-api';
import { checkoutOptions, toGateway } from '../hooks/use-checkout';
import { EnrolCard } from './enrol-card';

// Signed in as a learner (a static render has no token otherwise).
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({ token: 'tok', isSignedIn: true, user: null, menuClass: 'learner', roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

const batch = (over: Partial<Batch>): Batch => ({
  id: 11,
  course_id: 3,
  name: 'Morning',
  name_bn: 'সকাল',
  start_date: '2026-03-01',
  end_date: null,
  enrolment_limit: null,
  let_enroll: 1,
  certificate_approval: false,
  published: true,
  featured: false,
  enrolled_count: 0,
  pending_count: 0,
  price_poisha: 150_000,
  currency: 'BDT',
  ...over,
});

const course = (batches: Batch[]) => ({ uuid: 'c-uuid', slug: 'fractions', title: 'Fractions', title_bn: 'ভগ্নাংশ', price: 1500, batches, wishlisted: false }) as unknown as CourseDetails;

/** A client that knows the learner is not enrolled yet. */
function notEnrolled() {
  const qc = new QueryClient();
  qc.setQueryData(['enrolled-check', 'c-uuid', 'tok'], { enrolled: false, status: null, enrollment_id: null, batch_id: null });
  return qc;
}

const started = { order: { uuid: 'o-1', state: 'pending' }, redirect_url: 'https://sandbox.sslcommerz.com/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=abc' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('enrolment card of a paid batch', () => {
  it("shows the chosen batch's price in taka, in Bangla digits, and a Buy button instead of Enrol", async () => {
    const html = await render('bn', <EnrolCard course={course([batch({})])} slug="fractions" />, { qc: notEnrolled() });
    expect(text(html)).toContain('১,৫০০৳');
    expect(tag(html, 'buy-button')).not.toBe('');
    expect(tag(html, 'buy-button')).not.toContain('disabled');
    expect(text(html)).toContain('১,৫০০৳ দিয়ে কিনুন');
    expect(tag(html, 'enrol-button')).toBe('');

    const en = await render('en', <EnrolCard course={course([batch({ price_poisha: 150_050 })])} slug="fractions" />, { qc: notEnrolled() });
    expect(text(en)).toContain('Buy for ৳1,500.50');

    // A free batch is enrolled in as before.
    const free = await render('bn', <EnrolCard course={course([batch({ price_poisha: 0 })])} slug="fractions" />, { qc: notEnrolled() });
    expect(tag(free, 'buy-button')).toBe('');
    expect(tag(free, 'enrol-button')).not.toBe('');
    expect(text(free)).toContain((resources.bn.common.course_card as Record<string, string>).free);
    expect(text(free)).not.toContain('৳');
  });

  it('a full paid batch cannot be bought', async () => {
    const html = await render('en', <EnrolCard course={course([batch({ enrolment_limit: 2, enrolled_count: 2 })])} slug="fractions" />, { qc: notEnrolled() });
    expect(tag(html, 'buy-button')).toContain('disabled');
  });

  it('opens the order with an Idempotency-Key kept for the attempt, then sends the browser to the gateway', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const fetchMock = stubFetch(() => json({ data: started }, 201));
    const key = { current: null as string | null };
    await runMutation(checkoutOptions(key, toGateway), 11);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/transactions/create');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ batch_id: 11 });
    const sent = (init.headers as Record<string, string>)['Idempotency-Key'];
    expect(sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(assign).toHaveBeenCalledWith(started.redirect_url);

    // The same attempt (a second click, a retried request) sends the same key: the same order.
    await runMutation(checkoutOptions(key, toGateway), 11);
    expect((fetchCall(fetchMock, 1)[1].headers as Record<string, string>)['Idempotency-Key']).toBe(sent);
  });

  it('shows a refusal in the interface language and starts a new attempt after it', async () => {
    const fetchMock = stubFetch(() => json({ message: 'Already enrolled.', code: 'already_enrolled', errors: {} }, 409));
    const key = { current: 'first-attempt' as string | null };
    const go = vi.fn();
    const shown = vi.fn();
    const err = await runMutation(checkoutOptions(key, go, shown), 11).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((fetchCall(fetchMock)[1].headers as Record<string, string>)['Idempotency-Key']).toBe('first-attempt');
    expect(go).not.toHaveBeenCalled();
    expect(shown).toHaveBeenCalledWith(err);
    expect(key.current).toBeNull();
    expect(await errorText('bn', err)).toContain('আপনি ইতিমধ্যে এই কোর্সে ভর্তি আছেন।');
    expect(await errorText('en', new ApiError(502, 'Bad gateway', 'payment_gateway_unavailable', {}))).toContain('The payment gateway could not be reached.');
    expect(await errorText('bn', new ApiError(422, 'x', 'batch_free', { batch_id: ['x'] }))).toContain('বিনামূল্যে');

    // The next try is a new attempt with a new key.
    stubFetch(() => json({ data: started }, 201));
    await runMutation(checkoutOptions(key, go), 11);
    expect(key.current).not.toBe('first-attempt');
    expect(key.current).toMatch(/^[0-9a-f-]{36}$/);
    expect(go).toHaveBeenCalledWith(started.redirect_url);
  });
});
