import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../../../lib/site-context';
import { DEFAULT_SITE } from '../../../lib/site';
import { json, prefetched, render, tag, text } from '../../../lib/test-render';
import { fetchPublicPost, type Post, type PostCategory } from '../api/publishing-api';
import { fetchSitePage, type PublicContent } from '../hooks/public-posts';
import PublicPages, { type PublicPageName } from './public-pages';

afterEach(() => {
  vi.unstubAllGlobals();
});

const category = (over: Partial<PostCategory> = {}): PostCategory => ({ id: 3, type: 'blog', slug: 'study-tips', title: 'Study tips', bn_title: 'পড়াশোনার পরামর্শ', ...over });

const post = (over: Partial<Post> = {}): Post => ({
  id: 41,
  type: 'blog',
  title: 'How to prepare for the SSC exam',
  title_bn: 'এসএসসি পরীক্ষার প্রস্তুতি কীভাবে নেবেন',
  summary: 'A plan for the last three months.',
  body: '',
  category_id: 3,
  category: category(),
  cover: '/post-media/0b9c.webp',
  video_url: null,
  duration: null,
  link: null,
  news: false,
  popup: false,
  tags: ['ssc', 'exam'],
  status: 'published',
  publish: 1,
  reason: null,
  author: { id: 9, name: 'Rahima Khatun', name_bn: 'রহিমা খাতুন' },
  created_at: '2025-03-02T08:00:00Z',
  updated_at: '2025-03-02T08:00:00Z',
  published_at: '2025-03-05T08:00:00Z',
  ...over,
});

const page = (items: Post[], over: Partial<{ current_page: number; last_page: number }> = {}) => ({
  data: items,
  current_page: 1,
  last_page: 1,
  per_page: 12,
  total: items.length,
  ...over,
});

const ROUTE: Record<PublicPageName, string> = {
  list: '/:type/lists',
  details: '/:type/details/:id/:slug?',
  page: '/page/details/:id/:slug',
  faq: '/faq',
  team: '/our-team',
  contact: '/contact-us',
  cookies: '/cookies',
};

const show = (name: PublicPageName, at: string, qc = new QueryClient(), lang: 'en' | 'bn' = 'en') =>
  render(
    lang,
    <SiteProvider initial={DEFAULT_SITE}>
      <PublicPages page={name} content={at.split('/')[1] as PublicContent} />
    </SiteProvider>,
    { at, path: ROUTE[name], qc },
  );

