import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, testI18n, text } from '../../../lib/test-render';
import { fetchCoupon, fetchCoupons, type Coupon } from '../api/coupons-api';
import { COUPON_FIELDS, couponBody, couponProblems, couponState, couponValues, discountText, type CouponField, type CouponFormValues } from '../hooks/coupon-form';
import { couponKeys, deleteCouponMutation, saveCouponMutation } from '../hooks/use-coupons';
import { CouponForm } from './coupon-form-page';
import { CouponsTable } from './coupon-list-page';
import CouponPages, { couponIdParam } from './coupon-pages';

afterEach(() => {
  vi.unstubAllGlobals();
});

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 7,
  code: 'EID-2026',
  kind: 'percent',
  percent: 20,
  amount_poisha: null,
  starts_on: '2026-03-01',
  ends_on: '2099-03-31',
  max_uses: 10,
  per_learner: 1,
  used: 3,
  course_ids: [],
  category_ids: [],
  active: true,
  created_at: '2026-02-20T04:30:00Z',
  ...over,
});

const fixed = coupon({ id: 6, code: 'TAKA500', kind: 'fixed', percent: null, amount_poisha: 50_000, starts_on: null, ends_on: null, max_uses: null, used: 0 });
const expired = coupon({ id: 5, code: 'OLD', ends_on: '2020-01-31', starts_on: null });
const off = coupon({ id: 4, code: 'PAUSED', active: false });

const page = <T,>(data: T[], over: object = {}) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over });

const values = (over: Partial<CouponFormValues> = {}): CouponFormValues => ({ ...couponValues(null), code: 'EID-2026', percent: '20', ...over });

/** The form with each field's refusal worded as the app words the server's error `err`. */
function ServerRefused({ err, v }: { err: unknown; v: CouponFormValues }) {
  const fieldText = useFieldErrorText();
  const errors: Partial<Record<CouponField, string>> = {};
  for (const f of COUPON_FIELDS) {
    const message = fieldText(err, f);
    if (message) errors[f] = message;
  }
  return <CouponForm values={v} errors={errors} busy={false} onChange={noop} onSubmit={noop} />;
}

