import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonForm } from '../../../components/ui/reason-dialog';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { deletePromotion, fetchPromotion, fetchPromotions, type Promotion, type PromotionType } from '../api/promotions-api';
import { PROMOTION_FIELDS, promotionBody, promotionProblems, promotionTypeParam, promotionValues, statusParam, type PromotionField, type PromotionFormValues } from '../hooks/promotion-form';
import { decidePromotionMutation, deletePromotionMutation, promotionKeys, savePromotionMutation } from '../hooks/use-promotions';
import { PromotionForm, type PromotionFormProps } from './promotion-form';
import { PromotionsTable } from './promotion-list';
import PromotionPages from './promotion-pages';

// Signed in (a static render has no token otherwise), as a partner admin or the super admin.
const signedIn = vi.hoisted(() => ({ menuClass: 'partner' as 'partner' | 'super' }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({ token: 'tok', isSignedIn: true, user: null, menuClass: signedIn.menuClass, roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  signedIn.menuClass = 'partner';
});

/** This site's institution (the main site's for the super admin). */
const SITE_ID = 4;
const dhaka = { id: SITE_ID, slug: 'dhaka-academy', name: 'Dhaka Academy' };
const sylhet = { id: 5, slug: 'sylhet-school', name: 'Sylhet School' };

const promotion = (over: Partial<Promotion> = {}): Promotion => ({
  id: 7,
  uuid: '7a1e0c2e-0000-4000-8000-000000000007',
  type: 'ads',
  title: 'Eid admission fair',
  details: '',
  position: 'home',
  url: 'https://fair.example.com/eid',
  thumbnail: 'https://dhaka.example.com/promotion/thumbnail/eid.webp',
  course: null,
  course_categories: [],
  genders: [],
  professions: [],
  districts: [],
  age_start: null,
  age_end: null,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  promotion_status: 'pending',
  reason: null,
  institution: dhaka,
  created_at: '2026-02-20T04:30:00Z',
  updated_at: '2026-02-20T04:30:00Z',
  ...over,
});

const approved = promotion({ id: 6, uuid: 'uuid-6', title: 'Spring coding camp', position: 'dashboard', promotion_status: 'approved' });
const rejected = promotion({ id: 5, uuid: 'uuid-5', title: 'Summer sale', position: 'course', promotion_status: 'rejected', reason: 'The link does not open.' });

const page = <T,>(data: T[], over: object = {}) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over });

/** The Promotion Manager at `url`, on a site whose institution is SITE_ID. */
const at = (url: string, qc: QueryClient, lang: 'en' | 'bn' = 'bn') =>
  render(lang, <SiteProvider initial={{ ...DEFAULT_SITE, id: SITE_ID }}><PromotionPages /></SiteProvider>, { at: url, path: '/promotion-manager/:slug?', qc });

const cached = (list: ReturnType<typeof page<Promotion>>, params: { type?: PromotionType; status?: '' | 'pending' | 'approved' | 'rejected'; search?: string; partnerId?: number | null } = {}) => {
  const qc = new QueryClient();
  qc.setQueryData(promotionKeys.list({ type: 'ads', page: 1, search: '', status: '', partnerId: null, ...params }), list);
  return qc;
};

/** The value of the status filter (the select's hidden input). */
const statusFilter = (html: string) => /data-testid="promotions-status"[\s\S]*?<input[^>]*value="([^"]*)"/.exec(html)?.[1];

const values = (over: Partial<PromotionFormValues> = {}): PromotionFormValues => ({
  ...promotionValues(null),
  title: '  Eid admission fair ',
  url: ' https://fair.example.com/eid ',
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  ...over,
});

const form = (over: Partial<PromotionFormProps> = {}) => (
  <PromotionForm type="ads" promotion={null} values={values()} errors={{}} busy={false} onChange={noop} onProblem={noop} onSubmit={noop} onCancel={noop} {...over} />
);

/** The form with each field's refusal worded as the app words the server's error `err`. */
function ServerRefused({ err, type, v }: { err: unknown; type: PromotionType; v: PromotionFormValues }) {
  const fieldText = useFieldErrorText();
  const errors: Partial<Record<PromotionField, string>> = {};
  for (const f of PROMOTION_FIELDS) {
    const message = fieldText(err, f);
    if (message) errors[f] = message;
  }
  return form({ type, values: v, errors });
}

