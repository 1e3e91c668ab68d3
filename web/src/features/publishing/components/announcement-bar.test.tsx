import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { href, render, tag, text } from '../../../lib/test-render';
import type { Post } from '../api/publishing-api';
import { CLOSED_KEY, bannerHiddenOn, isClosed, rememberClosed } from '../hooks/public-announcements';
import Announcements from './announcement-bar';

/** localStorage of the browser (node has none). */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const article = (over: Partial<Post> = {}): Post => ({
  id: 15,
  type: 'article',
  title: 'Admissions are open',
  title_bn: 'ভর্তি চলছে',
  summary: 'Apply before 30 June.',
  body: '',
  category_id: 2,
  category: { id: 2, type: 'article', slug: 'news', title: 'News', bn_title: 'খবর' },
  cover: null,
  video_url: null,
  duration: null,
  link: 'https://forms.example.org/feedback',
  news: true,
  popup: false,
  tags: [],
  status: 'published',
  publish: 1,
  reason: null,
  author: { id: 1, name: 'Admin', name_bn: null },
  created_at: '2025-05-01T00:00:00Z',
  updated_at: '2025-05-01T00:00:00Z',
  published_at: '2025-05-01T00:00:00Z',
  ...over,
});

const show = (news: Post | null, at = '/', lang: 'en' | 'bn' = 'bn') => {
  const qc = new QueryClient();
  qc.setQueryData(['popup-and-news'], { news, popup: null });
  return render(lang, <Announcements />, { qc, at });
};

describe('the announcement banner', () => {
  it('shows the news title in the language shown, linking to its address in a new tab', async () => {
    const html = await show(article());
    expect(tag(html, 'announcement-banner')).toMatch(/^<aside[^>]*aria-label="ঘোষণা"/);
    expect(text(html)).toContain('ভর্তি চলছে');
    expect(href(html, 'announcement-link')).toBe('https://forms.example.org/feedback');
    expect(tag(html, 'announcement-link')).toContain('target="_blank"');
    expect(tag(html, 'announcement-link')).toContain('rel="noopener noreferrer"');
    expect(tag(html, 'announcement-close')).toContain('aria-label="ঘোষণাটি বন্ধ করুন"');
    const en = await show(article({ link: null }), '/', 'en');
    expect(text(en)).toContain('Admissions are open');
    expect(tag(en, 'announcement-link')).toBe('');
  });

  it('stays closed once closed', async () => {
    expect(tag(await show(article()), 'announcement-banner')).not.toBe('');
    rememberClosed('news', 15);
    expect(isClosed('news', 15)).toBe(true);
    expect(isClosed('popup', 15)).toBe(false);
    expect(await show(article())).toBe('');
    // Another news item shows.
    expect(tag(await show(article({ id: 16 })), 'announcement-banner')).not.toBe('');
    // What was closed is in the browser's storage, for later visits.
    expect(JSON.parse(localStorage.getItem(CLOSED_KEY)!)).toEqual(['news:15']);
  });

  it('keeps only the last 20 closed items, and survives unreadable storage', () => {
    for (let id = 1; id <= 25; id++) rememberClosed('popup', id);
    expect(isClosed('popup', 5)).toBe(false);
    expect(isClosed('popup', 25)).toBe(true);
    localStorage.setItem(CLOSED_KEY, '{not json');
    expect(isClosed('news', 1)).toBe(false);
    rememberClosed('news', 1);
    expect(isClosed('news', 1)).toBe(true);
  });

  it('draws nothing without news, and hides on the journey, course-edit and classroom-details screens', async () => {
    expect(await show(null)).toBe('');
    expect(bannerHiddenOn('/course/journey/abc/intro')).toBe(true);
    expect(bannerHiddenOn('/exam/journey/abc')).toBe(true);
    expect(bannerHiddenOn('/course/edit/12')).toBe(true);
    expect(bannerHiddenOn('/classroom/details/3/x')).toBe(true);
    expect(bannerHiddenOn('/')).toBe(false);
    expect(bannerHiddenOn('/course/details/abc')).toBe(false);
    expect(bannerHiddenOn('/blogs/lists')).toBe(false);
    expect(await show(article(), '/course/journey/abc')).toBe('');
  });
});
