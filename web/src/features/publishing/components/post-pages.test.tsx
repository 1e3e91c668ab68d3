import { QueryClient } from '@tanstack/react-query';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, text, useWordedErrors } from '../../../lib/test-render';
import type { Page, SiteInfo } from '../../../lib/types';
import { fetchMyPosts, type Post, type PostCategory, type PostType } from '../api/publishing-api';
import { addTags, hasBody, parseDuration, POST_FIELDS, postBody, postProblems, postValues, statusParam, type PostFormValues } from '../hooks/post-form';
import { deletePostMutation, myPostKeys, publishPostMutation, savePostMutation, type MyPostsParams } from '../hooks/use-posts';
import { PostForm, usePostProblemText, type PostFormProps } from './post-editor-dialog';
import { PostsTable } from './post-list';
import PostListPage, { approvesType } from './post-list-page';
import RichTextEditor, { linkHref } from './rich-text-editor';

// Signed in (a static render has no token otherwise) as a writer (a teacher: partner class), the
// blog and tutorial approver, or the super admin.
const signedIn = vi.hoisted(() => ({ menuClass: 'partner' as 'partner' | 'super' | 'approver', userId: 11 }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({
    token: 'tok',
    isSignedIn: true,
    user: { id: signedIn.userId },
    menuClass: signedIn.menuClass,
    roleEntry: null,
    isLoading: false,
    error: null,
    refetch: () => undefined,
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  signedIn.menuClass = 'partner';
  signedIn.userId = 11;
});

const science: PostCategory = { id: 3, type: 'blog', slug: 'science', title: 'Science', bn_title: 'বিজ্ঞান' };
const lessons: PostCategory = { id: 8, type: 'tutorial', slug: 'lessons', title: 'Lessons', bn_title: 'পাঠ' };

const post = (over: Partial<Post> = {}): Post => ({
  id: 7,
  type: 'blog',
  title: 'How photosynthesis works',
  title_bn: 'সালোকসংশ্লেষণ কীভাবে কাজ করে',
  summary: 'Plants make food from light.',
  body: '',
  category_id: 3,
  category: science,
  cover: '/post-media/0123456789abcdef0123456789abcdef.jpg',
  video_url: null,
  duration: null,
  link: null,
  news: false,
  popup: false,
  tags: ['biology'],
  status: 'draft',
  publish: 0,
  reason: null,
  author: { id: 11, name: 'Rahima Khatun', name_bn: 'রহিমা খাতুন' },
  created_at: '2026-03-01T04:30:00Z',
  updated_at: '2026-03-02T04:30:00Z',
  published_at: null,
  ...over,
});

const submitted = post({ id: 8, title: 'The water cycle', title_bn: null, status: 'submitted' });
const published = post({ id: 9, title: 'Eid in the village', title_bn: null, status: 'published', publish: 1, published_at: '2026-03-03T04:30:00Z' });
const unpublished = post({ id: 10, title: 'Old exam tips', title_bn: null, status: 'unpublished', reason: 'The dates are wrong.' });
const someoneElses = post({ id: 12, title: 'Counting in Bangla', title_bn: null, status: 'submitted', author: { id: 40, name: 'Karim Uddin', name_bn: null } });

const page = (data: Post[], over: Partial<Page<Post>> = {}): Page<Post> => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length, ...over });

/** A client holding the first page of `type`'s list (no filter) and its categories. */
function cached(list: Page<Post>, params: Partial<MyPostsParams> = {}) {
  const qc = new QueryClient();
  const type = params.type ?? 'blog';
  qc.setQueryData(myPostKeys.list({ type, page: 1, search: '', status: '', categoryId: null, ...params }), list);
  qc.setQueryData(myPostKeys.categories(type), type === 'tutorial' ? [lessons] : [science]);
  return qc;
}

const at = (type: PostType, url: string, qc: QueryClient, lang: 'en' | 'bn' = 'en', site: SiteInfo = DEFAULT_SITE) =>
  render(
    lang,
    <SiteProvider initial={site}>
      <PostListPage type={type} />
    </SiteProvider>,
    { at: url, qc },
  );

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