describe('the Promotion Manager route', () => {
  it('opens a page per type, goes from /promotion-manager to the ads, and finds no other slug', async () => {
    expect(promotionTypeParam('jobs')).toBe('jobs');
    expect(promotionTypeParam('internal-course')).toBe('internal-course');
    expect(promotionTypeParam('banners')).toBeNull();
    expect(promotionTypeParam(undefined)).toBeNull();
    const qc = new QueryClient();
    for (const type of ['ads', 'internal-course', 'external-course', 'jobs'] as const) {
      const html = await at(`/promotion-manager/${type}`, qc, 'en');
      expect(tag(html, 'promotion-list-page'), type).toContain(`data-type="${type}"`);
    }
    expect(text(await at('/promotion-manager/jobs', qc, 'en'))).toContain('Job posts');
    expect(text(await at('/promotion-manager/internal-course', qc))).toContain('নিজস্ব কোর্সের প্রচার');
    expect(tag(await at('/promotion-manager/banners', qc), 'not-found-page')).not.toBe('');
    // A redirect: nothing drawn here.
    expect(text(await at('/promotion-manager', qc)).trim()).toBe('');
  });

  it('asks for a type with the page, the search, the status and the partner; one by its uuid; deletes with DELETE', async () => {
    const fetchMock = stubFetch(() => json(page([promotion()])));
    await fetchPromotions({ type: 'jobs', page: 2, search: 'Eid', status: 'pending', partnerId: 5 });
    expect(fetchCall(fetchMock)[0]).toBe('/course/course/promote-course?page=2&limit=20&search=Eid&type=jobs&status=pending&partner_id=5');
    await fetchPromotions({ type: 'ads', page: 1, status: '' });
    expect(fetchCall(fetchMock, 1)[0]).toBe('/course/course/promote-course?page=1&limit=20&type=ads');
    expect((await fetchPromotion('uuid-7'))?.id).toBe(7);
    expect(fetchCall(fetchMock, 2)[0]).toBe('/course/course/promote-course?uuid=uuid-7');

    const del = stubFetch(() => json({ data: { ok: true } }));
    const qc = cached(page([promotion()]));
    await runMutation(deletePromotionMutation(qc), promotion(), qc);
    const [url, init] = fetchCall(del);
    expect(url).toBe(`/course/course/promote-course/delete/${promotion().uuid}`);
    expect(init.method).toBe('DELETE');
    expect(qc.getQueryState(promotionKeys.list({ type: 'ads', page: 1, search: '', status: '', partnerId: null }))?.isInvalidated).toBe(true);
    await deletePromotion('a b');
    expect(fetchCall(del, 1)[0]).toBe('/course/course/promote-course/delete/a%20b');
  });
});

