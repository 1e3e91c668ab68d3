import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { homeExtrasKeys } from '../../../lib/site-extras';
import { fetchCall, input, json, noop, render, runMutation, stubFetch, tag, text, useWordedErrors } from '../../../lib/test-render';
import type { Page } from '../../../lib/types';
import type { AdminFeedback, Slider } from '../api/site-extras-api';
import { SLIDER_FIELDS, sliderBody, sliderProblems, sliderValues, type SliderFormValues } from '../hooks/slider-form';
import { approveFeedbackMutation, deleteSliderMutation, feedbackKeys, saveSliderMutation, sliderKeys, toggleSliderMutation } from '../hooks/use-site-extras';
import { FeedbackTable } from './feedback-list';
import FeedbackListPage, { feedbackStatusParam } from './feedback-list-page';
import { SliderForm, useSliderProblemText, type SliderFormProps } from './slider-dialog';
import { SlidersTable } from './slider-list';
import SliderListPage from './slider-list-page';

// Signed in (a static render has no token otherwise) as a partner admin.
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({ token: 'tok', isSignedIn: true, user: { id: 11, name: 'Admin' }, menuClass: 'partner', roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const feedback = (over: Partial<AdminFeedback> = {}): AdminFeedback => ({
  id: 5,
  name: 'Nusrat Jahan',
  designation: 'Student, Class 10',
  message: 'The physics lessons made\nvectors easy.',
  rating: 4,
  status: 'pending',
  user_id: null,
  photo: null,
  created_at: '2026-03-02T04:30:00Z',
  email: 'nusrat@example.com',
  ...over,
});

const approved = feedback({ id: 6, name: 'Karim Uddin', designation: null, status: 'approved', rating: 5, email: null });
const hidden = feedback({ id: 7, name: 'Anonymous', status: 'hidden', rating: 1 });

const slider = (over: Partial<Slider> = {}): Slider => ({
  id: 3,
  title: 'Admissions open',
  title_bn: 'ভর্তি চলছে',
  subtitle: 'Spring batch starts in April.',
  subtitle_bn: 'বসন্তের ব্যাচ এপ্রিলে শুরু।',
  image: '/post-media/0123456789abcdef0123456789abcdef.jpg',
  link: 'https://example.com/admission',
  position: 1,
  start_date: '2026-03-01',
  end_date: '2026-04-30',
  active: true,
  created_at: '2026-02-20T04:30:00Z',
  updated_at: '2026-02-20T04:30:00Z',
  ...over,
});

function page<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 10, total: data.length, ...over };
}

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

