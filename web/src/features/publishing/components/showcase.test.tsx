import { QueryClient } from '@tanstack/react-query';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fetchCall, href, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Page, SiteInfo } from '../../../lib/types';
import { fetchSelectedPartnerPosts, fetchShowcasePosts, type ShowcasePost } from '../api/showcase-api';
import { selectShowcaseMutation, showcaseKeys } from '../hooks/use-showcase';
import type { PublicContent } from '../hooks/public-posts';
import PublicPages from './public-pages';
import { ShowcaseDialog } from './showcase-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const showcased = (over: Partial<ShowcasePost> = {}): ShowcasePost => ({
  id: 5,
  kind: 'blog',
  post_id: 41,
  institution_id: 7,
  institution_name: 'ঢাকা কোডিং স্কুল',
  institution_name_en: 'Dhaka Coding School',
  title: 'Learning to code at forty',
  title_bn: 'চল্লিশে কোডিং শেখা',
  summary: 'It is never too late.',
  cover: 'https://dhaka.example.com/post-media/a1.webp',
  url: 'https://dhaka.example.com/blogs/details/41',
  published_at: '2026-02-10T06:00:00Z',
  selected: true,
  ...over,
});

const tutorial = showcased({ id: 6, kind: 'tutorial', post_id: 3, title: 'Loops in ten minutes', title_bn: null, cover: null, url: 'https://dhaka.example.com/tutorials/details/3' });
const otherBlog = showcased({ id: 8, post_id: 2, institution_id: 9, institution_name: 'সিলেট একাডেমি', institution_name_en: '', title: 'Tea and physics', title_bn: null, cover: null, url: 'https://sylhet.example.com/blogs/details/2' });

const page = <T,>(data: T[], over: Partial<Page<T>> = {}): Page<T> => ({ data, current_page: 1, last_page: 1, per_page: 24, total: data.length, ...over });

/** A client holding the chosen partner posts, and an empty list of the site's own posts of each type. */
function withSelected(posts: ShowcasePost[]) {
  const qc = new QueryClient();
  qc.setQueryData(showcaseKeys.selected, page(posts));
  for (const type of ['blog', 'tutorial', 'article']) qc.setQueryData(['public-posts', type, { page: 1, search: '', categoryId: null }], page([]));
  return qc;
}

const list = (at: string, qc: QueryClient, lang: 'en' | 'bn' = 'en', site: SiteInfo = DEFAULT_SITE) =>
  render(
    lang,
    <SiteProvider initial={site}>
      <PublicPages page="list" content={at.split('/')[1] as PublicContent} />
    </SiteProvider>,
    { at, path: '/:type/lists', qc },
  );

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

describe('partner posts on the main site’s public lists', () => {
  const selected = [showcased(), tutorial, otherBlog, showcased({ id: 9, url: 'javascript:alert(1)' })];

  it('shows the chosen posts of the page’s kind as links to the partners’ pages, in the interface language', async () => {
    const html = await list('/blogs/lists', withSelected(selected), 'bn');
    const section = tag(html, 'partner-posts');
    expect(section).toMatch(/^<section/);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(section)![1];
    expect(html).toMatch(new RegExp(`<h2[^>]*id="${labelledBy}"[^>]*>আমাদের সহযোগী প্রতিষ্ঠান থেকে</h2>`));
    // The blogs only, and not the one whose address is no web page.
    expect([...html.matchAll(/data-testid="partner-post-card" data-showcase-id="(\d+)"/g)].map((m) => m[1])).toEqual(['5', '8']);
    const links = [...html.matchAll(/<a\b[^>]*href="(https:[^"]+)"[^>]*>/g)].map((m) => m[1]);
    expect(links).toEqual(['https://dhaka.example.com/blogs/details/41', 'https://sylhet.example.com/blogs/details/2']);
    expect(html).not.toContain('javascript:');
    const shown = text(html);
    // Bangla title and partner name, the English ones when there is no Bangla (and the reverse).
    for (const s of ['চল্লিশে কোডিং শেখা', 'ঢাকা কোডিং স্কুল', 'Tea and physics', 'সিলেট একাডেমি', 'It is never too late.']) expect(shown, s).toContain(s);
    expect(shown).not.toContain('Loops in ten minutes');
    expect(html).toMatch(/<time[^>]*dateTime="2026-02-10T06:00:00Z"[^>]*>১০ [^<]*২০২৬<\/time>/i);
    // The cover, when there is one; each card is named by its title (h3 under the section's h2).
    expect(html).toContain('src="https://dhaka.example.com/post-media/a1.webp"');
    expect(html).toMatch(/<h3[^>]*>চল্লিশে কোডিং শেখা<\/h3>/);
    // The site's own cards are apart.
    expect(count(html, 'post-card')).toBe(0);
  });

  it('shows the tutorials on /tutorials/lists, in English', async () => {
    const html = await list('/tutorials/lists', withSelected(selected));
    expect(tag(html, 'partner-posts')).toContain('data-kind="tutorial"');
    expect(count(html, 'partner-post-card')).toBe(1);
    expect(text(html)).toContain('From our partners');
    expect(text(html)).toContain('Loops in ten minutes');
    expect(text(html)).toContain('Dhaka Coding School');
    expect(html).toContain('href="https://dhaka.example.com/tutorials/details/3"');
  });

  it('is not there on a partner site, on the articles’ list, when none of the kind is chosen, or before the list is read', async () => {
    const partnerSite = { ...DEFAULT_SITE, id: 7, slug: 'dhaka', is_main: false };
    expect(tag(await list('/blogs/lists', withSelected(selected), 'en', partnerSite), 'partner-posts')).toBe('');
    expect(tag(await list('/articles/lists', withSelected(selected)), 'partner-posts')).toBe('');
    expect(tag(await list('/tutorials/lists', withSelected([showcased()])), 'partner-posts')).toBe('');
    expect(tag(await list('/blogs/lists', new QueryClient()), 'partner-posts')).toBe('');
  });

  it('reads at most 24, without the loading bar', async () => {
    const answer = stubFetch(() => json(page([showcased()])));
    await fetchSelectedPartnerPosts({ limit: 24 });
    expect(fetchCall(answer)[0]).toBe('/my-account/public/articles/check-selected?limit=24');
  });
});

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