describe("a partner admin's promotions", () => {
  it('lists title, picture, place, days in Bangla digits and status with the reason of a rejection, with search, filter and New', async () => {
    const html = await at('/promotion-manager/ads', cached(page([promotion(), approved, rejected])));
    expect(tag(html, 'promotion-list-page')).toContain('data-mode="partner"');
    expect(html.match(/data-testid="promotion"/g)).toHaveLength(3);
    // The static render has no wide screen: cards.
    expect(tag(html, 'promotion-cards')).not.toBe('');
    const shown = text(html);
    for (const s of ['বিজ্ঞাপন', '৩টি প্রচার', 'Eid admission fair', 'https://fair.example.com/eid', 'হোম পেজ', 'শিক্ষার্থীর ড্যাশবোর্ড', 'কোর্সের পাতা', '১ মার্চ, ২০২৬ – ৩১ মার্চ, ২০২৬']) {
      expect(shown, s).toContain(s);
    }
    expect([...html.matchAll(/data-testid="promotion-status" data-status="(\w+)"/g)].map((m) => m[1])).toEqual(['pending', 'approved', 'rejected']);
    expect(shown).toContain('অনুমোদনের অপেক্ষায়');
    expect(shown).toContain('কারণ: The link does not open.');
    expect(html.match(/data-testid="edit-promotion"/g)).toHaveLength(3);
    expect(html.match(/data-testid="delete-promotion"/g)).toHaveLength(3);
    expect(html.match(/data-testid="approve-promotion"/g)).toBeNull();
    expect(tag(html, 'promotion-partner')).toBe('');
    expect(tag(html, 'new-promotion')).not.toBe('');
    expect(tag(html, 'promotions-search')).not.toBe('');
    expect(statusFilter(html)).toBe('all');

    const table = await render('en', <PromotionsTable items={[promotion(), rejected]} lang="en" mode="partner" siteId={SITE_ID} busy={rejected.uuid} onEdit={noop} onDelete={noop} />);
    for (const col of ['Promotion', 'Shown on', 'Days', 'Status']) expect(text(table)).toContain(col);
    expect(text(table)).not.toContain('Partner');
    expect(text(table)).toContain('1 Mar 2026 – 31 Mar 2026');
    expect(text(table)).toContain('Reason: The link does not open.');
    // The promotion being changed cannot be changed twice.
    expect([...table.matchAll(/<button[^>]*data-testid="delete-promotion"[^>]*>/g)].map((m) => m[0].includes('disabled'))).toEqual([false, true]);
  });

  it('says when there is none yet, or none matches the filter', async () => {
    const none = await at('/promotion-manager/ads', cached(page([])), 'en');
    expect(tag(none, 'empty-state')).not.toBe('');
    expect(text(none)).toContain('Nothing here yet.');
    expect(none.match(/data-testid="new-promotion"/g)).toHaveLength(2);
    const filtered = await at('/promotion-manager/ads?status=rejected', cached(page([]), { status: 'rejected' }));
    expect(text(filtered)).toContain('এই খোঁজ বা ফিল্টারের সঙ্গে কোনো প্রচার মেলেনি।');
    expect(statusFilter(filtered)).toBe('rejected');
    expect(filtered.match(/data-testid="new-promotion"/g)).toHaveLength(1);
    expect(statusParam('approved')).toBe('approved');
    expect(statusParam('all')).toBe('');
    expect(statusParam(null)).toBe('');
  });
});