describe('the feedback list (/feedbacks/list)', () => {
  it('shows each feedback with name, designation, stars, message, e-mail, date and status, with Approve / Hide by status', async () => {
    const qc = new QueryClient();
    qc.setQueryData(feedbackKeys.list(1, ''), page([feedback(), approved, hidden]));
    const html = await render('bn', <FeedbackListPage />, { at: '/feedbacks/list', qc });
    expect(tag(html, 'feedback-list-page')).not.toBe('');
    // The static render has no wide screen: cards.
    expect(tag(html, 'feedback-cards')).not.toBe('');
    expect(count(html, 'feedback-row')).toBe(3);
    const shown = text(html);
    for (const s of ['মতামত', '৩টি মতামত', 'Nusrat Jahan', 'Student, Class 10', 'nusrat@example.com', 'অপেক্ষমাণ', 'অনুমোদিত', 'লুকানো', '২ মার্চ, ২০২৬']) expect(shown, s).toContain(s);
    expect(html).toContain('href="mailto:nusrat@example.com"');
    // The message keeps its line breaks.
    expect(html).toMatch(/data-testid="feedback-message"[^>]*>The physics lessons made\nvectors easy\./);
    // Stars: 4 of 5 filled for the first.
    expect(html).toMatch(/role="img"[^>]*aria-label="4 Stars"/);
    expect([...html.matchAll(/data-testid="feedback-status" data-status="(\w+)"/g)].map((m) => m[1])).toEqual(['pending', 'approved', 'hidden']);
    // Waiting: both; approved: Hide only; hidden: Approve only.
    const rows = html.split('data-testid="feedback-row"').slice(1);
    expect(rows.map((r) => [r.includes('approve-feedback'), r.includes('hide-feedback')])).toEqual([
      [true, true],
      [false, true],
      [true, false],
    ]);
    expect(shown).toContain('অনুমোদন দিন');
    expect(shown).toContain('লুকান');
  });

  it('shows a table on a wide screen', async () => {
    const html = await render('en', <FeedbackTable items={[feedback(), approved]} lang="en" busy={6} onApprove={noop} />);
    expect(tag(html, 'feedback-table')).toMatch(/^<table/);
    for (const s of ['From', 'Rating', 'Message', 'Sent', 'Status', 'Approve', 'Hide', 'Waiting', 'Approved']) expect(text(html), s).toContain(s);
    expect(tag(html, 'approve-feedback')).toContain('aria-label="Approve: Nusrat Jahan"');
    // The one being changed has its buttons disabled.
    const rows = html.split('data-testid="feedback-row"').slice(1);
    expect(rows[1]).toMatch(/data-testid="hide-feedback"[^>]*disabled|disabled[^>]*data-testid="hide-feedback"/);
  });

  it('filters by status, says when there is none, and shows an error with a retry', async () => {
    expect(feedbackStatusParam('approved')).toBe('approved');
    expect(feedbackStatusParam('published')).toBe('');
    const qc = new QueryClient();
    qc.setQueryData(feedbackKeys.list(1, 'hidden'), page([]));
    const filtered = await render('en', <FeedbackListPage />, { at: '/feedbacks/list?status=hidden', qc });
    expect(text(filtered)).toContain('No feedback with this status.');
    expect(/data-testid="feedback-status-filter"[\s\S]*?<input[^>]*value="([^"]*)"/.exec(filtered)?.[1]).toBe('hidden');
    const none = new QueryClient();
    none.setQueryData(feedbackKeys.list(1, ''), page([]));
    expect(text(await render('bn', <FeedbackListPage />, { at: '/feedbacks/list', qc: none }))).toContain('এখনও কোনো মতামত আসেনি।');

    const failing = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    await failing.prefetchQuery({ queryKey: feedbackKeys.list(1, ''), queryFn: () => Promise.reject(new ApiError(403, 'Only the site admin.', 'forbidden', {})), retry: false });
    const failed = await render('en', <FeedbackListPage />, { at: '/feedbacks/list', qc: failing });
    expect(tag(failed, 'error-state')).not.toBe('');
    expect(text(failed)).toContain('Try again');
  });

  it('approves or hides with PUT /my-account/feedback/approve/{id}, the row changing at once and the home page read again', async () => {
    const qc = new QueryClient();
    qc.setQueryData(feedbackKeys.list(1, ''), page([feedback(), approved]));
    qc.setQueryData(homeExtrasKeys.feedback, []);
    const { email: _email, ...answer } = feedback({ status: 'approved' });
    const put = stubFetch(() => json({ data: answer }));
    await runMutation(approveFeedbackMutation(qc), { feedback: feedback(), approve: true }, qc);
    const [url, init] = fetchCall(put);
    expect(url).toBe('/my-account/feedback/approve/5');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ approve: true });
    const list = qc.getQueryData<Page<AdminFeedback>>(feedbackKeys.list(1, ''));
    // Approved, and its e-mail (which the answer leaves out) kept.
    expect(list?.data[0]).toMatchObject({ id: 5, status: 'approved', email: 'nusrat@example.com' });
    expect(qc.getQueryState(homeExtrasKeys.feedback)?.isInvalidated).toBe(true);

    await runMutation(approveFeedbackMutation(qc), { feedback: approved, approve: false }, qc);
    expect(fetchCall(put, 1)[0]).toBe('/my-account/feedback/approve/6');
    expect(JSON.parse(String(fetchCall(put, 1)[1].body))).toEqual({ approve: false });
  });
});