/** The opening tags of the cards' links. */
const cardLinks = (html: string) => [...html.matchAll(/<a\b[^>]*aria-labelledby="[^"]*"[^>]*>/g)].map((m) => m[0]);

describe('the public lists', () => {
  it('show the posts as cards, in Bangla with title_bn, each one link named by its title', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['public-posts', 'blog', { page: 1, search: '', categoryId: null }], page([post(), post({ id: 42, title: 'Reading every day', title_bn: null })]));
    qc.setQueryData(['post-categories', 'blog'], [category(), category({ id: 4, slug: 'career', title: 'Career', bn_title: 'ক্যারিয়ার' })]);
    const html = await show('list', '/blogs/lists', qc, 'bn');
    const shown = text(html);
    expect(html).toMatch(/<h1[^>]*>ব্লগ<\/h1>/);
    expect(html.match(/data-testid="post-card"/g)).toHaveLength(2);
    expect(shown).toContain('এসএসসি পরীক্ষার প্রস্তুতি কীভাবে নেবেন');
    expect(shown).not.toContain('How to prepare for the SSC exam');
    // No Bangla title: the English one.
    expect(shown).toContain('Reading every day');
    // Category, date with Bangla digits, summary.
    expect(shown).toContain('পড়াশোনার পরামর্শ');
    expect(shown).toMatch(/৫ মার্চ, ২০২৫|মার্চ ৫, ২০২৫|৫ মার্চ ২০২৫/);
    expect(shown).toContain('A plan for the last three months.');
    // Each card is one link to the post's page, named by its title (an h2 under the page's h1).
    const [first] = cardLinks(html);
    expect(first).toContain('href="/blogs/details/41/how-to-prepare-for-the-ssc-exam"');
    const labelId = /aria-labelledby="([^"]+)"/.exec(first)![1];
    expect(html).toMatch(new RegExp(`<h2[^>]*id="${labelId}"[^>]*>এসএসসি পরীক্ষার প্রস্তুতি কীভাবে নেবেন</h2>`));
    // The category chips: all, then the type's categories; a search box.
    expect(tag(html, 'post-category-chips')).toContain('role="group"');
    expect(shown).toContain('সব');
    expect(shown).toContain('ক্যারিয়ার');
    expect(html).toContain('role="search"');
  });

  it('show a tutorial card with its duration', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['public-posts', 'tutorial', { page: 1, search: '', categoryId: null }], page([post({ type: 'tutorial', duration: '00:12:05' })]));
    const html = await show('list', '/tutorials/lists', qc, 'bn');
    expect(text(html)).toContain('১২:০৫');
  });

  it('read the page, search and category from the address, and show an empty state', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['public-posts', 'article', { page: 2, search: 'ভর্তি', categoryId: 7 }], page([], { current_page: 2 }));
    const html = await show('list', '/articles/lists?page=2&search=%E0%A6%AD%E0%A6%B0%E0%A7%8D%E0%A6%A4%E0%A6%BF&category_id=7', qc, 'bn');
    expect(tag(html, 'empty-state')).not.toBe('');
    expect(text(html)).toContain('“ভর্তি”');
  });

  // Another type (/podcasts/lists) has no route of its own: app/routes.test.tsx.
  it('show skeletons while loading, and a post id that is not a number is not found', async () => {
    expect(tag(await show('list', '/blogs/lists'), 'post-list-loading')).not.toBe('');
    expect(tag(await show('details', '/blogs/details/abc'), 'not-found-page')).not.toBe('');
  });
});

describe('a post page', () => {
  it("renders the post: title, author, date, category, tags and the body's HTML", async () => {
    const qc = new QueryClient();
    qc.setQueryData(['public-post', 'blog', 41], post({ body: '<h2>Week one</h2><p>Start with <strong>mathematics</strong>.</p><img src="/post-media/a.png" alt="A plan">' }));
    const html = await show('details', '/blogs/details/41/whatever', qc);
    expect(html).toMatch(/<h1[^>]*>How to prepare for the SSC exam<\/h1>/);
    expect(html).toContain('<h2>Week one</h2><p>Start with <strong>mathematics</strong>.</p><img src="/post-media/a.png" alt="A plan">');
    expect(text(html)).toContain('By Rahima Khatun');
    expect(text(html)).toContain('Study tips');
    expect(text(html)).toContain('#ssc');
    expect(html).toMatch(/<time[^>]*dateTime="2025-03-05T08:00:00Z"|<time[^>]*datetime="2025-03-05T08:00:00Z"/);
  });

  it('plays a YouTube tutorial from youtube-nocookie.com and shows its duration', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['public-post', 'tutorial', 8], post({ id: 8, type: 'tutorial', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', duration: '01:02:03', body: '<p>Notes</p>' }));
    const html = await show('details', '/tutorials/details/8', qc, 'bn');
    const frame = tag(html, 'post-video-embed');
    expect(frame).toMatch(/^<iframe/);
    expect(frame).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(frame).toContain('title="এসএসসি পরীক্ষার প্রস্তুতি কীভাবে নেবেন"');
    expect(text(html)).toContain('১:০২:০৩');
  });

  it('plays a tutorial kept in the post media in <video controls>', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['public-post', 'tutorial', 9], post({ id: 9, type: 'tutorial', video_url: '/post-media/5f1.mp4' }));
    const video = tag(await show('details', '/tutorials/details/9/x', qc), 'post-video-file');
    expect(video).toMatch(/^<video/);
    expect(video).toContain('controls');
    expect(video).toContain('src="/post-media/5f1.mp4"');
  });

  it('is not found when the API answers 404', async () => {
    const qc = await prefetched({ queryKey: ['public-post', 'blog', 77], queryFn: () => fetchPublicPost('blog', 77), retry: false }, () => json({ message: 'Not found', code: 'not_found' }, 404));
    const html = await show('details', '/blogs/details/77/gone', qc);
    expect(tag(html, 'not-found-page')).not.toBe('');
  });
});