describe('the coupon list', () => {
  const at = (qc: QueryClient, url = '/settings/coupons', lang: 'en' | 'bn' = 'bn') =>
    render(lang, <CouponPages />, { at: url, path: url.startsWith('/settings/coupons/') ? '/settings/coupons/:id' : '/settings/coupons', qc });
  const cached = (list: ReturnType<typeof page<Coupon>>, search = '') => {
    const qc = new QueryClient();
    qc.setQueryData(couponKeys.list({ page: 1, search }), list);
    return qc;
  };

  it('asks for the coupons with the page and the search', async () => {
    const fetchMock = stubFetch(() => json(page([coupon()])));
    await fetchCoupons({ page: 2, search: 'EID' });
    expect(fetchCall(fetchMock)[0]).toBe('/admin-settings/coupons?page=2&limit=20&search=EID');
    await fetchCoupons({ page: 1 });
    expect(fetchCall(fetchMock, 1)[0]).toBe('/admin-settings/coupons?page=1&limit=20');
  });

  it('lists code, discount, validity, uses and state in Bangla digits, with a search box and the way to a new coupon', async () => {
    const html = await at(cached(page([coupon(), fixed, expired, off])));
    expect(tag(html, 'coupon-list-page')).not.toBe('');
    expect(html.match(/data-testid="coupon"/g)).toHaveLength(4);
    // The static render has no wide screen: cards.
    expect(tag(html, 'coupon-cards')).not.toBe('');
    const shown = text(html);
    for (const s of ['EID-2026', '২০%', 'TAKA500', '৫০০৳', '১০টির মধ্যে ৩টি', '০টি, সীমা নেই', 'সবসময়', '৪টি কুপন']) expect(shown).toContain(s);
    expect(shown).toContain('১ মার্চ, ২০২৬');
    expect([...html.matchAll(/data-testid="coupon-state" data-state="(\w+)"/g)].map((m) => m[1])).toEqual(['active', 'active', 'expired', 'off']);
    expect(shown).toContain('মেয়াদোত্তীর্ণ');
    expect(shown).toContain('বন্ধ');
    expect(tag(html, 'coupons-search')).not.toBe('');
    expect(href(html, 'new-coupon')).toBe('/settings/coupons/new');
    expect(href(html, 'edit-coupon')).toBe('/settings/coupons/7');
    expect(html.match(/data-testid="delete-coupon"/g)).toHaveLength(4);

    const table = await render('en', <CouponsTable items={[coupon(), fixed]} lang="en" busy={6} onDelete={noop} />);
    for (const col of ['Code', 'Discount', 'Valid', 'Uses', 'State']) expect(text(table)).toContain(col);
    expect(text(table)).toContain('20%');
    expect(text(table)).toContain('৳500');
    expect(text(table)).toContain('3 of 10');
    expect(text(table)).toContain('0, no limit');
    expect(text(table)).toContain('Always');
    expect(text(table)).toMatch(/1 Mar 2026 – 31 Mar 2099/);
    expect(tag(table, 'coupons-table')).not.toBe('');
    // The coupon being deleted cannot be deleted twice.
    expect([...table.matchAll(/<button[^>]*data-testid="delete-coupon"[^>]*>/g)].map((m) => m[0].includes('disabled'))).toEqual([false, true]);
  });

  it('says when there is no coupon yet, or none matches the search', async () => {
    const none = await at(cached(page([])), '/settings/coupons', 'en');
    expect(tag(none, 'empty-state')).not.toBe('');
    expect(text(none)).toContain('No coupons yet.');
    expect(text(none)).toContain('New coupon');
    const unmatched = await at(cached(page([]), 'XYZ'), '/settings/coupons?search=XYZ', 'en');
    expect(text(unmatched)).toContain('No coupon matches this search.');
  });

  it('tells active, off and expired apart, and words the discount in both languages', () => {
    expect(couponState(coupon(), '2026-04-01')).toBe('active');
    expect(couponState(coupon({ ends_on: '2026-03-31' }), '2026-03-31')).toBe('active');
    expect(couponState(coupon({ ends_on: '2026-03-31' }), '2026-04-01')).toBe('expired');
    expect(couponState(off, '2026-04-01')).toBe('off');
    expect(discountText(coupon(), 'bn')).toBe('২০%');
    expect(discountText(fixed, 'en')).toBe('৳500');
    expect(discountText({ kind: 'fixed', percent: null, amount_poisha: 50_050 }, 'bn')).toBe('৫০০.৫০৳');
  });

  it('deletes with DELETE and tells whether the coupon was deleted or, used by orders, switched off', async () => {
    const answers = [json({ data: { ok: true } }), json(page([{ ...coupon(), active: false }]))];
    const fetchMock = stubFetch(() => answers.shift()!);
    const qc = new QueryClient();
    qc.setQueryData(couponKeys.list({ page: 1, search: '' }), page([coupon()]));
    expect(await runMutation(deleteCouponMutation(qc), coupon(), qc)).toBe('switched_off');
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/admin-settings/coupons/7');
    expect(init.method).toBe('DELETE');
    expect(fetchCall(fetchMock, 1)[0]).toBe('/admin-settings/coupons?page=1&limit=100&search=EID-2026');
    expect(qc.getQueryState(couponKeys.list({ page: 1, search: '' }))?.isInvalidated).toBe(true);

    const gone = [json({ data: { ok: true } }), json(page([coupon({ id: 8, code: 'EID-2026-B' })]))];
    stubFetch(() => gone.shift()!);
    expect(await runMutation(deleteCouponMutation(qc), coupon(), qc)).toBe('deleted');
  });
});