describe('the home sliders (/settings/sliders)', () => {
  it('lists the slides by position with picture, titles, days and the active switch', async () => {
    const qc = new QueryClient();
    const off = slider({ id: 4, title: 'Eid holidays', title_bn: null, subtitle: null, subtitle_bn: null, position: 2, start_date: null, end_date: null, active: false, link: null });
    qc.setQueryData(sliderKeys.list(1), page([slider(), off]));
    const html = await render('bn', <SliderListPage />, { at: '/settings/sliders', qc });
    expect(tag(html, 'slider-cards')).not.toBe('');
    expect(count(html, 'slider-row')).toBe(2);
    const shown = text(html);
    for (const s of ['হোম স্লাইডার', '২টি স্লাইড', 'ভর্তি চলছে', 'Admissions open', 'বসন্তের ব্যাচ এপ্রিলে শুরু।', 'অবস্থান ১', 'অবস্থান ২', '১ মার্চ, ২০২৬ থেকে ৩০ এপ্রি, ২০২৬', 'প্রতিদিন', 'Eid holidays', 'নতুন স্লাইড']) {
      expect(shown, s).toContain(s);
    }
    expect([...html.matchAll(/data-testid="slider-row" data-active="(\w+)"/g)].map((m) => m[1])).toEqual(['true', 'false']);
    const switches = [...html.matchAll(/<input[^>]*aria-label="হোম পেজে: [^"]*"[^>]*>/g)].map((m) => m[0]);
    expect(switches).toHaveLength(2);
    expect(switches[0]).toContain('checked');
    expect(switches[1]).not.toContain('checked');
    expect(count(html, 'edit-slider')).toBe(2);
    expect(count(html, 'delete-slider')).toBe(2);

    const table = await render('en', <SlidersTable items={[slider()]} lang="en" busy={null} onEdit={noop} onDelete={noop} onActive={noop} />);
    expect(tag(table, 'sliders-table')).toMatch(/^<table/);
    expect(text(table)).toContain('1 Mar 2026 to 30 Apr 2026');
    expect(text(table)).toContain('On the home page');

    const none = new QueryClient();
    none.setQueryData(sliderKeys.list(1), page([]));
    const empty = await render('en', <SliderListPage />, { at: '/settings/sliders', qc: none });
    expect(text(empty)).toContain('No slides yet.');
    expect(count(empty, 'new-slider')).toBe(2);
  });

  const values = (over: Partial<SliderFormValues> = {}): SliderFormValues => ({
    ...sliderValues(null),
    title: '  Admissions open ',
    image: '/post-media/0123456789abcdef0123456789abcdef.jpg',
    ...over,
  });

  it('checks the form as the server does', () => {
    expect(sliderProblems(values())).toEqual({});
    expect(sliderProblems(values({ title: ' ', image: null }))).toEqual({ title: 'required', image: 'image_required' });
    expect(sliderProblems(values({ title: 'x'.repeat(121), subtitle_bn: 'y'.repeat(301) }))).toEqual({ title: 'too_long', subtitle_bn: 'too_long' });
    expect(sliderProblems(values({ link: 'example.com' })).link).toBe('invalid_url');
    expect(sliderProblems(values({ image: 'javascript:alert(1)' })).image).toBe('invalid_url');
    expect(sliderProblems(values({ position: 'first' })).position).toBe('position_number');
    expect(sliderProblems(values({ position: '৩' }))).toEqual({});
    expect(sliderProblems(values({ start_date: '2026-04-30', end_date: '2026-04-01' })).end_date).toBe('end_before_start');
    expect(sliderProblems(values({ start_date: '2026-02-30' })).start_date).toBe('invalid_date');
    expect(sliderProblems(values({ start_date: '2026-04-01', end_date: '2026-04-01' }))).toEqual({});
  });

  it('creates with POST /admin-settings/slider/create and updates with PUT /admin-settings/slider/update naming the slide in the body', async () => {
    expect(sliderBody(values({ title_bn: ' ভর্তি চলছে ', subtitle: ' ', link: ' https://example.com/a ', position: '৩', start_date: '2026-03-01' }))).toEqual({
      title: 'Admissions open',
      title_bn: 'ভর্তি চলছে',
      subtitle: null,
      subtitle_bn: null,
      image: '/post-media/0123456789abcdef0123456789abcdef.jpg',
      link: 'https://example.com/a',
      position: 3,
      start_date: '2026-03-01',
      end_date: null,
      active: true,
    });
    const qc = new QueryClient();
    qc.setQueryData(sliderKeys.list(1), page([slider()]));
    qc.setQueryData(homeExtrasKeys.sliders, [slider()]);
    const created = stubFetch(() => json({ data: slider({ id: 9 }) }, 201));
    await runMutation(saveSliderMutation(qc), values({ active: false }), qc);
    expect(fetchCall(created)[0]).toBe('/admin-settings/slider/create');
    expect(fetchCall(created)[1].method).toBe('POST');
    expect(JSON.parse(String(fetchCall(created)[1].body))).toMatchObject({ title: 'Admissions open', image: '/post-media/0123456789abcdef0123456789abcdef.jpg', position: null, active: false });
    expect(qc.getQueryState(sliderKeys.list(1))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(homeExtrasKeys.sliders)?.isInvalidated).toBe(true);

    await runMutation(saveSliderMutation(qc, 3), sliderValues(slider(), 'bn'), qc);
    expect(fetchCall(created, 1)[0]).toBe('/admin-settings/slider/update');
    expect(fetchCall(created, 1)[1].method).toBe('PUT');
    expect(JSON.parse(String(fetchCall(created, 1)[1].body))).toEqual({
      id: 3,
      title: 'Admissions open',
      title_bn: 'ভর্তি চলছে',
      subtitle: 'Spring batch starts in April.',
      subtitle_bn: 'বসন্তের ব্যাচ এপ্রিলে শুরু।',
      image: '/post-media/0123456789abcdef0123456789abcdef.jpg',
      link: 'https://example.com/admission',
      position: 1,
      start_date: '2026-03-01',
      end_date: '2026-04-30',
      active: true,
    });

    // The list's switch sends the slide again with `active` changed; the row shows it at once.
    await runMutation(toggleSliderMutation(qc), { slider: slider(), active: false }, qc);
    expect(JSON.parse(String(fetchCall(created, 2)[1].body))).toMatchObject({ id: 3, title: 'Admissions open', active: false });
    expect(qc.getQueryData<Page<Slider>>(sliderKeys.list(1))?.data[0].active).toBe(false);

    await runMutation(deleteSliderMutation(qc), slider(), qc);
    expect(fetchCall(created, 3)[0]).toBe('/admin-settings/slider/3');
    expect(fetchCall(created, 3)[1].method).toBe('DELETE');
  });

  const form = (over: Partial<SliderFormProps> = {}) => (
    <SliderForm slider={null} values={values()} errors={{}} busy={false} onChange={noop} onPickImage={noop} onSave={noop} onCancel={noop} {...over} />
  );

  /** The form with the client's problems and the server's refusals worded as the dialog words them. */
  function Worded({ v, err, checked = false }: { v: SliderFormValues; err?: unknown; checked?: boolean }) {
    const worded = useWordedErrors(SLIDER_FIELDS, err, useSliderProblemText(), checked ? sliderProblems(v) : {});
    return form({ values: v, errors: worded });
  }

  it('has every field, the picture from the file manager, and shows refusals under their fields', async () => {
    const html = await render('en', form({ values: values({ position: '2', start_date: '2026-03-01' }) }));
    expect(tag(html, 'slider-form')).toMatch(/^<form/);
    expect(input(html, 'slider-title')).toContain('required');
    for (const id of ['slider-title_bn', 'slider-link', 'slider-position', 'slider-start_date', 'slider-end_date', 'slider-active-field']) expect(input(html, id), id).not.toBe('');
    expect(html).toMatch(/<textarea[^>]*id="slider-subtitle"/);
    expect(html).toMatch(/<textarea[^>]*id="slider-subtitle_bn"/);
    expect(input(html, 'slider-start_date')).toContain('type="date"');
    expect(input(html, 'slider-end_date')).toContain('min="2026-03-01"');
    expect(input(html, 'slider-active-field')).toContain('checked');
    expect(tag(html, 'slider-image-preview')).toContain('src="/post-media/0123456789abcdef0123456789abcdef.jpg"');
    expect(text(html)).toContain('Choose another picture');
    expect(tag(html, 'save-slider')).toContain('type="submit"');
    expect(text(html)).toContain('New slide');

    const noImage = await render('bn', <Worded v={values({ image: null, title: '', end_date: '2026-01-01', start_date: '2026-02-01' })} checked />);
    expect(tag(noImage, 'slider-image-error')).not.toBe('');
    expect(text(noImage)).toContain('ফাইল ম্যানেজার থেকে স্লাইডের ছবি বেছে নিন।');
    expect(text(noImage)).toContain('শেষের তারিখ শুরুর তারিখের আগে হতে পারে না।');
    expect(input(noImage, 'slider-title')).toContain('aria-invalid="true"');

    // The server's 422: its words (already translated) under the fields it names.
    const refused = new ApiError(422, 'x', 'validation_failed', { link: ['লিংকটি সঠিক নয়।'], end_date: ['শেষের তারিখ শুরুর আগে।'] });
    const server = await render('bn', <Worded v={values()} err={refused} />);
    expect(input(server, 'slider-link')).toContain('aria-invalid="true"');
    expect(input(server, 'slider-end_date')).toContain('aria-invalid="true"');
    expect(text(server)).toContain('লিংকটি সঠিক নয়।');
    expect(text(server)).toContain('শেষের তারিখ শুরুর আগে।');
    expect(input(server, 'slider-title')).not.toContain('aria-invalid="true"');
  });
});