describe("the site's pages", () => {
  it('shows the FAQ as an accordion: the question a heading button, the answer its body', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['faqs'], [
      post({ id: 1, type: 'article', title: 'How do I enrol?', title_bn: 'কীভাবে ভর্তি হব?', body: '<p>Open the course and press <em>Enrol</em>.</p>' }),
      post({ id: 2, type: 'article', title: 'Is it free?', title_bn: null, body: '<p>Many courses are.</p>' }),
    ]);
    const html = await show('faq', '/faq', qc, 'bn');
    expect(html).toMatch(/<h1[^>]*>সচরাচর জিজ্ঞাসা<\/h1>/);
    expect(html.match(/data-testid="faq-item"/g)).toHaveLength(2);
    // The question is a button inside an h2 that controls the answer's region.
    expect(html).toMatch(/<h2[^>]*>(<style[^>]*>[^<]*<\/style>)*<button[^>]*aria-expanded="false" id="faq-1-question" aria-controls="faq-1-answer"/);
    expect(html).toContain('aria-labelledby="faq-1-question" id="faq-1-answer" role="region"');
    expect(text(html)).toContain('কীভাবে ভর্তি হব?');
    expect(text(html)).toContain('Is it free?');
    expect(html).toContain('<p>Open the course and press <em>Enrol</em>.</p>');
  });

  it('shows the about page, and the article of any other /page/details address', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['about-us'], post({ id: 1, type: 'article', title: 'About us', title_bn: null, body: '<p>We teach.</p>' }));
    qc.setQueryData(['public-post', 'article', 12], post({ id: 12, type: 'article', title: 'Admission notice', title_bn: null, body: '<p>Open.</p>' }));
    expect(await show('page', '/page/details/1/about', qc)).toContain('<p>We teach.</p>');
    expect(await show('page', '/page/details/12/admission-notice', qc)).toContain('<p>Open.</p>');
    const none = new QueryClient();
    none.setQueryData(['about-us'], null);
    expect(tag(await show('page', '/page/details/1/about', none), 'empty-state')).not.toBe('');
  });

  it('shows the newest article of the page\'s category, else a default', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['site-page', 'team'], post({ id: 30, type: 'article', title: 'Our team', title_bn: null, body: '<p>Ten teachers.</p>' }));
    qc.setQueryData(['site-page', 'contact'], null);
    qc.setQueryData(['site-page', 'cookies'], null);
    expect(await show('team', '/our-team', qc)).toContain('<p>Ten teachers.</p>');
    const contact = await show('contact', '/contact-us', qc);
    expect(contact).toMatch(/<h1[^>]*>Contact us<\/h1>/);
    expect(tag(contact, 'empty-state')).not.toBe('');
    const cookies = await show('cookies', '/cookies', qc, 'bn');
    expect(text(cookies)).toContain('লোকাল স্টোরেজে আপনার লগইন টোকেন');
    expect(text(cookies)).toContain('“lang” কুকি');
  });

  it("finds the page's article: the category by slug, its newest article, then that article with its body", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.startsWith('/my-account/articles/view-categories')) return json({ data: [category({ id: 5, type: 'article', slug: 'team' })] });
        if (url.startsWith('/my-account/public/articles/view?')) return json(page([post({ id: 30, type: 'article' })]));
        return json({ data: post({ id: 30, type: 'article', body: '<p>Ten teachers.</p>' }) });
      }),
    );
    const found = await fetchSitePage(new QueryClient(), 'team');
    expect(found?.body).toBe('<p>Ten teachers.</p>');
    expect(calls).toEqual([
      '/my-account/articles/view-categories?type=article',
      '/my-account/public/articles/view?category_id=5&limit=1',
      '/my-account/public/articles/view-details/30',
    ]);
    calls.length = 0;
    expect(await fetchSitePage(new QueryClient(), 'cookies')).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