describe('the coupon form', () => {
  it('checks the values as the server does', () => {
    expect(couponProblems(values())).toEqual({});
    expect(couponProblems(values({ code: 'x' })).code).toBe('coupon_code_invalid');
    expect(couponProblems(values({ code: 'eid 2026' })).code).toBe('coupon_code_invalid');
    expect(couponProblems(values({ code: 'eid-২০২৬' })).code).toBe('coupon_code_invalid');
    expect(couponProblems(values({ code: ' eid_2026 ' })).code).toBeUndefined();
    for (const bad of ['', '0', '101', '12.5', 'abc']) expect(couponProblems(values({ percent: bad })).percent, bad).toBe('percent_invalid');
    expect(couponProblems(values({ percent: '১০০' })).percent).toBeUndefined();
    expect(couponProblems(values({ kind: 'fixed', amount: '' })).amount).toBe('amount_invalid');
    expect(couponProblems(values({ kind: 'fixed', amount: '০' })).amount).toBe('amount_invalid');
    expect(couponProblems(values({ kind: 'fixed', amount: '৳৫০০.৫০', percent: '' }))).toEqual({});
    expect(couponProblems(values({ starts_on: '2026-04-01', ends_on: '2026-03-31' })).ends_on).toBe('end_before_start');
    expect(couponProblems(values({ max_uses: '0' })).max_uses).toBe('invalid_limit');
    expect(couponProblems(values({ max_uses: '' })).max_uses).toBeUndefined();
    expect(couponProblems(values({ per_learner: '' })).per_learner).toBe('invalid_limit');
  });

  it('sends Bangla digits as numbers and the amount in ASCII digits, empty limits and dates as null', async () => {
    const fetchMock = stubFetch(() => json({ data: fixed }, 201));
    const qc = new QueryClient();
    qc.setQueryData(couponKeys.list({ page: 1, search: '' }), page([]));
    const typed = values({ code: ' taka500 ', kind: 'fixed', percent: '২০', amount: '৳৫,০০০.৫০', max_uses: '১০', per_learner: '২', course_ids: [3, 4], category_ids: [9] });
    await runMutation(saveCouponMutation(qc), typed, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/admin-settings/coupons/create');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      code: 'TAKA500',
      kind: 'fixed',
      percent: null,
      amount: '5000.50',
      starts_on: null,
      ends_on: null,
      max_uses: 10,
      per_learner: 2,
      course_ids: [3, 4],
      category_ids: [9],
      active: true,
    });
    expect(qc.getQueryState(couponKeys.list({ page: 1, search: '' }))?.isInvalidated).toBe(true);

    // Editing sends every field with the id, with PUT; a percent coupon sends its percent as a number.
    const edit = stubFetch(() => json({ data: coupon() }));
    await runMutation(saveCouponMutation(qc, 7), values({ percent: '২০', starts_on: '2026-03-01', ends_on: '2026-03-31', max_uses: '' }), qc);
    const [editUrl, editInit] = fetchCall(edit);
    expect(editUrl).toBe('/admin-settings/coupons/update');
    expect(editInit.method).toBe('PUT');
    expect(JSON.parse(String(editInit.body))).toMatchObject({ id: 7, code: 'EID-2026', kind: 'percent', percent: 20, amount: null, starts_on: '2026-03-01', ends_on: '2026-03-31', max_uses: null, per_learner: 1 });
    // A coupon to edit comes back in the interface's digits.
    expect(couponValues(fixed, 'bn')).toMatchObject({ kind: 'fixed', amount: '৫০০', max_uses: '', per_learner: '১', percent: '' });
    expect(couponValues(coupon({ amount_poisha: 50_050, kind: 'fixed' }), 'en').amount).toBe('500.50');
  });

  it('has text fields with the right keypads (never type=number), a kind choice, dates, limits, the scope and the switch', async () => {
    const html = await render('bn', <CouponForm values={{ ...couponValues(null, 'bn'), code: 'EID-2026', percent: '২০' }} errors={{}} busy={false} onChange={noop} onSubmit={noop} />);
    expect(tag(html, 'coupon-form')).toMatch(/^<form/);
    expect(input(html, 'coupon-code')).toContain('value="EID-2026"');
    expect(input(html, 'coupon-percent')).toContain('inputMode="numeric"');
    expect(input(html, 'coupon-percent')).toContain('value="২০"');
    expect(input(html, 'coupon-amount')).toBe('');
    expect(input(html, 'coupon-max_uses')).toContain('inputMode="numeric"');
    expect(input(html, 'coupon-per_learner')).toContain('value="১"');
    expect(input(html, 'coupon-starts_on')).toContain('type="date"');
    expect(html).not.toContain('type="number"');
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(input(html, 'coupon-courses')).not.toBe('');
    expect(input(html, 'coupon-categories')).not.toBe('');
    expect(text(html)).toContain('কিছু না বাছলে কুপনটি সব কোর্সের জন্য প্রযোজ্য।');
    expect(text(html)).toContain('শতাংশ');
    expect(text(html)).toContain('নির্দিষ্ট পরিমাণ');
    expect(tag(html, 'save-coupon')).toContain('type="submit"');

    const amount = await render('en', <CouponForm values={values({ kind: 'fixed', amount: '৫০০.৫০' })} errors={{}} busy={false} onChange={noop} onSubmit={noop} />);
    expect(input(amount, 'coupon-amount')).toContain('inputMode="decimal"');
    expect(input(amount, 'coupon-amount')).toContain('value="৫০০.৫০"');
    expect(input(amount, 'coupon-percent')).toBe('');
    expect(text(amount)).toContain('Amount (৳)');
  });

  it("puts the server's refusals on their fields, in its words or, for a code we know, in ours", async () => {
    // As the API answers now: validation_failed, each field with its translated message.
    const several = new ApiError(422, 'The given data was invalid.', 'validation_failed', {
      code: ['A coupon code has 3 to 32 letters, digits, - or _.'],
      percent: ['Give a percentage from 1 to 100.'],
      max_uses: ['Enter a whole number of at least 1.'],
      course_ids: ['Choose one of the offered values.'],
    });
    const html = await render('en', <ServerRefused err={several} v={values({ code: 'X', percent: '200', max_uses: '0' })} />);
    expect(input(html, 'coupon-code')).toContain('aria-invalid="true"');
    expect(input(html, 'coupon-percent')).toContain('aria-invalid="true"');
    expect(input(html, 'coupon-max_uses')).toContain('aria-invalid="true"');
    expect(input(html, 'coupon-per_learner')).toContain('aria-invalid="false"');
    expect(text(html)).toContain('Give a percentage from 1 to 100.');
    expect(text(html)).toContain('Enter a whole number of at least 1.');
    expect(text(html)).toContain('Choose one of the offered values.');
    expect(text(html)).not.toContain('From 1 to 100');

    // One field at fault with its own code (as the contract describes it): in our words.
    const taken = new ApiError(422, 'x', 'coupon_code_taken', { code: ['Another coupon of this site has this code.'] });
    const bn = await render('bn', <ServerRefused err={taken} v={values()} />);
    expect(input(bn, 'coupon-code')).toContain('aria-invalid="true"');
    expect(text(bn)).toContain('এই সাইটের আরেকটি কুপনে এই কোড আগে থেকেই আছে।');
    expect(input(bn, 'coupon-percent')).toContain('aria-invalid="false"');
  });

  it('opens a new coupon at /settings/coupons/new and a listed one at its id; another :id is not found', async () => {
    const qc = new QueryClient();
    qc.setQueryData(couponKeys.list({ page: 1, search: '' }), page([coupon(), fixed]));
    const fresh = await render('en', <CouponPages />, { at: '/settings/coupons/new', path: '/settings/coupons/:id', qc });
    expect(text(fresh)).toContain('New coupon');
    expect(input(fresh, 'coupon-code')).toContain('value=""');
    expect(href(fresh, 'back-to-coupons')).toBe('/settings/coupons');

    const edit = await render('bn', <CouponPages />, { at: '/settings/coupons/6', path: '/settings/coupons/:id', qc });
    expect(text(edit)).toContain('TAKA500 কুপন সম্পাদনা');
    expect(input(edit, 'coupon-amount')).toContain('value="৫০০"');
    expect(edit).toMatch(/<input[^>]*value="fixed"[^>]*checked|<input[^>]*checked[^>]*value="fixed"/);

    const missing = await render('en', <CouponPages />, { at: '/settings/coupons/abc', path: '/settings/coupons/:id', qc });
    expect(tag(missing, 'not-found-page')).not.toBe('');
    expect(couponIdParam('12')).toBe(12);
    expect(couponIdParam('0')).toBeNull();
    expect(couponIdParam('1e3')).toBeNull();
  });

  it('finds a coupon to edit by reading the list page by page (the API has no call for one coupon)', async () => {
    const answers = [json(page([coupon({ id: 30 })], { current_page: 1, last_page: 2 })), json(page([coupon({ id: 7 })], { current_page: 2, last_page: 2 }))];
    const fetchMock = stubFetch(() => answers.shift()!);
    expect((await fetchCoupon(7))?.id).toBe(7);
    expect(fetchCall(fetchMock)[0]).toBe('/admin-settings/coupons?page=1&limit=100');
    expect(fetchCall(fetchMock, 1)[0]).toBe('/admin-settings/coupons?page=2&limit=100');
    stubFetch(() => json(page([coupon({ id: 30 })])));
    expect(await fetchCoupon(7)).toBeNull();
  });

  it('words every client check in both languages', async () => {
    for (const lang of ['en', 'bn'] as const) {
      const i18n = await testI18n(lang);
      for (const key of ['errors:coupon_code_invalid', 'errors:percent_invalid', 'errors:end_before_start', 'payments:coupons.problems.invalid_limit', 'payments:coupons.problems.amount_invalid']) {
        expect(i18n.exists(key), `${lang} ${key}`).toBe(true);
      }
    }
    const html = await render('bn', <CouponForm values={values({ max_uses: '০' })} errors={{ max_uses: 'কমপক্ষে ১ এর একটি পূর্ণ সংখ্যা লিখুন।' }} busy={false} onChange={noop} onSubmit={noop} />);
    expect(input(html, 'coupon-max_uses')).toContain('aria-invalid="true"');
    expect(text(html)).toContain('কমপক্ষে ১ এর একটি পূর্ণ সংখ্যা লিখুন।');
    expect(couponBody(values({ kind: 'percent', percent: '৫০', amount: '100' })).amount).toBeNull();
  });
});