describe('the super admin’s choice of partner posts', () => {
  const notChosen = showcased({ id: 11, title: 'Exam week diary', title_bn: null, selected: false });

  function cached(posts: ShowcasePost[], over: Partial<Page<ShowcasePost>> = {}) {
    const qc = new QueryClient();
    qc.setQueryData(showcaseKeys.list(1, ''), page(posts, { per_page: 10, ...over }));
    return qc;
  }

  it('lists every partner post with its kind, partner, date, a link to it and a switch named by its title', async () => {
    const html = await render('en', inPlace(<ShowcaseDialog open onClose={noop} />), { qc: cached([showcased(), tutorial, notChosen], { last_page: 2, total: 13 }) });
    const dialog = /<div[^>]*role="dialog"[^>]*>/.exec(html)?.[0] ?? '';
    expect(dialog).toContain('aria-labelledby="showcase-title"');
    expect(html).toMatch(/<h2[^>]*id="showcase-title"[^>]*>Partner posts on the main site<\/h2>/);
    expect(tag(html, 'showcase-search')).toContain('aria-label="Search by title or partner"');
    expect([...html.matchAll(/data-testid="showcase-row" data-showcase-id="(\d+)" data-selected="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['5:true', '6:true', '11:false']);
    expect([...html.matchAll(/<span class="[^"]*MuiChip-label[^"]*">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(['Blog', 'Tutorial', 'Blog']);
    const shown = text(html);
    for (const s of ['Learning to code at forty', 'Dhaka Coding School', '10 Feb 2026', 'Show on the main site']) expect(shown, s).toContain(s);
    // Each switch is a checkbox named by the post's title, on when the main site shows the post.
    const switches = [...html.matchAll(/<input\b[^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]);
    expect(switches).toHaveLength(3);
    expect(switches[0]).toContain('aria-label="Show on the main site: Learning to code at forty"');
    expect(switches[0]).toMatch(/\bchecked=""/);
    expect(switches[2]).toContain('aria-label="Show on the main site: Exam week diary"');
    expect(switches[2]).not.toMatch(/\bchecked=""/);
    // The post's page on the partner's site, in a new tab.
    const open = tag(html, 'showcase-open');
    expect(open).toMatch(/^<a/);
    expect(href(html, 'showcase-open')).toBe('https://dhaka.example.com/blogs/details/41');
    expect(open).toContain('target="_blank"');
    expect(open).toContain('aria-label="Open on the partner&#x27;s site: Learning to code at forty"');
    expect(tag(html, 'pager')).not.toBe('');
  });

  it('says so in Bangla when no partner has published anything', async () => {
    const html = await render('bn', inPlace(<ShowcaseDialog open onClose={noop} />), { qc: cached([]) });
    expect(html).toMatch(/<h2[^>]*>মূল সাইটে সহযোগীদের লেখা<\/h2>/);
    expect(tag(html, 'empty-state')).not.toBe('');
    expect(text(html)).toContain('এখনও কোনো সহযোগী প্রতিষ্ঠান ব্লগ বা টিউটোরিয়াল প্রকাশ করেনি।');
  });

  it('asks for the page and search, and switching a post shows it at once, sends it, and reads the lists again', async () => {
    const asked = stubFetch(() => json(page([])));
    await fetchShowcasePosts({ page: 2, limit: 10, search: 'ঢাকা' });
    const url = new URL(fetchCall(asked)[0], 'http://main.test');
    expect(url.pathname).toBe('/my-account/showcase/posts');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '10', search: 'ঢাকা' });

    const qc = cached([showcased(), notChosen]);
    qc.setQueryData(showcaseKeys.selected, page([showcased()]));
    const answer = stubFetch(() => json({ data: { ...notChosen, selected: true } }));
    const done = runMutation(selectShowcaseMutation(qc), { post: notChosen, selected: true }, qc);
    await vi.waitFor(() => expect(qc.getQueryData<Page<ShowcasePost>>(showcaseKeys.list(1, ''))?.data[1].selected).toBe(true));
    await done;
    const [path, init] = fetchCall(answer);
    expect(path).toBe('/my-account/showcase/select/11');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ selected: true });
    // The dialog's list and the main site's public list are read again.
    expect(qc.getQueryState(showcaseKeys.list(1, ''))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(showcaseKeys.selected)?.isInvalidated).toBe(true);

    // A refusal: the mutation fails (the dialog shows a toast) and the list is read again.
    stubFetch(() => json({ message: 'Forbidden', code: 'forbidden' }, 403));
    await expect(runMutation(selectShowcaseMutation(qc), { post: showcased(), selected: false }, qc)).rejects.toThrow();
    expect(qc.getQueryState(showcaseKeys.list(1, ''))?.isInvalidated).toBe(true);
  });
});