describe("the super admin's promotions", () => {
  const superCache = (list: ReturnType<typeof page<Promotion>>, params: Parameters<typeof cached>[1] = {}) => {
    signedIn.menuClass = 'super';
    return cached(list, params);
  };

  it("lists every partner's with the partner, Approve and Reject on those waiting, Edit on the main site's own only", async () => {
    const theirs = promotion({ id: 8, uuid: 'uuid-8', title: 'Sylhet open day', institution: sylhet });
    const html = await at('/promotion-manager/ads', superCache(page([promotion(), theirs, rejected])), 'en');
    expect(tag(html, 'promotion-list-page')).toContain('data-mode="super"');
    expect(statusFilter(html)).toBe('all');
    expect(text(html)).toContain('All statuses');
    expect(text(html)).toContain('Dhaka Academy');
    expect(text(html)).toContain('Sylhet School');
    expect(href(html, 'promotion-partner')).toBe(`/promotion-manager/ads?partner=${SITE_ID}`);
    expect(html.match(/data-testid="approve-promotion"/g)).toHaveLength(2);
    expect(html.match(/data-testid="reject-promotion"/g)).toHaveLength(2);
    // Another site's promotion is its admin's to change; the super admin decides and may delete.
    expect(html.match(/data-testid="edit-promotion"/g)).toHaveLength(2);
    expect(html.match(/data-testid="delete-promotion"/g)).toHaveLength(3);

    const one = await at('/promotion-manager/ads?partner=5', superCache(page([theirs]), { partnerId: 5 }), 'en');
    expect(text(one)).toContain('Partner: Sylhet School');
    const table = await render('en', <PromotionsTable items={[theirs]} lang="en" mode="super" siteId={SITE_ID} busy={null} partnerTo={(id) => `?partner=${id}`} onEdit={noop} onDelete={noop} />);
    expect(text(table)).toContain('Partner');
    expect(tag(table, 'edit-promotion')).toBe('');
  });

  it('approves with a POST: the row shows it approved at once and the lists are read again', async () => {
    const fetchMock = stubFetch(() => json({ data: promotion({ promotion_status: 'approved' }) }));
    const qc = superCache(page([promotion()]));
    const key = promotionKeys.list({ type: 'ads', page: 1, search: '', status: '', partnerId: null });
    await runMutation(decidePromotionMutation(qc), { uuid: promotion().uuid, status: 'approved' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(init.method).toBe('POST');
    expect(url).toBe(`/course/course/promote-course/approve/${promotion().uuid}?promotion_status=approved`);
    expect(qc.getQueryData<ReturnType<typeof page<Promotion>>>(key)?.data[0].promotion_status).toBe('approved');
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('rejects with the reason in the query, after asking for it', async () => {
    const fetchMock = stubFetch(() => json({ data: promotion({ promotion_status: 'rejected', reason: 'ছবিটি অস্পষ্ট & লিংক ভাঙা' }) }));
    const qc = superCache(page([promotion()]));
    await runMutation(decidePromotionMutation(qc), { uuid: promotion().uuid, status: 'rejected', reason: '  ছবিটি অস্পষ্ট & লিংক ভাঙা  ' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(init.method).toBe('POST');
    const sent = new URL(url, 'http://site.test');
    expect(sent.pathname).toBe(`/course/course/promote-course/approve/${promotion().uuid}`);
    expect(sent.searchParams.get('promotion_status')).toBe('rejected');
    expect(sent.searchParams.get('reason')).toBe('ছবিটি অস্পষ্ট & লিংক ভাঙা');
    const key = promotionKeys.list({ type: 'ads', page: 1, search: '', status: '', partnerId: null });
    expect(qc.getQueryData<ReturnType<typeof page<Promotion>>>(key)?.data[0].promotion_status).toBe('rejected');

    // The dialog's form, as the list page fills it.
    const dialog = (lang: 'en' | 'bn', error: string | null, body: string) =>
      render(lang, <ReasonForm body={body} label="কারণ" hint={({ n, max }) => `পার্টনার এটি দেখতে পাবে (${n}/${max})`} max={500} reason="" error={error} busy={false} onReason={noop} onConfirm={noop} />);
    const html = await dialog('bn', null, 'Dhaka Academy “Eid admission fair” জমা দিয়েছে।');
    expect(html).toMatch(/<textarea[^>]*id="reject-reason"/);
    expect(text(html)).toContain('পার্টনার এটি দেখতে পাবে (০/৫০০)');
    const refused = await dialog('en', 'Write why the promotion is rejected.', '');
    expect(refused).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(text(refused)).toContain('Write why the promotion is rejected.');
  });
});

describe('the promotion form', () => {
  it('checks what each type needs, as the server does', () => {
    expect(promotionProblems('ads', values())).toEqual({});
    expect(promotionProblems('ads', values({ title: ' ', url: '' }))).toEqual({ title: 'required', url: 'required' });
    expect(promotionProblems('external-course', values({ url: 'fair.example.com' })).url).toBe('invalid_url');
    expect(promotionProblems('ads', values({ url: 'javascript:alert(1)' })).url).toBe('invalid_url');
    // A job needs its description; where to apply is optional (but an address when given).
    expect(promotionProblems('jobs', values({ url: '' }))).toEqual({ details: 'required' });
    expect(promotionProblems('jobs', values({ url: 'ftp://x', details: 'x' })).url).toBe('invalid_url');
    expect(promotionProblems('internal-course', values({ url: '' }))).toEqual({ course_id: 'required' });
    expect(promotionProblems('internal-course', values({ url: '', course_id: 12 }))).toEqual({});
    expect(promotionProblems('ads', values({ start_date: '', end_date: '' }))).toEqual({ start_date: 'required', end_date: 'required' });
    expect(promotionProblems('ads', values({ start_date: '2026-04-01', end_date: '2026-03-31' })).end_date).toBe('end_before_start');
    expect(promotionProblems('ads', values({ age_start: '১২১' })).age_start).toBe('age_invalid');
    expect(promotionProblems('ads', values({ age_start: 'abc', age_end: '১৮' })).age_start).toBe('age_invalid');
    expect(promotionProblems('ads', values({ age_start: '৩০', age_end: '১৮' })).age_end).toBe('age_range_invalid');
    expect(promotionProblems('ads', values({ age_start: '১৮', age_end: '' }))).toEqual({});
  });

  it('sends the body each type takes: an address, a course or a description; ages as numbers; a picture only when picked', async () => {
    const audience = { course_categories: [2], genders: ['female' as const], professions: [3], districts: [1, 47], age_start: '১৮', age_end: '' };
    expect(promotionBody('ads', values(audience))).toEqual({
      type: 'ads',
      title: 'Eid admission fair',
      details: '',
      position: 'home',
      url: 'https://fair.example.com/eid',
      course_id: null,
      course_categories: [2],
      genders: ['female'],
      professions: [3],
      districts: [1, 47],
      age_start: 18,
      age_end: null,
      start_date: '2026-03-01',
      end_date: '2026-03-31',
    });
    expect(promotionBody('external-course', values({ position: 'course' }))).toMatchObject({ type: 'external-course', position: 'course', url: 'https://fair.example.com/eid', course_id: null });
    // The course's page is the server's to set.
    expect(promotionBody('internal-course', values({ course_id: 12 }))).toMatchObject({ type: 'internal-course', url: '', course_id: 12 });
    expect(promotionBody('jobs', values({ details: '  Teacher of physics\nApply by 30 March ', url: '' }))).toMatchObject({ type: 'jobs', details: 'Teacher of physics\nApply by 30 March', url: '', course_id: null });
    expect(promotionBody('ads', values({ thumbnail: 'data:image/png;base64,iVBORw0KGgo=' })).thumbnail).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect('thumbnail' in promotionBody('ads', values())).toBe(false);

    // A new one is POSTed to the list's address, a saved one to its update address; the lists are read again.
    const created = stubFetch(() => json({ data: promotion({ type: 'jobs' }) }, 201));
    const qc = cached(page([]), { type: 'jobs' });
    await runMutation(savePromotionMutation(qc, 'jobs'), values({ details: 'Physics teacher', url: '' }), qc);
    const [url, init] = fetchCall(created);
    expect(url).toBe('/course/course/promote-course');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({ type: 'jobs', details: 'Physics teacher', url: '' });
    expect(qc.getQueryState(promotionKeys.list({ type: 'jobs', page: 1, search: '', status: '', partnerId: null }))?.isInvalidated).toBe(true);
    const updated = stubFetch(() => json({ data: promotion() }));
    await runMutation(savePromotionMutation(qc, 'internal-course', 'uuid-7'), values({ course_id: 12 }), qc);
    expect(fetchCall(updated)[0]).toBe('/course/course/promote-course/update/uuid-7');
    expect(JSON.parse(String(fetchCall(updated)[1].body))).toMatchObject({ type: 'internal-course', course_id: 12, url: '' });

    // A saved promotion comes back in the interface's digits, its picture kept unless another is picked.
    const saved = promotion({ type: 'internal-course', course: { id: 12, uuid: 'c', slug: 'c', title: 'Calculus', title_bn: 'ক্যালকুলাস' }, age_start: 18, age_end: 35, url: 'https://dhaka.example.com/course/details/c' });
    expect(promotionValues(saved, 'bn')).toMatchObject({ course_id: 12, url: '', age_start: '১৮', age_end: '৩৫', thumbnail: null, start_date: '2026-03-01' });
  });

  it('has the fields of each type, who sees it, and the note that saving sends it for approval', async () => {
    const ads = await render('bn', form());
    expect(tag(ads, 'promotion-form')).toMatch(/^<form/);
    expect(input(ads, 'promotion-title')).toContain('value="  Eid admission fair "');
    expect(input(ads, 'promotion-url')).toContain('required');
    expect(ads).toMatch(/<textarea[^>]*id="promotion-details"/);
    expect(input(ads, 'promotion-course')).toBe('');
    expect(input(ads, 'promotion-start_date')).toContain('type="date"');
    expect(input(ads, 'promotion-end_date')).toContain('min="2026-03-01"');
    for (const id of ['promotion-categories', 'promotion-professions', 'promotion-districts', 'promotion-gender-female', 'promotion-gender-male', 'promotion-gender-other']) expect(input(ads, id), id).not.toBe('');
    expect(input(ads, 'promotion-age_start')).toContain('inputMode="numeric"');
    expect(ads).not.toContain('type="number"');
    expect(tag(ads, 'thumbnail-input')).toContain('accept="image/png,image/jpeg,image/webp"');
    const shown = text(ads);
    for (const s of ['নতুন প্রচার: বিজ্ঞাপন', 'কারা দেখবেন', 'কোর্সের ক্যাটাগরি', 'নারী', 'পেশা', 'জেলা', 'বয়স থেকে', 'সংরক্ষণ করলে প্রচারটি অনুমোদনের জন্য প্ল্যাটফর্মে যাবে।']) expect(shown, s).toContain(s);
    expect(tag(ads, 'save-promotion')).toContain('type="submit"');

    const internal = await render('en', form({ type: 'internal-course', values: values({ url: '' }) }));
    expect(input(internal, 'promotion-course')).not.toBe('');
    expect(input(internal, 'promotion-url')).toBe('');
    const jobs = await render('en', form({ type: 'jobs' }));
    expect(jobs).toMatch(/<textarea[^>]*id="promotion-details"[^>]*required/);
    expect(input(jobs, 'promotion-url')).not.toContain('required');
    expect(text(jobs)).toContain('Where to apply (optional)');

    // A saved one: its picture, and the note that a change goes back for approval.
    const edit = await render('bn', form({ promotion: promotion(), values: promotionValues(promotion(), 'bn') }));
    expect(tag(edit, 'thumbnail-preview')).toContain('src="https://dhaka.example.com/promotion/thumbnail/eid.webp"');
    expect(text(edit)).toContain('প্রচার সম্পাদনা');
    expect(text(edit)).toContain('সংরক্ষণ করলে প্রচারটি আবার অনুমোদনের জন্য যাবে');
    const picked = await render('en', form({ promotion: promotion(), values: { ...promotionValues(promotion()), thumbnail: 'data:image/png;base64,iVBORw0KGgo=' } }));
    expect(tag(picked, 'thumbnail-preview')).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(text(picked)).toContain('Keep the saved picture');
  });

  it("puts the server's refusals on their fields, a known code in Bangla", async () => {
    // As the contract describes it: each field with its code.
    const coded = new ApiError(422, 'তথ্য সঠিক নয়।', 'validation_failed', { end_date: ['end_before_start'], url: ['invalid_url'], age_end: ['age_range_invalid'], thumbnail: ['image_too_large'] });
    const bn = await render('bn', <ServerRefused err={coded} type="ads" v={values()} />);
    expect(input(bn, 'promotion-end_date')).toContain('aria-invalid="true"');
    expect(input(bn, 'promotion-url')).toContain('aria-invalid="true"');
    expect(input(bn, 'promotion-age_end')).toContain('aria-invalid="true"');
    expect(input(bn, 'promotion-title')).toContain('aria-invalid="false"');
    const shown = text(bn);
    expect(shown).toContain('শেষের তারিখ শুরুর তারিখের আগে হতে পারে না।');
    expect(shown).toContain('লিংকটি http:// বা https:// দিয়ে শুরু হতে হবে।');
    expect(shown).toContain('শেষের বয়স শুরুর বয়সের চেয়ে কম হতে পারে না।');
    expect(tag(bn, 'thumbnail-error')).not.toBe('');
    expect(shown).toContain('ছবিটি ১ MB-এর চেয়ে বড়।');
    // The hint gives way to the refusal.
    expect(shown).not.toContain('http:// বা https:// দিয়ে শুরু হওয়া পূর্ণ ঠিকানা');

    // As the API may answer too: each field with its message, already translated.
    const worded = new ApiError(422, 'x', 'validation_failed', { course_id: ['এই কোর্সটি এই সাইটের প্রকাশিত কোর্স নয়।'] });
    const course = await render('bn', <ServerRefused err={worded} type="internal-course" v={values({ url: '', course_id: 99 })} />);
    expect(input(course, 'promotion-course')).toContain('aria-invalid="true"');
    expect(text(course)).toContain('এই কোর্সটি এই সাইটের প্রকাশিত কোর্স নয়।');
  });
});