const values = (over: Partial<PostFormValues> = {}): PostFormValues => ({
  ...postValues(null),
  title: '  How photosynthesis works ',
  category_id: 3,
  body: '<p>Plants make food from light.</p>',
  ...over,
});

const form = (over: Partial<PostFormProps> = {}) => (
  <PostForm type="blog" post={null} values={values()} categories={[science]} errors={{}} busy={null} onChange={noop} onPickCover={noop} onPickVideo={noop} onSave={noop} onCancel={noop} {...over} />
);

/** The form with the client's problems and the server's refusals worded as the editor words them. */
function Worded({ type, v, err, checked = false }: { type: PostType; v: PostFormValues; err?: unknown; checked?: boolean }) {
  const worded = useWordedErrors(POST_FIELDS, err, usePostProblemText(), checked ? postProblems(type, v) : {});
  return form({ type, values: v, errors: worded, categories: type === 'tutorial' ? [lessons] : [science] });
}

describe('the dashboard lists of posts', () => {
  it("lists a writer's posts with cover, title, category, status and the reason of an unpublishing, searched and filtered", async () => {
    const html = await at('blog', '/blogs/list', cached(page([post(), submitted, published, unpublished])), 'bn');
    expect(tag(html, 'post-list-page')).toContain('data-type="blog"');
    expect(tag(html, 'post-list-page')).toContain('data-approves="false"');
    expect(count(html, 'post-row')).toBe(4);
    // The static render has no wide screen: cards.
    expect(tag(html, 'post-cards')).not.toBe('');
    const shown = text(html);
    for (const s of ['ব্লগ', '৪টি ব্লগ', 'সালোকসংশ্লেষণ কীভাবে কাজ করে', 'The water cycle', 'বিজ্ঞান', '#biology', 'খসড়া', 'অনুমোদনের অপেক্ষায়', 'প্রকাশিত', 'কারণ: The dates are wrong.', '২ মার্চ, ২০২৬']) {
      expect(shown, s).toContain(s);
    }
    expect([...html.matchAll(/data-testid="post-status" data-status="(\w+)"/g)].map((m) => m[1])).toEqual(['draft', 'submitted', 'published', 'unpublished']);
    // The writer's own: edit and delete on each; no publishing.
    expect(count(html, 'edit-post')).toBe(4);
    expect(count(html, 'delete-post')).toBe(4);
    expect(count(html, 'publish-post')).toBe(0);
    expect(count(html, 'unpublish-post')).toBe(0);
    // The published one links to its public page.
    expect(count(html, 'view-post')).toBe(1);
    expect(href(html, 'view-post')).toBe('/blogs/details/9/eid-in-the-village');
    expect(tag(html, 'posts-search')).not.toBe('');
    expect(tag(html, 'new-post')).not.toBe('');
    expect(shown).toContain('নতুন ব্লগ');
  });

  it('says when there is none yet, or none matches the filter, and shows an error with a retry', async () => {
    const none = await at('tutorial', '/tutorials/list', cached(page([]), { type: 'tutorial' }));
    expect(tag(none, 'empty-state')).not.toBe('');
    expect(text(none)).toContain('No tutorials yet. Add the first one.');
    expect(count(none, 'new-post')).toBe(2);
    const filtered = await at('blog', '/blogs/list?status=published&category=3', cached(page([]), { status: 'published', categoryId: 3 }), 'bn');
    expect(text(filtered)).toContain('এই খোঁজ বা ফিল্টারের সঙ্গে কিছুই মেলেনি।');
    expect(count(filtered, 'new-post')).toBe(1);
    expect(/data-testid="posts-status"[\s\S]*?<input[^>]*value="([^"]*)"/.exec(filtered)?.[1]).toBe('published');
    expect(/data-testid="posts-category"[\s\S]*?<input[^>]*value="([^"]*)"/.exec(filtered)?.[1]).toBe('3');

    // A failed read that is not retried on mount (a static render would show it loading again).
    const qc = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    await qc.prefetchQuery({ queryKey: myPostKeys.list({ type: 'blog', page: 1, search: '', status: '', categoryId: null }), queryFn: () => Promise.reject(new ApiError(500, 'HTTP 500', 'server_error', {})), retry: false });
    const failed = await at('blog', '/blogs/list', qc);
    expect(tag(failed, 'error-state')).not.toBe('');
    expect(text(failed)).toContain('Try again');
    expect(statusParam('submitted')).toBe('submitted');
    expect(statusParam('1')).toBe('');
  });

  it('offers Publish, Unpublish and corrections to approvers (with every writer’s name), never to writers', async () => {
    signedIn.menuClass = 'approver';
    signedIn.userId = 99;
    const html = await at('blog', '/blogs/list', cached(page([post(), submitted, published, unpublished, someoneElses])));
    expect(tag(html, 'post-list-page')).toContain('data-approves="true"');
    // Waiting and unpublished ones can be published; the published one unpublished; a draft neither.
    expect(count(html, 'publish-post')).toBe(3);
    expect(count(html, 'unpublish-post')).toBe(1);
    expect(text(html)).toContain('By Rahima Khatun');
    expect(text(html)).toContain('By Karim Uddin');
    // Approvers correct any post, theirs or not.
    expect(count(html, 'edit-post')).toBe(5);

    signedIn.menuClass = 'super';
    signedIn.userId = 40;
    const superHtml = await at('blog', '/blogs/list', cached(page([submitted, someoneElses])));
    expect(count(superHtml, 'publish-post')).toBe(2);
    // The super admin approves too: every post is theirs to correct.
    expect(count(superHtml, 'edit-post')).toBe(2);
    // On the main site, the super admin chooses the partners' posts it shows (blogs and tutorials).
    expect(text(superHtml)).toContain('Partner posts on the main site');
    expect(count(superHtml, 'open-showcase')).toBe(1);
    expect(count(await at('tutorial', '/tutorials/list', cached(page([]), { type: 'tutorial' }), 'bn'), 'open-showcase')).toBe(1);
    expect(count(await at('article', '/articles/list', cached(page([]), { type: 'article' })), 'open-showcase')).toBe(0);
    expect(count(await at('blog', '/blogs/list', cached(page([])), 'en', { ...DEFAULT_SITE, is_main: false, slug: 'dhaka' }), 'open-showcase')).toBe(0);

    signedIn.menuClass = 'partner';
    const writer = await at('blog', '/blogs/list', cached(page([submitted, published])));
    expect(count(writer, 'publish-post')).toBe(0);
    expect(count(writer, 'unpublish-post')).toBe(0);
    expect(count(writer, 'open-showcase')).toBe(0);

    expect(approvesType('blog', 'approver')).toBe(true);
    expect(approvesType('tutorial', 'super')).toBe(true);
    expect(approvesType('tutorial', 'partner')).toBe(false);
    // Articles: the site's admin, who alone opens the page, publishes them.
    expect(approvesType('article', 'partner')).toBe(true);

    const table = await render('en', <PostsTable items={[submitted, published]} lang="en" approves showAuthor canWrite={() => true} busy={8} onEdit={noop} onDelete={noop} onPublish={noop} onUnpublish={noop} />);
    for (const col of ['Title', 'Author', 'Status', 'Last changed']) expect(text(table)).toContain(col);
    // The post being changed cannot be changed twice.
    expect(tag(table, 'publish-post')).toContain('disabled');
    expect(tag(table, 'unpublish-post')).not.toContain('disabled');
  });

  it('asks for the list with the page, search, status and category; publishes, unpublishes with a reason and deletes', async () => {
    const list = stubFetch(() => json(page([post()])));
    await fetchMyPosts('tutorial', { page: 2, limit: 10, search: 'আলো', publish: 'submitted', category_id: 8 });
    const asked = new URL(fetchCall(list)[0], 'http://site.test');
    expect(asked.pathname).toBe('/my-account/tutorials/view');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ page: '2', limit: '10', search: 'আলো', publish: 'submitted', category_id: '8' });

    const qc = cached(page([published]));
    const answer = stubFetch(() => json({ data: { ...published, status: 'unpublished', publish: 0, reason: 'Old' } }));
    await runMutation(publishPostMutation(qc), { post: published, publish: false, reason: '  Old  ' }, qc);
    const [url, init] = fetchCall(answer);
    expect(url).toBe('/my-account/blogs/publish');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ id: 9, publish: false, reason: 'Old' });
    const key = myPostKeys.list({ type: 'blog', page: 1, search: '', status: '', categoryId: null });
    expect(qc.getQueryData<Page<Post>>(key)?.data[0].status).toBe('unpublished');
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);

    const approve = stubFetch(() => json({ data: { ...submitted, status: 'published' } }));
    await runMutation(publishPostMutation(qc), { post: post({ id: 8, type: 'tutorial' }), publish: true }, qc);
    expect(fetchCall(approve)[0]).toBe('/my-account/tutorials/publish');
    expect(JSON.parse(String(fetchCall(approve)[1].body))).toEqual({ id: 8, publish: true });

    const del = stubFetch(() => json({ data: { done: true } }));
    await runMutation(deletePostMutation(qc), post({ type: 'article', id: 4 }), qc);
    expect(fetchCall(del)[0]).toBe('/my-account/articles/delete/4');
    expect(fetchCall(del)[1].method).toBe('DELETE');
  });
});

