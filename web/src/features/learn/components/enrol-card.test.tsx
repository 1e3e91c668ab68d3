import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import { fieldProblem } from '../../../lib/field-error-text';
import { errorText, fetchCall, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { fetchPriceQuote, type PriceQuote } from '../api/checkout-api';
import type { Batch, CourseDetails } from '../api/learn-api';
import { checkoutOptions, toGateway, type AttemptKey } from '../hooks/use-checkout';
import { couponReducer, priceQuoteQuery } from '../hooks/use-coupon-quote';
import { CouponBox, type CouponBoxProps } from './coupon-box';
import { EnrolCard } from './enrol-card';

// The coupon's text field is drawn at once (in the app its code comes when the field first shows).
vi.mock('../../../components/ui/late-text-field', async () => ({ LateTextField: (await import('@mui/material/TextField')).default }));

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
function notEnrolled(qc = new QueryClient()) {
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
    const key: AttemptKey = { current: null };
    await runMutation(checkoutOptions(key, toGateway), { batchId: 11 });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/transactions/create');
    expect(init.method).toBe('POST');
    // SSLCommerz unless the learner chose another gateway.
    expect(JSON.parse(String(init.body))).toEqual({ batch_id: 11, gateway: 'sslcommerz' });
    const sent = (init.headers as Record<string, string>)['Idempotency-Key'];
    expect(sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(assign).toHaveBeenCalledWith(started.redirect_url);

    // The same attempt (a second click, a retried request) sends the same key: the same order.
    await runMutation(checkoutOptions(key, toGateway), { batchId: 11 });
    expect((fetchCall(fetchMock, 1)[1].headers as Record<string, string>)['Idempotency-Key']).toBe(sent);
  });

  it('offers bKash or card / mobile banking (SSLCommerz), SSLCommerz chosen at first', async () => {
    const html = await render('bn', <EnrolCard course={course([batch({})])} slug="fractions" />, { qc: notEnrolled() });
    expect(tag(html, 'gateway-sslcommerz')).toMatch(/type="radio"/);
    expect(tag(html, 'gateway-sslcommerz')).toContain('checked=""');
    expect(tag(html, 'gateway-bkash')).toMatch(/type="radio"/);
    expect(tag(html, 'gateway-bkash')).not.toContain('checked');
    expect(text(html)).toContain('বিকাশ');
    expect(text(html)).toContain('কার্ড / মোবাইল ব্যাংকিং');
    const en = await render('en', <EnrolCard course={course([batch({})])} slug="fractions" />, { qc: notEnrolled() });
    expect(text(en)).toContain('Pay with');
    expect(text(en)).toContain('Card / mobile banking (SSLCommerz)');
    // A free batch has nothing to pay.
    const free = await render('en', <EnrolCard course={course([batch({ price_poisha: 0 })])} slug="fractions" />, { qc: notEnrolled() });
    expect(tag(free, 'gateway-bkash')).toBe('');
  });

  it('sends the gateway chosen with checkout, as a new attempt when the choice changes', async () => {
    const fetchMock = stubFetch(() => json({ data: { ...started, order: { ...started.order, gateway: 'bkash' } } }, 201));
    const key: AttemptKey = { current: null };
    await runMutation(checkoutOptions(key, vi.fn()), { batchId: 11, coupon: null, gateway: 'bkash' });
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toEqual({ batch_id: 11, gateway: 'bkash' });
    const first = (fetchCall(fetchMock)[1].headers as Record<string, string>)['Idempotency-Key'];
    // The same choice again: the same attempt.
    await runMutation(checkoutOptions(key, vi.fn()), { batchId: 11, coupon: null, gateway: 'bkash' });
    expect((fetchCall(fetchMock, 1)[1].headers as Record<string, string>)['Idempotency-Key']).toBe(first);
    // Back to SSLCommerz: another attempt, with another key.
    await runMutation(checkoutOptions(key, vi.fn()), { batchId: 11, coupon: null, gateway: 'sslcommerz' });
    expect(JSON.parse(String(fetchCall(fetchMock, 2)[1].body))).toEqual({ batch_id: 11, gateway: 'sslcommerz' });
    const second = (fetchCall(fetchMock, 2)[1].headers as Record<string, string>)['Idempotency-Key'];
    expect(second).not.toBe(first);
    // No gateway named is SSLCommerz, the same attempt.
    await runMutation(checkoutOptions(key, vi.fn()), { batchId: 11, coupon: null });
    expect(JSON.parse(String(fetchCall(fetchMock, 3)[1].body))).toEqual({ batch_id: 11, gateway: 'sslcommerz' });
    expect((fetchCall(fetchMock, 3)[1].headers as Record<string, string>)['Idempotency-Key']).toBe(second);
    expect(await errorText('en', new ApiError(503, 'x', 'payments_not_configured', {}))).toContain('Online payment is not available');
  });

  it('shows a refusal in the interface language and starts a new attempt after it', async () => {
    const fetchMock = stubFetch(() => json({ message: 'Already enrolled.', code: 'already_enrolled', errors: {} }, 409));
    const key: AttemptKey = { current: 'first-attempt' };
    const go = vi.fn();
    const shown = vi.fn();
    const err = await runMutation(checkoutOptions(key, go, shown), { batchId: 11 }).catch((e: unknown) => e);
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
    await runMutation(checkoutOptions(key, go), { batchId: 11 });
    expect(key.current).not.toBe('first-attempt');
    expect(key.current).toMatch(/^[0-9a-f-]{36}$/);
    expect(go).toHaveBeenCalledWith(started.redirect_url);
  });
});

