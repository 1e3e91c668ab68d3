import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { fetchCall, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { timeAgo } from '../../../lib/lang';
import type { Page } from '../../../lib/types';
import { LessonList } from '../../learn/components/lesson-list';
import { postDiscussion, type DiscussionPost, type DiscussionThread } from '../api/discussions-api';
import { discussionKeys, discussionsQuery, isSendKey, MAX_POST_LENGTH, postDiscussionMutation, postLength, postProblem, removeDiscussionMutation } from '../hooks/discussions';
import { EXAM_EDIT_TABS } from './certificate-exam-pages';
import ExamDiscussions, { PostForm, RemovePostDialog, ThreadItem, usePostErrors } from './exam-discussions';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const post = (id: number, over: Partial<DiscussionPost> = {}): DiscussionPost => ({
  id,
  parent_id: null,
  user_id: 100 + id,
  user_name: 'Mitu Akter',
  body: 'When is the written part?',
  removed: false,
  by_teacher: false,
  created_at: ago(3 * HOUR),
  can_remove: false,
  ...over,
});

const threads: DiscussionThread[] = [
  {
    ...post(12, { user_name: 'Karim Uddin', body: 'Is a calculator allowed?\nA scientific one.', can_remove: true }),
    replies: [post(13, { parent_id: 12, user_name: 'Ms Rahman', body: 'Yes, a <b>simple</b> one.', by_teacher: true, created_at: ago(HOUR) })],
  },
  {
    ...post(10, { body: '', removed: true, created_at: '2025-01-15T09:30:00Z' }),
    replies: [post(11, { parent_id: 10, user_name: 'Ms Rahman', body: 'Saturday at ten.', by_teacher: true, can_remove: true, created_at: '2025-01-16T09:30:00Z' })],
  },
];

const page = (data: DiscussionThread[], over: Partial<Page<DiscussionThread>> = {}): Page<DiscussionThread> => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length, ...over });

/** A client holding the first page of exam 5's discussions. */
function cached(data: Page<DiscussionThread>) {
  const qc = new QueryClient();
  qc.setQueryData(discussionKeys.page(5, 1), data);
  return qc;
}

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

/** The post ids in the order shown, replies marked with "r". */
const order = (html: string) => [...html.matchAll(/data-testid="discussion-(thread|reply)" data-post-id="(\d+)"/g)].map((m) => (m[1] === 'reply' ? `r${m[2]}` : m[2]));

function Form({ err, problem = null }: { err: unknown; problem?: 'required' | 'too_long' | null }) {
  const { fieldError, formError } = usePostErrors(err, problem);
  return <PostForm id="new-post" label="Your question" value="" onChange={noop} onSubmit={noop} busy={false} error={fieldError} formError={formError} />;
}

