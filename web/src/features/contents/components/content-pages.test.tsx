import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { Page } from '../../../lib/types';
import { completePart, enrollContent, fetchContents, submitQuizPart, type ContentDetail, type ContentItem, type Part } from '../api/contents-api';
import { contentValues, formFields, newPart, type ContentFormValues } from '../hooks/content-form';
import { contentKeys, deleteContentMutation, finishPartMutation, saveContentMutation, type ContentListQuery } from '../hooks/use-contents';
import { useContentProblemText } from '../hooks/use-problem-text';
import { ContentEditorForm } from './content-editor-form';
import { ContentListPage } from './content-list-page';
import { ContentPage } from './content-page';
import { PartView } from './part-view';
import { video } from '../test-fixtures';

// Signed in (a static render has no token otherwise) as an author (a teacher: partner class) or a learner.
const signedIn = vi.hoisted(() => ({ menuClass: 'partner' as 'partner' | 'learner' }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({ token: 'tok', isSignedIn: true, user: { id: 11 }, menuClass: signedIn.menuClass, roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  signedIn.menuClass = 'partner';
});


const item = (over: Partial<ContentItem> = {}): ContentItem => ({
  id: 9,
  title: 'Cells',
  title_bn: 'কোষ',
  description: 'What living things are made of.',
  description_bn: '',
  content_type: 'video',
  category_id: 3,
  category: { id: 3, title: 'Science', bn_title: 'বিজ্ঞান' },
  duration: '1:30',
  start_date: '2026-04-01',
  published: false,
  cover: null,
  cover_file_id: null,
  owner_id: 11,
  owner_name: 'Rahima Khatun',
  parts_count: 3,
  learners_count: 12,
  rating: 4.5,
  reviews_count: 2,
  mine: true,
  shared_with: [],
  enrollment: null,
  created_at: '2026-03-01T04:30:00Z',
  updated_at: '2026-03-02T04:30:00Z',
  ...over,
});

const part = (over: Partial<Part> = {}): Part => ({ id: 5, position: 1, title: 'Watch', title_bn: 'দেখুন', kind: 'file', file: video, body: null, exam: null, done: true, open: true, ...over });

const detail = (over: Partial<ContentDetail> = {}): ContentDetail => ({
  ...item({ mine: false, published: true, enrollment: { id: 70, content_id: 9, done_parts: 1, total_parts: 3, completed_at: null } }),
  parts: [
    part(),
    part({ id: 6, position: 2, title: 'Read', title_bn: '', kind: 'text', file: null, body: '<p>Cells divide.</p>', done: false, open: true }),
    part({ id: 7, position: 3, title: 'Check', title_bn: '', kind: 'quiz', file: null, exam: { id: 44, uuid: 'e-44', title: 'Cells quiz', title_bn: '' }, done: false, open: false }),
  ],
  ...over,
});

const page = (data: ContentItem[], over: Partial<Page<ContentItem>> = {}): Page<ContentItem> => ({ data, current_page: 1, last_page: 1, per_page: 12, total: data.length, ...over });

/** A client holding a tab's first page (no filter). */
function cached(list: Page<ContentItem>, q: Partial<ContentListQuery> = {}) {
  const qc = new QueryClient();
  qc.setQueryData(contentKeys.list({ type: 'my', page: 1, search: '', contentType: '', categoryId: null, ...q }), list);
  return qc;
}

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;
/** The text of the label of the field whose id is `id`: its <label for>, or a select's `<id>-label`. */
function labelOf(html: string, id: string): string {
  const m = new RegExp(`<label[^>]*for="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html) ?? new RegExp(`<(label|div)[^>]*id="${id}-label"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return text(m?.[m.length - 1] ?? '').trim();
}

describe('the content lists', () => {
  it("shows an author's four tabs and their own items as cards: title, type, duration, start, owner, rating, learners, parts, status, Edit and Delete", async () => {
    const english = item({ id: 10, title: 'Plants', title_bn: '', content_type: 'interview', published: true, rating: null, reviews_count: 0, learners_count: 1, parts_count: 1, duration: '0:45', start_date: null });
    const html = await render('bn', <ContentListPage />, { at: '/contents/my', qc: cached(page([item(), english])) });
    expect(tag(html, 'content-list-page')).toContain('data-type="my"');
    expect(tag(html, 'content-list-page')).toContain('data-author="true"');
    expect(['my', 'other', 'purchase', 'shared'].map((k) => count(html, `contents-tab-${k}`))).toEqual([1, 1, 1, 1]);
    expect(tag(html, 'contents-tab-my')).toContain('aria-selected="true"');
    expect(href(html, 'new-content')).toBe('/contents/edit/new');
    expect(count(html, 'content-card')).toBe(2);
    const shown = text(html);
    for (const s of [
      'কনটেন্ট ব্যাংক',
      '২টি কনটেন্ট',
      'আমার কনটেন্ট',
      'অন্যদের কনটেন্ট',
      'ভর্তি হয়েছি',
      'আমার সঙ্গে শেয়ার করা',
      'নতুন কনটেন্ট',
      // The Bangla title, and the English one where there is no Bangla title.
      'কোষ',
      'Plants',
      'ভিডিও',
      'সাক্ষাৎকার',
      '১ ঘণ্টা ৩০ মিনিট',
      '৪৫ মিনিট',
      'শুরু',
      'Rahima Khatun-এর তৈরি',
      '৪.৫',
      '(২টি রিভিউ)',
      'এখনো কোনো রিভিউ নেই',
      '১২ জন শিক্ষার্থী',
      '৩টি অংশ',
      'খসড়া',
      'প্রকাশিত',
    ]) {
      expect(shown, s).toContain(s);
    }
    expect([...html.matchAll(/data-testid="content-status" data-published="(\w+)"/g)].map((m) => m[1])).toEqual(['false', 'true']);
    expect(href(html, 'content-open')).toBe('/contents/9');
    expect(href(html, 'edit-content')).toBe('/contents/edit/9');
    expect(count(html, 'delete-content')).toBe(2);
    // Labelled filters.
    expect(labelOf(html, 'contents-search')).toBe('শিরোনাম দিয়ে খুঁজুন');
    expect(labelOf(html, 'contents-type')).toBe('কনটেন্টের ধরন');
    expect(labelOf(html, 'contents-category')).toBe('ক্যাটাগরি');
  });

  it('gives everyone else Others’ content (first) and Enrolled, no New content, no Edit on items not theirs', async () => {
    signedIn.menuClass = 'learner';
    const others = item({ id: 12, mine: false, published: true, owner_name: 'Karim Uddin' });
    const html = await render('en', <ContentListPage />, { at: '/contents/my?type=my', qc: cached(page([others]), { type: 'other' }) });
    expect(tag(html, 'content-list-page')).toContain('data-type="other"');
    expect(tag(html, 'content-list-page')).toContain('data-author="false"');
    expect(count(html, 'contents-tab-my')).toBe(0);
    expect(count(html, 'contents-tab-shared')).toBe(0);
    expect(tag(html, 'contents-tab-other')).toContain('aria-selected="true"');
    expect(count(html, 'new-content')).toBe(0);
    expect(count(html, 'edit-content')).toBe(0);
    expect(count(html, 'content-status')).toBe(0);
    expect(text(html)).toContain('By Karim Uddin');

    const enrolled = await render('en', <ContentListPage />, { at: '/contents/my?type=purchase', qc: cached(page([]), { type: 'purchase' }) });
    expect(text(enrolled)).toContain('You have not enrolled in any content yet.');
    expect(count(enrolled, 'browse-others')).toBe(1);
    const filtered = await render('bn', <ContentListPage />, { at: '/contents/my?type=purchase&content_type=quiz', qc: cached(page([]), { type: 'purchase', contentType: 'quiz' }) });
    expect(text(filtered)).toContain('এই ফিল্টারগুলোর সঙ্গে মেলে এমন কোনো কনটেন্ট নেই।');
    expect(count(filtered, 'browse-others')).toBe(0);
  });

  it('asks for a tab with its filters, and deletes', async () => {
    const list = stubFetch(() => json(page([item()])));
    await fetchContents({ type: 'shared', page: 2, limit: 12, title: 'কোষ', content_type: 'quiz', cat_id: 3 });
    const asked = new URL(fetchCall(list)[0], 'http://site.test');
    expect(asked.pathname).toBe('/content-bank/content/list');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ type: 'shared', page: '2', limit: '12', title: 'কোষ', content_type: 'quiz', cat_id: '3' });

    const del = stubFetch(() => json({ data: { done: true } }));
    await runMutation(deleteContentMutation(new QueryClient()), item());
    expect(fetchCall(del)[0]).toBe('/content-bank/content/delete/9');
    expect(fetchCall(del)[1].method).toBe('DELETE');
  });
});

/** The form with the server's refusal `err` worded on its fields, as the editor does. */
function Worded({ v, err }: { v: ContentFormValues; err?: unknown }) {
  const { errors, formError } = useFieldErrors(formFields(v.parts.length), err, useContentProblemText());
  return (
    <ContentEditorForm
      editing={false}
      values={v}
      errors={errors}
      formError={formError}
      busy={false}
      onChange={noop}
      onPickCover={noop}
      onSave={noop}
      onPart={noop}
      onMove={noop}
      onRemove={noop}
      onPickFile={noop}
      onAdd={noop}
    />
  );
}

describe('the content editor', () => {
  const withParts = (): ContentFormValues => ({ ...contentValues(null), title: 'Cells', parts: [newPart('file', video), { ...newPart('quiz'), title: 'Check' }, { ...newPart('text'), title: 'Read' }] });

  it('labels every field in Bangla, the parts’ fields with their number', async () => {
    const html = await render('bn', <Worded v={withParts()} />);
    expect(labelOf(html, 'content-title')).toBe('শিরোনাম (ইংরেজি)');
    expect(labelOf(html, 'content-title_bn')).toBe('শিরোনাম (বাংলা)');
    expect(labelOf(html, 'content-description')).toBe('বিবরণ (ইংরেজি)');
    expect(labelOf(html, 'content-description_bn')).toBe('বিবরণ (বাংলা)');
    expect(labelOf(html, 'content-content_type')).toContain('কনটেন্টের ধরন');
    expect(labelOf(html, 'content-category_id')).toBe('ক্যাটাগরি');
    expect(labelOf(html, 'content-duration')).toContain('সময়কাল');
    expect(labelOf(html, 'content-start_date')).toBe('শুরুর তারিখ');
    expect(labelOf(html, 'share-login')).toBe('ই-মেইল বা মোবাইল নম্বর');
    expect(input(html, 'content-duration')).toContain('placeholder="1:30"');
    expect(input(html, 'content-start_date')).toContain('type="date"');
    expect(labelOf(html, 'content-parts-0-title')).toBe('অংশ ১-এর শিরোনাম (ইংরেজি)');
    expect(labelOf(html, 'content-parts-0-title_bn')).toBe('অংশ ১-এর শিরোনাম (বাংলা)');
    expect(labelOf(html, 'content-parts-1-exam_id')).toContain('অংশ ২-এর কুইজ');
    // The first part's file, and its title taken from the file.
    expect(input(html, 'content-parts-0-title')).toContain('value="Cells under the microscope"');
    expect(text(html)).toContain('অন্য ফাইল বেছে নিন');
    // The text part's editor is fetched when it shows.
    expect(count(html, 'content-parts-2-body-loading')).toBe(1);
    const shown = text(html);
    for (const s of ['প্রকাশিত', 'প্রচ্ছদের ছবি', 'ফাইল ম্যানেজার থেকে বেছে নিন', 'সহকর্মীদের সঙ্গে শেয়ার করুন', 'অংশসমূহ', 'ফাইল অংশ যোগ করুন', 'লেখা অংশ যোগ করুন', 'কুইজ অংশ যোগ করুন', 'সংরক্ষণ করুন']) {
      expect(shown, s).toContain(s);
    }
    expect(tag(html, 'part-up')).toContain('aria-label="অংশ ১ উপরে নিন"');
    // The first part cannot go up, the last not down.
    expect(tag(html, 'part-up')).toContain('disabled');
    expect([...html.matchAll(/<button[^>]*aria-label="অংশ ৩ নিচে নিন"[^>]*>/g)][0]?.[0]).toContain('disabled');
    expect(href(html, 'content-cancel')).toBe('/contents/my');
  });

  it("shows the server's refusals on their fields: the duration, a part's file; others above the buttons", async () => {
    const refused = new ApiError(422, 'x', 'validation_failed', { duration: ['duration_not_hm'], 'parts.0.file_id': ['invalid_choice'], 'parts.1.title': ['title_required'] });
    const html = await render('en', <Worded v={withParts()} err={refused} />);
    expect(input(html, 'content-duration')).toContain('aria-invalid="true"');
    expect(text(html)).toContain('Enter the duration as hours:minutes, for example 1:30.');
    // Under the first part's file, before the second part.
    const fileError = html.indexOf('Choose one of the offered values.');
    expect(fileError).toBeGreaterThan(html.indexOf('data-testid="content-parts-0-file_id"'));
    expect(fileError).toBeLessThan(html.indexOf('id="content-parts-1-title"'));
    expect(input(html, 'content-parts-1-title')).toContain('aria-invalid="true"');
    expect(count(html, 'content-form-error')).toBe(0);

    const busy = new ApiError(409, 'A course lesson uses a part you removed.', 'content_in_use', {});
    const other = await render('bn', <Worded v={withParts()} err={busy} />);
    expect(text(other)).toContain('একটি কোর্সের পাঠে এই কনটেন্ট');
    expect(count(other, 'content-form-error')).toBe(1);
  });

  it('creates with POST and updates with PUT, the parts with their ids', async () => {
    const saved = detail();
    const create = stubFetch(() => json({ data: saved }, 201));
    const qc = new QueryClient();
    await runMutation(saveContentMutation(qc, null), { ...contentValues(null), title: 'Cells', content_type: 'video', duration: '1:30' }, qc);
    const [url, init] = fetchCall(create);
    expect(url).toBe('/content-bank/content/create');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({ title: 'Cells', content_type: 'video', duration: '1:30', parts: [], shared_with: [] });
    expect(qc.getQueryData(contentKeys.one(9))).toEqual(saved);

    const update = stubFetch(() => json({ data: saved }));
    await runMutation(saveContentMutation(qc, 9), contentValues(saved), qc);
    const [putUrl, putInit] = fetchCall(update);
    expect(putUrl).toBe('/content-bank/content/update');
    expect(putInit.method).toBe('PUT');
    const body = JSON.parse(String(putInit.body));
    expect(body.id).toBe(9);
    expect(body.parts.map((p: { id: number; kind: string }) => [p.id, p.kind])).toEqual([
      [5, 'file'],
      [6, 'text'],
      [7, 'quiz'],
    ]);
  });
});

describe("an item's page", () => {
  /** A client holding the item and its ordered parts. */
  function withItem(d: ContentDetail, ordered: ContentDetail | null = d) {
    const qc = new QueryClient();
    qc.setQueryData(contentKeys.one(d.id), d);
    if (ordered) qc.setQueryData(contentKeys.ordered(d.id), ordered);
    qc.setQueryData(contentKeys.reviews(d.id, 1), { data: [{ id: 1, rating: 5, comment: 'Clear and short.', user_name: 'Nadia', created_at: '2026-03-05T04:30:00Z' }], current_page: 1, last_page: 1, per_page: 5, total: 1 });
    return qc;
  }

  it('takes an enrolled learner through the parts in order: done, open, locked; the open one shown with Mark as done', async () => {
    const html = await render('bn', <ContentPage id={9} />, { at: '/contents/9', qc: withItem(detail()) });
    expect(text(html)).toContain('কোষ');
    expect([...html.matchAll(/data-testid="part-item" data-state="(\w+)"/g)].map((m) => m[1])).toEqual(['done', 'open', 'locked']);
    // The first open part not done is shown: the text, as posts show theirs.
    expect(tag(html, 'part-view')).toContain('data-part-id="6"');
    expect(html).toContain('<p>Cells divide.</p>');
    expect(text(html)).toContain('সম্পন্ন হিসেবে চিহ্নিত করুন');
    expect(text(html)).toContain('৩টি অংশের মধ্যে ১টি সম্পন্ন');
    expect(tag(html, 'content-progress')).toContain('data-percent="33"');
    expect(count(html, 'content-finished')).toBe(0);
    expect(count(html, 'enrol')).toBe(0);
    expect(text(html)).toContain('আপনি ভর্তি হয়েছেন');
    // Reviews, and the form of an enrolled learner.
    expect(text(html)).toContain('Clear and short.');
    expect(count(html, 'review-form')).toBe(1);
    expect(labelOf(html, 'content-review-comment')).toBe('আপনার মন্তব্য');
  });

  it('says so once the content is finished', async () => {
    const done = detail({ enrollment: { id: 70, content_id: 9, done_parts: 3, total_parts: 3, completed_at: '2026-03-09T04:30:00Z' } });
    const all = { ...done, parts: done.parts.map((p) => ({ ...p, done: true, open: true })) };
    const html = await render('en', <ContentPage id={9} />, { at: '/contents/9', qc: withItem(all) });
    expect(text(html)).toContain('You have finished this content.');
    expect(tag(html, 'content-progress')).toContain('data-percent="100"');
    // The last part is shown.
    expect(tag(html, 'part-view')).toContain('data-part-id="7"');
  });

  it('offers Enrol to someone not enrolled, with the parts’ titles only', async () => {
    const titles = detail({ enrollment: null, parts: detail().parts.map((p) => ({ ...p, file: null, body: null, exam: null, done: false, open: false })) });
    const html = await render('bn', <ContentPage id={9} />, { at: '/contents/9', qc: withItem(titles, null) });
    expect(count(html, 'enrol')).toBe(1);
    expect(text(html)).toContain('ভর্তি হোন');
    expect(count(html, 'part-item')).toBe(3);
    expect(count(html, 'part-view')).toBe(0);
    expect(html).not.toContain('<p>Cells divide.</p>');
    expect(count(html, 'review-form')).toBe(0);
    expect(count(html, 'content-progress')).toBe(0);
  });

  it('plays a file by its type, and sends a quiz part to the exam with the way back', async () => {
    const quiz = detail().parts[2];
    const html = await render('en', <PartView part={{ ...quiz, open: true }} index={2} state="open" busy={false} error={null} onFinish={noop} />, { at: '/contents/9', path: '/contents/:slug' });
    expect(href(html, 'take-quiz')).toBe('/exam/journey/e-44?return=%2Fcontents%2F9');
    expect(text(html)).toContain('Submit quiz');
    expect(count(html, 'mark-done')).toBe(0);

    const youtube = await render('en', <PartView part={part({ file: { ...video, is_url: 1, provider: 'youtube', file_main_path: 'https://youtu.be/dQw4w9WgXcQ' } })} index={0} state="preview" busy={false} error={null} onFinish={noop} />);
    expect(tag(youtube, 'lesson-video-embed')).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    // Previewing: no Mark as done.
    expect(count(youtube, 'mark-done')).toBe(0);
    const audio = await render('en', <PartView part={part({ file: { ...video, type: 'audio' } })} index={0} state="open" busy={false} error={null} onFinish={noop} />);
    expect(tag(audio, 'part-audio')).toMatch(/^<audio/);
    const doc = await render('bn', <PartView part={part({ file: { ...video, type: 'document', file_main_path: 'https://bucket.example.com/notes.pdf?sig=c' } })} index={0} state="open" busy={false} error="আগে আগের অংশগুলো শেষ করুন।" onFinish={noop} />);
    expect(href(doc, 'part-document')).toBe('https://bucket.example.com/notes.pdf?sig=c');
    expect(text(doc)).toContain('ডকুমেন্ট খুলুন');
    expect(text(doc)).toContain('আগে আগের অংশগুলো শেষ করুন।');
    const locked = await render('en', <PartView part={part({ done: false, open: false })} index={1} state="locked" busy={false} error={null} onFinish={noop} />);
    expect(count(locked, 'part-locked')).toBe(1);
    expect(count(locked, 'lesson-video-player')).toBe(0);
  });

  it('enrols, marks a part done (a quiz by submitting it) and opens the next at once', async () => {
    const enrol = stubFetch(() => json({ data: { id: 70, content_id: 9, done_parts: 0, total_parts: 3, completed_at: null } }, 201));
    await enrollContent(9);
    expect(fetchCall(enrol)[0]).toBe('/content-bank-front/content/enroll/9');
    expect(fetchCall(enrol)[1].method).toBe('POST');

    const complete = stubFetch(() => json({ data: { id: 70, content_id: 9, done_parts: 2, total_parts: 3, completed_at: null } }));
    await completePart(70, 6);
    expect(fetchCall(complete)[0]).toBe('/content-bank-front/content/complete-part/70');
    expect(JSON.parse(String(fetchCall(complete)[1].body))).toEqual({ part_id: 6 });
    await submitQuizPart(70, 7);
    expect(fetchCall(complete, 1)[0]).toBe('/content-bank-front/content/quiz-submit/70');

    const qc = new QueryClient();
    const d = detail();
    qc.setQueryData(contentKeys.ordered(9), d);
    stubFetch(() => json({ data: { id: 70, content_id: 9, done_parts: 2, total_parts: 3, completed_at: null } }));
    await runMutation(finishPartMutation(qc), { enrollment: d.enrollment!, partId: 6, quiz: false }, qc);
    const after = qc.getQueryData<ContentDetail>(contentKeys.ordered(9))!;
    expect(after.enrollment?.done_parts).toBe(2);
    expect(after.parts.map((p) => [p.id, p.done, p.open])).toEqual([
      [5, true, true],
      [6, true, true],
      [7, false, true],
    ]);
  });
});