describe('a coupon on the enrolment card', () => {
  const quote: PriceQuote = { list_price_poisha: 150_000, discount_poisha: 30_000, amount_poisha: 120_000, coupon: 'EID-2026' };
  const card = (lang: 'en' | 'bn', qc: QueryClient, at = '/course/details/c-uuid') => render(lang, <EnrolCard course={course([batch({})])} slug="fractions" />, { qc: notEnrolled(qc), at });
  const box = (over: Partial<CouponBoxProps> = {}) => (
    <CouponBox open={false} typed="" applied="" quote={null} error={null} checking={false} onOpen={noop} onTyped={noop} onApply={noop} onRemove={noop} {...over} />
  );

  it('offers "Have a coupon?" on a paid batch, which opens a code field with Apply', async () => {
    const html = await card('bn', new QueryClient());
    expect(tag(html, 'coupon-link')).not.toBe('');
    expect(text(html)).toContain('কুপন আছে?');
    expect(input(html, 'coupon-code')).toBe('');
    const free = await render('en', <EnrolCard course={course([batch({ price_poisha: 0 })])} slug="fractions" />, { qc: notEnrolled() });
    expect(tag(free, 'coupon-link')).toBe('');

    const open = await render('en', box({ open: true, typed: 'EID-2026' }));
    expect(input(open, 'coupon-code')).toContain('value="EID-2026"');
    expect(tag(open, 'coupon-form')).toMatch(/^<form/);
    expect(tag(open, 'coupon-apply')).toContain('type="submit"');
    expect(tag(open, 'coupon-apply')).not.toContain('disabled');
    expect(tag(open, 'coupon-remove')).toBe('');
    expect(tag(await render('en', box({ open: true, typed: ' ' })), 'coupon-apply')).toContain('disabled');
  });

  it('asks for the price of the chosen batch with the code', async () => {
    const fetchMock = stubFetch(() => json({ data: quote }));
    expect(await fetchPriceQuote(11, 'EID-2026')).toEqual(quote);
    expect(fetchCall(fetchMock)[0]).toBe('/learner-course/price-quote?batch_id=11&coupon=EID-2026');
    // Another batch is another question.
    expect(priceQuoteQuery(12, 'EID-2026').queryKey).not.toEqual(priceQuoteQuery(11, 'EID-2026').queryKey);
  });

  it('shows the price struck through, the discount and the new price in Bangla digits, and buys at the new price', async () => {
    const qc = await prefetched(priceQuoteQuery(11, 'EID-2026'), () => json({ data: quote }));
    const html = await card('bn', qc, '/course/details/c-uuid?coupon=eid-2026');
    expect(tag(html, 'coupon-applied')).not.toBe('');
    expect(html).toMatch(/<s[^>]*data-testid="coupon-list-price"[^>]*>১,৫০০৳<\/s>/);
    expect(text(html)).toContain('EID-2026 কুপন');
    expect(text(html)).toContain('−৩০০৳');
    expect(text(html)).toContain('আপনি দেবেন');
    expect(text(html)).toContain('১,২০০৳ দিয়ে কিনুন');
    expect(tag(html, 'coupon-remove')).not.toBe('');
    expect(tag(html, 'buy-button')).not.toContain('disabled');
    const en = await card('en', qc, '/course/details/c-uuid?coupon=EID-2026');
    expect(text(en)).toContain('Buy for ৳1,200');
    expect(text(en)).toContain('Coupon EID-2026');

    // A coupon that makes it free.
    const freeQc = await prefetched(priceQuoteQuery(11, 'FREE'), () => json({ data: { ...quote, discount_poisha: 150_000, amount_poisha: 0, coupon: 'FREE' } }));
    const free = await card('en', freeQc, '/course/details/c-uuid?coupon=FREE');
    expect(text(free)).toContain('Enrol free with the coupon');
    // Nothing left to pay: no gateway to choose.
    expect(tag(free, 'gateway-sslcommerz')).toBe('');
    expect(tag(html, 'gateway-sslcommerz')).toContain('checked=""');
  });

  it('shows why a coupon does not apply under the field, in the server words or, by its code, in ours; the price stays', async () => {
    const qc = await prefetched(priceQuoteQuery(11, 'NOPE'), () =>
      json({ message: 'প্রদত্ত তথ্য সঠিক নয়।', code: 'validation_failed', errors: { coupon: ['এই সাইটে এমন কোনো কুপন নেই।'] } }, 422),
    );
    const html = await card('bn', qc, '/course/details/c-uuid?coupon=NOPE');
    expect(input(html, 'coupon-code')).toContain('aria-invalid="true"');
    expect(input(html, 'coupon-code')).toContain('value="NOPE"');
    expect(text(html)).toContain('এই সাইটে এমন কোনো কুপন নেই।');
    expect(text(html)).toContain('১,৫০০৳ দিয়ে কিনুন');
    expect(tag(html, 'coupon-remove')).not.toBe('');
    expect(tag(html, 'coupon-applied')).toBe('');

    const coded = await prefetched(priceQuoteQuery(11, 'USED'), () => json({ message: 'x', code: 'coupon_used_up', errors: { coupon: ['This coupon has been used up.'] } }, 422));
    const en = await card('en', coded, '/course/details/c-uuid?coupon=USED');
    expect(text(en)).toContain('This coupon has been used up.');
    for (const code of ['coupon_not_found', 'coupon_expired', 'coupon_not_for_course', 'coupon_used_up']) {
      expect(fieldProblem(new ApiError(422, 'x', code, { coupon: ['x y'] }), 'coupon'), code).toEqual({ code });
      expect(await errorText('bn', new ApiError(422, 'x', code, {})), code).not.toBe('x');
    }
  });

  it('applies the code as typed in capitals, and Remove clears it', () => {
    const closed = { open: false, typed: '', applied: '' };
    const opened = couponReducer(closed, { type: 'open' });
    expect(opened.open).toBe(true);
    const typed = couponReducer(opened, { type: 'typed', value: ' eid-2026 ' });
    expect(couponReducer(typed, { type: 'apply' })).toEqual({ open: true, typed: 'EID-2026', applied: 'EID-2026' });
    expect(couponReducer(couponReducer(opened, { type: 'typed', value: '  ' }), { type: 'apply' }).applied).toBe('');
    expect(couponReducer(couponReducer(typed, { type: 'apply' }), { type: 'remove' })).toEqual(closed);
  });

  it('sends the coupon with checkout, as a new attempt when the coupon changes', async () => {
    const fetchMock = stubFetch(() => json({ data: started }, 201));
    const key: AttemptKey = { current: null };
    await runMutation(checkoutOptions(key, vi.fn()), { batchId: 11, coupon: 'EID-2026' });
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toEqual({ batch_id: 11, coupon: 'EID-2026', gateway: 'sslcommerz' });
    const first = (fetchCall(fetchMock)[1].headers as Record<string, string>)['Idempotency-Key'];
    await runMutation(checkoutOptions(key, vi.fn()), { batchId: 11, coupon: 'EID-2026' });
    expect((fetchCall(fetchMock, 1)[1].headers as Record<string, string>)['Idempotency-Key']).toBe(first);
    await runMutation(checkoutOptions(key, vi.fn()), { batchId: 11, coupon: null });
    expect(JSON.parse(String(fetchCall(fetchMock, 2)[1].body))).toEqual({ batch_id: 11, gateway: 'sslcommerz' });
    expect((fetchCall(fetchMock, 2)[1].headers as Record<string, string>)['Idempotency-Key']).not.toBe(first);
  });

  it('goes to this site\'s success page when a coupon made the order free', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    stubFetch(() => json({ data: { order: { uuid: 'o-9', state: 'paid', gateway: 'none' }, redirect_url: '/payment/success/o-9' } }, 201));
    await runMutation(checkoutOptions({ current: null }, toGateway), { batchId: 11, coupon: 'FREE' });
    expect(assign).toHaveBeenCalledWith('/payment/success/o-9');
  });

  it('tells a learner with a payment under way with another coupon to finish or cancel it in My payments', async () => {
    const err = new ApiError(409, 'x', 'payment_in_progress', {});
    expect(await errorText('en', err)).toContain('Finish or cancel it in My payments first.');
    expect(await errorText('bn', err)).toContain('“আমার পেমেন্ট” পাতায়');
    // Not the coupon's refusal: the card shows it with the way to My payments, not under the field.
    expect(fieldProblem(err, 'coupon')).toBeNull();
  });

  it('shows a refusal at checkout of a coupon already applied under its price', async () => {
    const html = await render('en', box({ open: true, applied: 'EID-2026', quote, error: 'This coupon has been used up.' }));
    expect(tag(html, 'coupon-applied')).not.toBe('');
    expect(tag(html, 'coupon-error')).toContain('role="alert"');
    expect(text(html)).toContain('This coupon has been used up.');
  });
});
