import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, json, prefetched, render, stubFetch, tag, text } from '../../../lib/test-render';
import { fetchAdDetails, fetchAds, type Ad } from '../api/ads-api';
import { AdCards, AdSlot, sameSitePath } from './ad-slot';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ad = (over: Partial<Ad> = {}): Ad => ({
  id: 7,
  uuid: 'uuid-7',
  type: 'external-course',
  title: 'Data science at Sylhet School',
  details: '',
  url: 'https://sylhet.example.com/courses/data',
  thumbnail: 'https://sylhet.example.com/promotion/thumbnail/data.webp',
  position: 'home',
  institution: { id: 5, slug: 'sylhet-school', name: 'Sylhet School' },
  ...over,
});

const job = ad({ id: 8, uuid: 'uuid-8', type: 'jobs', title: 'Physics teacher wanted', details: 'Teach physics to classes 9 and 10.', url: '' });

/** The slot with the ads the server answered for it (a static render has no token: key null). */
const slot = (ads: Ad[] | null, lang: 'en' | 'bn' = 'en', position: 'home' | 'course' = 'home', categoryId: number | null = null) => {
  const qc = new QueryClient();
  if (ads) qc.setQueryData(['ads', position, categoryId, null], ads);
  return render(lang, <AdSlot position={position} categoryId={categoryId} />, { qc });
};

/** The opening tags of the ads' links. */
const links = (html: string) => [...html.matchAll(/<a\b[^>]*data-testid="ad-link"[^>]*>/g)].map((m) => m[0]);

describe('the ad slot', () => {
  it('asks for the ads of its position (and the course page its category), and one ad in full', async () => {
    const fetchMock = stubFetch(() => json({ data: [ad()] }));
    expect(await fetchAds('course', 12)).toHaveLength(1);
    expect(fetchCall(fetchMock)[0]).toBe('/learner-course/ads?position=course&category_id=12');
    await fetchAds('dashboard');
    expect(fetchCall(fetchMock, 1)[0]).toBe('/learner-course/ads?position=dashboard');
    const details = stubFetch(() => json({ data: job }));
    expect((await fetchAdDetails('jobs', 8)).details).toContain('physics');
    expect(fetchCall(details)[0]).toBe('/promotion/ad/details?ad_for=jobs&table_id=8');
  });

  it('draws nothing while the ads load, when there are none, or when they cannot be read', async () => {
    expect(await slot(null)).toBe('');
    expect(await slot([])).toBe('');
    const failed = await prefetched({ queryKey: ['ads', 'home', null, null], queryFn: () => fetchAds('home'), retry: false }, () => json({ message: 'x' }, 500));
    expect(failed.getQueryState(['ads', 'home', null, null])?.status).toBe('error');
    expect(await render('en', <AdSlot position="home" />, { qc: failed })).toBe('');
  });

  it('shows the ads as cards in a region named for screen readers, each with its partner and a link', async () => {
    const html = await slot([ad(), job], 'en', 'course', 12);
    expect(tag(html, 'ad-slot')).toMatch(/^<section[^>]*aria-labelledby="([^"]+)"/);
    const labelId = /aria-labelledby="([^"]+)"/.exec(tag(html, 'ad-slot'))![1];
    expect(html).toMatch(new RegExp(`<h2[^>]*id="${labelId}"[^>]*>Sponsored</h2>`));
    expect(html.match(/data-testid="ad"/g)).toHaveLength(2);
    expect(text(html)).toContain('Data science at Sylhet School');
    expect(text(html)).toContain('Sylhet School');
    // Another site's address opens in a new tab, without giving it this page.
    const [external] = links(html);
    expect(external).toContain('href="https://sylhet.example.com/courses/data"');
    expect(external).toContain('target="_blank"');
    expect(external).toContain('rel="noopener noreferrer"');
    expect(external).toContain('aria-label="Learn more: Data science at Sylhet School (opens in a new tab)"');
    // A job opens its description here.
    expect(tag(html, 'ad-details')).toMatch(/^<button/);
    expect(tag(html, 'ad-details')).toContain('aria-label="Learn more: Physics teacher wanted"');

    const bn = await slot([ad()], 'bn');
    expect(text(bn)).toContain('বিজ্ঞাপন');
    expect(text(bn)).toContain('বিস্তারিত');
  });

  it("opens this site's addresses in the same tab", async () => {
    expect(sameSitePath('https://dhaka.example.com/course/details/abc?x=1#top', 'https://dhaka.example.com')).toBe('/course/details/abc?x=1#top');
    expect(sameSitePath('/course/details/abc', 'https://dhaka.example.com')).toBe('/course/details/abc');
    expect(sameSitePath('https://sylhet.example.com/x', 'https://dhaka.example.com')).toBeNull();
    expect(sameSitePath('https://dhaka.example.com.evil.test/x', 'https://dhaka.example.com')).toBeNull();
    expect(sameSitePath('https://dhaka.example.com/x', '')).toBeNull();

    const html = await render('en', <AdCards ads={[ad({ type: 'internal-course', url: 'https://dhaka.example.com/course/details/abc' })]} origin="https://dhaka.example.com" />);
    const [internal] = links(html);
    expect(internal).toContain('href="/course/details/abc"');
    expect(internal).not.toContain('target=');
  });
});