describe('a certificate exam’s discussions', () => {
  it('shows the posts newest first with their replies, the teacher’s chip and removed posts, as text with its line breaks', async () => {
    const html = await render('en', <ExamDiscussions courseId={5} />, { qc: cached(page(threads)) });
    expect(order(html)).toEqual(['12', 'r13', '10', 'r11']);
    const shown = text(html);
    expect(shown).toContain('Discussions');
    expect(shown).toContain('2 posts');
    expect(shown).toMatch(/Karim Uddin 3 hours ago Is a calculator allowed\? A scientific one\. Reply Remove M Ms Rahman Teacher 1 hour ago Yes, a &lt;b&gt;simple&lt;\/b&gt; one\./);
    // Text, never markup: the tags someone typed are shown as typed.
    expect(html).toContain('Yes, a &lt;b&gt;simple&lt;/b&gt; one.');
    expect(html).not.toContain('<b>simple</b>');
    expect(html).toContain('Is a calculator allowed?\nA scientific one.');
    expect(html).toMatch(/white-space:pre-wrap/);
    // Teachers' posts wear the chip.
    expect(html.match(/data-testid="teacher-chip"/g)).toHaveLength(2);
    // A removed post: its words gone, its replies still there, no reply to it.
    expect(html.match(/data-testid="post-removed"/g)).toHaveLength(1);
    expect(shown).toContain('This post was removed');
    expect(html.match(/data-testid="reply-button"/g)).toHaveLength(1);
    expect(tag(html, 'reply-button')).toContain('aria-label="Reply to Karim Uddin"');
    expect(tag(html, 'reply-button')).toContain('aria-expanded="false"');
    // Remove where the caller may.
    expect([...html.matchAll(/aria-label="Remove the post of ([^"]+)"/g)].map((m) => m[1])).toEqual(['Karim Uddin', 'Ms Rahman']);
    // Older than a week: the date and time.
    expect(shown).toContain('15 Jan 2025');
    expect(html).toContain('dateTime="2025-01-15T09:30:00Z"');
    // The form to write a new post.
    expect(input(html, 'new-post-5')).toBe('');
    expect(html).toMatch(/<textarea[^>]*id="new-post-5"/);
    expect(shown).toContain('Your question or comment');
    expect(shown).toContain('Ctrl+Enter sends');
    expect(tag(html, 'post-counter')).not.toBe('');
    expect(shown).toContain('0 / 2,000');
  });

  it('speaks Bangla with Bangla digits', async () => {
    const html = await render('bn', <ExamDiscussions courseId={5} />, { qc: cached(page(threads, { total: 13, last_page: 2 })) });
    const shown = text(html);
    expect(shown).toContain('আলোচনা');
    expect(shown).toContain('১৩টি পোস্ট');
    expect(shown).toContain('৩ ঘণ্টা আগে');
    expect(shown).toContain('শিক্ষক');
    expect(shown).toContain('পোস্টটি সরানো হয়েছে');
    expect(shown).toContain('২০২৫');
    expect(shown).toContain('০ / ২,০০০');
    expect(shown).toContain('উত্তর দিন');
    // A second page: the pager.
    expect(tag(html, 'pager')).not.toBe('');
  });

  it('invites the first question when there is none, and waits, fails or refuses as the list does', async () => {
    const empty = await render('en', <ExamDiscussions courseId={5} />, { qc: cached(page([])) });
    expect(text(empty)).toContain('No questions yet: ask the first.');
    expect(empty).toMatch(/<textarea[^>]*id="new-post-5"/);
    expect(tag(empty, 'pager')).toBe('');

    const loading = await render('en', <ExamDiscussions courseId={5} />);
    expect(tag(loading, 'discussions-loading')).not.toBe('');
    expect(loading).not.toMatch(/<textarea/);

    const failed = await prefetched({ ...discussionsQuery(5, 1), retry: false }, () => json({ message: 'boom' }, 500));
    const down = await render('en', <ExamDiscussions courseId={5} />, { qc: failed });
    expect(tag(down, 'error-state')).not.toBe('');
    expect(text(down)).toContain('Try again');

    const refused = await prefetched({ ...discussionsQuery(5, 1), retry: false }, () => json({ message: 'Forbidden', code: 'forbidden' }, 403));
    const outsider = await render('en', <ExamDiscussions courseId={5} />, { qc: refused });
    expect(text(outsider)).toContain('Only the exam’s candidates and teachers take part in its discussions.');
    expect(outsider).not.toMatch(/<textarea/);
  });

  it('asks for a page of ten posts of the exam', async () => {
    const fetchMock = stubFetch(() => json(page(threads)));
    await discussionsQuery(5, 2).queryFn();
    expect(fetchCall(fetchMock)[0]).toBe('/assessment/discussions-one?course_id=5&page=2&limit=10');
  });

  it('checks a post before sending it, counting characters as people do, and sends with Ctrl/Cmd+Enter', () => {
    expect(postProblem('   \n ')).toBe('required');
    expect(postProblem('x'.repeat(MAX_POST_LENGTH))).toBeNull();
    expect(postProblem(`  ${'x'.repeat(MAX_POST_LENGTH)}  `)).toBeNull();
    expect(postProblem('x'.repeat(MAX_POST_LENGTH + 1))).toBe('too_long');
    // A Bangla conjunct is one character.
    expect(postLength('ক্ষমা')).toBe(2);
    expect(isSendKey({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendKey({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
  });

  it('says when it was written: just now, minutes, hours, days, then the date', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(timeAgo('2026-03-10T11:59:30Z', 'en', now)).toBe('now');
    expect(timeAgo('2026-03-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-03-10T09:00:00Z', 'bn', now)).toBe('৩ ঘণ্টা আগে');
    expect(timeAgo('2026-03-08T12:00:00Z', 'en', now)).toBe('2 days ago');
    expect(timeAgo('2026-02-01T12:00:00Z', 'en', now)).toContain('1 Feb 2026');
  });

  it('sends a post, then loads the threads again', async () => {
    const sent = post(14, { body: 'Thank you', can_remove: true });
    const fetchMock = stubFetch(() => json({ data: sent }, 201));
    const qc = cached(page(threads));
    await expect(runMutation(postDiscussionMutation(qc, 5), { body: 'Thank you' }, qc)).resolves.toEqual(sent);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/assessment/discussions-store');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ course_id: 5, body: 'Thank you' });
    expect(qc.getQueryState(discussionKeys.page(5, 1))?.isInvalidated).toBe(true);
  });

  it('shows the server’s refusal on the text, and the client’s own check there first', async () => {
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { body: ['Must be at most 2000 characters.'] } }, 422));
    const err = await postDiscussion(5, { body: 'x' }).catch((e: unknown) => e);
    const html = await render('en', <Form err={err} />);
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*id="new-post"|<textarea[^>]*id="new-post"[^>]*aria-invalid="true"/);
    expect(text(html)).toContain('Must be at most 2000 characters.');
    expect(text(html)).not.toContain('Ctrl+Enter sends');
    expect(tag(html, 'post-form-error')).toBe('');

    expect(text(await render('en', <Form err={null} problem="required" />))).toContain('Write something first.');
    expect(text(await render('bn', <Form err={null} problem="too_long" />))).toContain('সর্বোচ্চ ২,০০০ অক্ষর লেখা যাবে।');

    // A refusal of no field (not enrolled) goes under the form.
    stubFetch(() => json({ message: 'You are not allowed to do this.', code: 'forbidden' }, 403));
    const forbidden = await postDiscussion(5, { body: 'x' }).catch((e: unknown) => e);
    const refused = await render('en', <Form err={forbidden} />);
    expect(tag(refused, 'post-form-error')).not.toBe('');
    expect(text(refused)).toContain('Ctrl+Enter sends');
  });

  it('replies under a post: the form opens there, the reply shows at once', async () => {
    const open = await render('en', <ThreadItem courseId={5} thread={threads[0]} replying onReply={noop} onReplyClose={noop} onRemove={noop} />);
    expect(tag(open, 'reply-button')).toContain('aria-expanded="true"');
    expect(tag(open, 'reply-button')).toContain('aria-controls="reply-form-12"');
    expect(open).toMatch(/<textarea[^>]*id="reply-12"/);
    expect(text(open)).toContain('Your reply to Karim Uddin');
    expect(text(open)).toContain('Cancel');
    // Replies before the form.
    expect(open.indexOf('data-post-id="13"')).toBeLessThan(open.indexOf('id="reply-12"'));

    const reply = post(15, { parent_id: 12, user_name: 'Rina Das', body: 'Thanks!', can_remove: true, created_at: ago(0) });
    const fetchMock = stubFetch(() => json({ data: reply }, 201));
    const qc = cached(page(threads));
    await runMutation(postDiscussionMutation(qc, 5), { parent_id: 12, body: 'Thanks!' }, qc);
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toEqual({ course_id: 5, parent_id: 12, body: 'Thanks!' });
    const threadsNow = qc.getQueryData<Page<DiscussionThread>>(discussionKeys.page(5, 1))!.data;
    expect(threadsNow[0].replies.map((r) => r.id)).toEqual([13, 15]);
    expect(threadsNow[1].replies.map((r) => r.id)).toEqual([11]);

    // The post was removed meanwhile: said on the reply's text.
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { parent_id: ['Choose one of the options.'] } }, 422));
    const gone = await postDiscussion(5, { parent_id: 10, body: 'x' }).catch((e: unknown) => e);
    expect(text(await render('en', <Form err={gone} />))).toContain('This post can no longer be answered.');
  });

  it('removes a post once confirmed: it shows as removed, its replies stay', async () => {
    const dialog = await render('en', inPlace(<RemovePostDialog post={threads[0]} busy={false} onConfirm={noop} onClose={noop} />));
    expect(text(dialog)).toContain('Remove this post?');
    expect(text(dialog)).toContain('Its text goes for everyone; the replies under it stay.');
    expect(tag(dialog, 'confirm-button')).not.toBe('');
    expect(text(dialog)).toMatch(/Cancel Remove/);
    const closed = await render('en', inPlace(<RemovePostDialog post={null} busy={false} onConfirm={noop} onClose={noop} />));
    expect(tag(closed, 'confirm-button')).toBe('');
    expect(text(await render('bn', inPlace(<RemovePostDialog post={threads[0]} busy={false} onConfirm={noop} onClose={noop} />)))).toContain('পোস্টটি সরাবেন?');

    const fetchMock = stubFetch(() => json({ data: { ok: true } }));
    const qc = cached(page(threads));
    await runMutation(removeDiscussionMutation(qc, 5), threads[0], qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/assessment/discussions/12');
    expect(init.method).toBe('DELETE');
    const [first] = qc.getQueryData<Page<DiscussionThread>>(discussionKeys.page(5, 1))!.data;
    expect(first).toMatchObject({ id: 12, body: '', removed: true, can_remove: false });
    expect(first.replies.map((r) => r.id)).toEqual([13]);
    expect(qc.getQueryState(discussionKeys.page(5, 1))?.isInvalidated).toBe(true);

    // A reply, the same way.
    const qc2 = cached(page(threads));
    await runMutation(removeDiscussionMutation(qc2, 5), threads[1].replies[0], qc2);
    expect(qc2.getQueryData<Page<DiscussionThread>>(discussionKeys.page(5, 1))!.data[1].replies[0]).toMatchObject({ id: 11, removed: true, body: '' });
  });

  it('is a tab of the exam’s editor and a view of the learner’s journey, in a chunk of its own', async () => {
    expect(EXAM_EDIT_TABS).toContain('discussions');
    expect(resources.en.courses).toMatchObject({ edit: { tabs: { discussions: 'Discussions' } } });
    expect(resources.bn.courses).toMatchObject({ edit: { tabs: { discussions: 'আলোচনা' } } });
    // React.lazy only: the journey (and the editor) load it when it is opened.
    for (const file of ['exam-journey-route.tsx', 'certificate-exam-pages.tsx']) {
      const source = readFileSync(join(import.meta.dirname, file), 'utf8');
      expect(source, file).not.toMatch(/^import[^;]*from '\.\/exam-discussions'/m);
      expect(source, file).toContain("lazy(() => import('./exam-discussions'))");
    }
    // The journey's lesson list offers it only when given (a certificate exam's journey).
    const list = (extra: object) => (
      <LessonList sections={[]} current={null} completed={new Set()} locked={new Set()} completedCount={0} total={0} percent={0} finished={false} showingDone={false} onOpen={noop} onDone={noop} {...extra} />
    );
    const exam = await render('bn', list({ onDiscussions: noop, showingDiscussions: true }));
    expect(tag(exam, 'lesson-list-discussions')).toContain('aria-current="page"');
    expect(text(exam)).toContain('আলোচনা');
    expect(tag(await render('en', list({})), 'lesson-list-discussions')).toBe('');
  });
});