describe('the post editor', () => {
  it('checks what the server checks: title, category, body, a tutorial’s video and its duration as HH:mm:ss', () => {
    expect(postProblems('blog', values())).toEqual({});
    expect(postProblems('blog', values({ title: ' ', category_id: null, body: '<p></p>' }))).toEqual({ title: 'required', category_id: 'required', body: 'required' });
    expect(postProblems('blog', values({ summary: 'x'.repeat(301) })).summary).toBe('summary_too_long');
    expect(postProblems('blog', values({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).tags).toBe('too_many_tags');
    expect(postProblems('tutorial', values())).toEqual({ video_url: 'video_required' });
    expect(postProblems('tutorial', values({ video_url: 'youtube' })).video_url).toBe('invalid_url');
    expect(postProblems('tutorial', values({ video_url: '/post-media/abc.mp4' }))).toEqual({});
    for (const bad of ['1:30', '01:60:00', '01:00:60', 'aa:bb:cc', '01:5:05', '1000:00:00', '০১:৭৫:০০']) {
      expect(postProblems('tutorial', values({ video_url: 'https://youtu.be/abc', duration: bad })).duration, bad).toBe('duration_format');
    }
    expect(parseDuration('০১:৩০:০৫')).toBe('01:30:05');
    expect(parseDuration(' 1:30:05 ')).toBe('01:30:05');
    expect(parseDuration('120:00:00')).toBe('120:00:00');
    expect(postProblems('article', values({ link: 'news.example.com' })).link).toBe('invalid_url');
    expect(postProblems('article', values({ link: 'https://news.example.com/eid' }))).toEqual({});
    // Pictures and videos alone are a body too.
    expect(hasBody('<p><img src="/post-media/a.png"></p>')).toBe(true);
    expect(hasBody('<p>&nbsp; </p>')).toBe(false);
  });

  it('shows a clear message under the duration, the client’s and the server’s (422 duration_not_hms)', async () => {
    const v = values({ video_url: 'https://youtu.be/abc', duration: '1:75' });
    const problems = postProblems('tutorial', v);
    expect(problems.duration).toBe('duration_format');
    // Under the field, in both languages.
    const en = await render('en', <Worded type="tutorial" v={v} checked />);
    expect(input(en, 'post-duration')).toContain('aria-invalid="true"');
    expect(text(en)).toContain('Write the duration as HH:mm:ss, such as 01:30:00 (minutes and seconds below 60).');
    const bn = await render('bn', <Worded type="tutorial" v={{ ...v, duration: '০১:৭৫:০০' }} checked />);
    expect(text(bn)).toContain('সময়কাল HH:mm:ss আকারে লিখুন, যেমন ০১:৩০:০০ (মিনিট ও সেকেন্ড ৬০-এর কম)।');
    // A missing title in the shared words.
    expect(text(await render('en', <Worded type="blog" v={values({ title: '' })} checked />))).toContain('This field is required.');

    // The server's refusal of the duration, in its own words, on the field.
    const refused = new ApiError(422, 'x', 'validation_failed', { duration: ['Enter the duration as HH:mm:ss, for example 01:30:00.'] });
    const html = await render('en', <Worded type="tutorial" v={v} err={refused} />);
    expect(input(html, 'post-duration')).toContain('aria-invalid="true"');
    expect(text(html)).toContain('Enter the duration as HH:mm:ss, for example 01:30:00.');
    // Other fields keep the server's words.
    const title = new ApiError(422, 'x', 'validation_failed', { title: ['শিরোনাম দিন।'], category_id: ['এই ক্যাটাগরি নেই।'] });
    const titled = await render('bn', <Worded type="blog" v={values()} err={title} />);
    expect(input(titled, 'post-title')).toContain('aria-invalid="true"');
    expect(text(titled)).toContain('শিরোনাম দিন।');
    expect(text(titled)).toContain('এই ক্যাটাগরি নেই।');
  });

  it('saves a draft or submits for approval with the body the API takes', async () => {
    const draft = postBody('blog', values({ title_bn: ' ', tags: ['biology'] }), false);
    expect(draft).toEqual({
      title: 'How photosynthesis works',
      title_bn: null,
      category_id: 3,
      summary: '',
      body: '<p>Plants make food from light.</p>',
      cover: null,
      tags: ['biology'],
      submit: false,
    });
    expect(postBody('tutorial', values({ video_url: ' https://youtu.be/abc ', duration: '০:৪৫:০০' }), true)).toMatchObject({ video_url: 'https://youtu.be/abc', duration: '00:45:00', submit: true });
    const article = postBody('article', values({ link: 'https://news.example.com', news: true, publish: true }), true);
    expect(article).toMatchObject({ link: 'https://news.example.com', news: true, popup: false, publish: true });
    expect('submit' in article).toBe(false);
    expect('video_url' in article).toBe(false);

    // "Submit for approval": a new blog post is POSTed with submit: true; the lists are read again.
    const created = stubFetch(() => json({ data: post({ status: 'submitted' }) }, 201));
    const qc = cached(page([]));
    await runMutation(savePostMutation(qc, 'blog'), { values: values(), submit: true }, qc);
    const [url, init] = fetchCall(created);
    expect(url).toBe('/my-account/blogs/store');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({ title: 'How photosynthesis works', category_id: 3, submit: true });
    expect(qc.getQueryState(myPostKeys.list({ type: 'blog', page: 1, search: '', status: '', categoryId: null }))?.isInvalidated).toBe(true);

    // A saved blog post names itself in the body, a tutorial in the path.
    const updated = stubFetch(() => json({ data: post() }));
    await runMutation(savePostMutation(qc, 'blog', 7), { values: values(), submit: false }, qc);
    expect(fetchCall(updated)[0]).toBe('/my-account/blogs/update');
    expect(fetchCall(updated)[1].method).toBe('PUT');
    expect(JSON.parse(String(fetchCall(updated)[1].body))).toMatchObject({ id: 7, submit: false });
    await runMutation(savePostMutation(qc, 'tutorial', 5), { values: values({ video_url: 'https://youtu.be/abc' }), submit: true }, qc);
    expect(fetchCall(updated, 1)[0]).toBe('/my-account/tutorials/update/5');
    expect(JSON.parse(String(fetchCall(updated, 1)[1].body))).toMatchObject({ submit: true, video_url: 'https://youtu.be/abc' });

    // A saved post comes back with its duration in the interface's digits.
    expect(postValues(post({ type: 'tutorial', duration: '01:30:00', video_url: '/post-media/v.mp4', status: 'published' }), 'bn')).toMatchObject({ duration: '০১:৩০:০০', video_url: '/post-media/v.mp4', publish: true });
  });

  it('has each type’s fields and buttons: Save draft and Submit for approval, or Save with Publish now', async () => {
    const blog = await render('en', form());
    expect(tag(blog, 'post-form')).toMatch(/^<form/);
    expect(input(blog, 'post-title')).toContain('required');
    expect(input(blog, 'post-title')).toContain('value="  How photosynthesis works "');
    expect(input(blog, 'post-title_bn')).not.toBe('');
    expect(blog).toMatch(/<textarea[^>]*id="post-summary"/);
    expect(input(blog, 'post-tags')).not.toBe('');
    expect(input(blog, 'post-video_url')).toBe('');
    expect(input(blog, 'post-link')).toBe('');
    expect(text(blog)).toContain('Choose from file manager');
    expect(tag(blog, 'save-draft')).toContain('type="submit"');
    expect(text(blog)).toContain('Save draft');
    expect(text(blog)).toContain('Submit for approval');
    expect(tag(blog, 'save-post')).toBe('');
    // The body's editor is its own chunk: a placeholder of its size until it is there.
    expect(tag(blog, 'post-body-loading')).not.toBe('');

    const tutorial = await render('bn', form({ type: 'tutorial', categories: [lessons], values: values({ category_id: 8, video_url: 'https://youtu.be/abc', duration: '০১:৩০:০০' }) }));
    expect(input(tutorial, 'post-video_url')).toContain('value="https://youtu.be/abc"');
    expect(input(tutorial, 'post-duration')).toContain('value="০১:৩০:০০"');
    expect(tag(tutorial, 'pick-video')).not.toBe('');
    expect(text(tutorial)).toContain('অনুমোদনের জন্য পাঠান');

    const article = await render('en', form({ type: 'article', values: values({ cover: '/post-media/c.webp', news: true }) }));
    expect(input(article, 'post-link')).not.toBe('');
    expect(input(article, 'post-news')).toContain('checked');
    expect(input(article, 'post-popup')).not.toContain('checked');
    expect(input(article, 'post-publish')).not.toBe('');
    for (const s of ['Show as announcement banner', 'Show as popup', 'Publish now']) expect(text(article)).toContain(s);
    expect(tag(article, 'save-draft')).toBe('');
    expect(tag(article, 'save-post')).toContain('type="submit"');
    expect(tag(article, 'cover-preview')).toContain('src="/post-media/c.webp"');
    expect(tag(article, 'approval-note')).toBe('');

    // A published post: the note that a change takes it off the site until approved again.
    const again = await render('en', form({ post: published, values: postValues(published) }));
    expect(text(again)).toContain('saving a change takes it off the site');
    expect(text(again)).toContain('Edit blog post');
  });

  it('keeps tags clean, unrepeated and at most ten; takes links as typed in the editor', () => {
    expect(addTags(['biology'], ['  #Plants  , light', 'BIOLOGY', ''])).toEqual(['biology', 'Plants', 'light']);
    expect(addTags(Array.from({ length: 10 }, (_, i) => `t${i}`), ['more'])).toHaveLength(10);
    expect(addTags([], ['x'.repeat(60)])[0]).toHaveLength(40);
    expect(linkHref('example.com/a')).toBe('https://example.com/a');
    expect(linkHref('mailto:info@example.com')).toBe('mailto:info@example.com');
    expect(linkHref('javascript:alert(1)')).toBeNull();
    expect(linkHref('')).toBeNull();
  });
});


describe('the rich text editor', () => {
  /** Every source file of the app (tests aside), relative to src/. */
  function sources(dir = join(__dirname, '../../..')): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it('is the only module that imports TipTap, and is itself only imported lazily (never in the entry or the public pages)', () => {
    const root = join(__dirname, '../../..');
    const tiptap = sources().filter((f) => /from '@tiptap\//.test(readFileSync(f, 'utf8')));
    expect(tiptap.map((f) => relative(root, f))).toEqual(['features/publishing/components/rich-text-editor.tsx']);
    for (const f of sources()) {
      const code = readFileSync(f, 'utf8');
      // A static import or re-export of the editor module would pull TipTap into its importer's chunk.
      expect(/(?:import|export)[^;(]*from '[^']*rich-text-editor'/.test(code), relative(root, f)).toBe(false);
    }
    expect(readFileSync(join(__dirname, 'post-editor-dialog.tsx'), 'utf8')).toContain("lazy(() => import('./rich-text-editor'))");
    // ... and the dialog is itself lazily loaded by the list page.
    expect(readFileSync(join(__dirname, 'post-list-page.tsx'), 'utf8')).toContain("idleLazy(() => import('./post-editor-dialog'))");
  });

  it('draws a placeholder of its size where there is no DOM to edit in', async () => {
    const html = await render('en', <RichTextEditor id="post-body" label="Text" value="<p>হ্যালো</p>" onChange={noop} />);
    expect(tag(html, 'post-body-loading')).not.toBe('');
  });
});
