import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fetchCall, href, input, json, render, stubFetch, tag, text, type RenderOptions } from '../../../lib/test-render';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { CurrentRole } from '../../../lib/types';
import type { CertificateTotals, Completeness, CourseTotals, EnrolmentSeries, ExamTotals, GenderFigures, LearnerTotals, LearnTrack, PlatformStats, SearchAnalysis, SiteFigure, SiteFigureData, Upcoming, UpcomingClass } from '../api/figures-api';
import { presetOf, presetRange, rangeFromParams, rangeRefusal, withRange, type FigureRange } from '../hooks/figures-range';
import { figuresKeys, platformStatsQuery, serverRangeRefusal, siteFigureQuery } from '../hooks/use-figures';
import DashboardPage from './dashboard-page';
import FiguresChart from './figures-chart';
import { LearningTrack } from './learning-track';
import { PlatformFigures } from './platform-figures';
import { SiteFigures } from './site-figures';

vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useCurrentUser: (await import('../../../lib/test-session')).useCurrentUser,
}));

// The chart library draws nothing without a width (no layout here): the chart module is read
// through the props it gives the LineChart.
const chart = vi.hoisted(() => ({ props: null as null | Record<string, any> }));
vi.mock('@mui/x-charts/LineChart', () => ({
  LineChart: (props: Record<string, unknown>) => {
    chart.props = props;
    return <div data-testid="line-chart" aria-label={String(props.title)} />;
  },
}));

const ADMIN: CurrentRole = { id: 31, role: 'partner-admin', owner_id: 4 };
const TEACHER: CurrentRole = { id: 32, role: 'teacher', owner_id: 4 };
const SUPER: CurrentRole = { id: 1, role: 'super', owner_id: null };

// Today is Tuesday 15 December 2026 in Dhaka (06:00 UTC is noon there): the default range is the
// 30 days from 16 November.
const TODAY = '2026-12-15';
const DEFAULT: FigureRange = { from: '2026-11-16', to: '2026-12-15' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-15T06:00:00Z'));
  testSession.user = signedInUser(3, ADMIN);
  chart.props = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  testSession.user = null;
});

const used = (r: FigureRange) => ({ start_date: r.from, end_date: r.to });

function days(from: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
}

function siteData(r: FigureRange, over: Partial<SiteFigureData> = {}): SiteFigureData {
  const points = days(r.from, 30).map((date, i) => ({ date, enrolments: i % 3, completions: i % 2, lessons: i }));
  return {
    learners: { range: used(r), total: 1234, new_in_range: 56 } satisfies LearnerTotals,
    courses: {
      range: used(r),
      total: 40,
      published: 32,
      new_in_range: 3,
      by_type: [
        { course_type: 'course', total: 30 },
        { course_type: 'exam', total: 5 },
        { course_type: 'training', total: 5 },
        { course_type: 'webinar', total: 0 },
      ],
    } satisfies CourseTotals,
    exams: { range: used(r), total: 12, published: 10, attempts_in_range: 340, passed_in_range: 210 } satisfies ExamTotals,
    certificates: { range: used(r), total: 500, in_range: 45, pending: 7 } satisfies CertificateTotals,
    genders: {
      range: used(r),
      total: 1234,
      genders: [
        { gender: 'female', count: 600 },
        { gender: 'male', count: 580 },
        { gender: 'other', count: 4 },
        { gender: 'unknown', count: 50 },
      ],
    } satisfies GenderFigures,
    completeness: { range: used(r), enrolments: 2000, completed: 900, completion_percent: 45, in_range: { enrolled: 120, completed: 60 } } satisfies Completeness,
    enrolment: { range: used(r), step: 'day', points } satisfies EnrolmentSeries,
    upcoming: {
      range: used(r),
      items: [
        { kind: 'batch', id: 9, title: 'SSC Physics', title_bn: 'এসএসসি পদার্থবিজ্ঞান', starts_on: '2026-12-20', link: '/course/details/5b1c' },
        { kind: 'event', id: 3, title: 'Admission fair', title_bn: null, starts_on: '2026-12-22', link: '/events/3' },
      ],
    } satisfies Upcoming,
    search_analysis: searchData(r),
    ...over,
  };
}

/** Learners' searches over `r`: 1,250 searches, 100 of them (8%) finding nothing. */
function searchData(r: FigureRange, over: Partial<SearchAnalysis> = {}): SearchAnalysis {
  return {
    range: used(r),
    total_searches: 1250,
    zero_result_searches: 100,
    top_terms: [
      { term: 'প্রোগ্রামিং', searches: 1200, zero_results: 0 },
      { term: 'ielts', searches: 49, zero_results: 0 },
      { term: 'spoken english', searches: 1, zero_results: 0 },
    ],
    zero_result_terms: [
      { term: 'drone flying', searches: 60, zero_results: 60 },
      { term: 'মৎস্য চাষ', searches: 39, zero_results: 39 },
      { term: 'beekeeping', searches: 1, zero_results: 1 },
    ],
    by_day: days(r.from, 30).map((date, i) => ({ date, searches: 40 + i, zero_results: i % 4 })),
    ...over,
  };
}

/** A query client holding the site's figures over `r` for the admin's role. */
function siteClient(r: FigureRange, data: Partial<SiteFigureData> = siteData(r), role = ADMIN.id) {
  const qc = new QueryClient();
  for (const [figure, value] of Object.entries(data)) qc.setQueryData(figuresKeys.site(role, figure as SiteFigure, r), value);
  return qc;
}

/** A query client whose `figure` over `r` has already failed with `status` (the others as given). */
async function failedClient(r: FigureRange, figure: SiteFigure, answer: () => Response, others: Partial<SiteFigureData> = {}) {
  stubFetch(answer);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  await qc.prefetchQuery(siteFigureQuery(ADMIN.id, figure, r));
  for (const [f, value] of Object.entries(others)) qc.setQueryData(figuresKeys.site(ADMIN.id, f as SiteFigure, r), value);
  return qc;
}

/**
 * The markup once the lazily loaded parts it draws (the admins' sections, the chart) are there:
 * rendered again until `testId` shows (a lazy component draws its fallback until its code came).
 */
async function renderLoaded(lang: 'en' | 'bn', node: ReactNode, opts: RenderOptions, testId: string) {
  for (let i = 0; i < 20; i++) {
    const html = await render(lang, node, opts);
    if (html.includes(`data-testid="${testId}"`)) return html;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${testId} never showed`);
}

/** The markup from the element with this test id on. */
const section = (html: string, id: string) => {
  const at = html.indexOf(`data-testid="${id}"`);
  return at < 0 ? '' : html.slice(html.lastIndexOf('<', at));
};

describe('the site figures', () => {
  it('shows the site’s admin its figures over the last 30 days in English', async () => {
    const html = await render('en', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT) });
    const shown = text(html);
    expect(tag(html, 'site-figures')).toContain('data-from="2026-11-16"');
    expect(tag(html, 'site-figures')).toContain('data-to="2026-12-15"');
    expect(shown).toContain('Site figures');
    expect(text(section(html, 'site-figures-range'))).toMatch(/^ 16 Nov 2026 – 15 Dec 2026/);
    // The two dates, stacked on phones, and the quick choices, 30 days pressed.
    expect(input(html, 'figures-from')).toContain('type="date"');
    expect(input(html, 'figures-from')).toContain('value="2026-11-16"');
    expect(input(html, 'figures-to')).toContain('value="2026-12-15"');
    expect(tag(html, 'figures-preset-30d')).toContain('aria-pressed="true"');
    expect(tag(html, 'figures-preset-7d')).toContain('aria-pressed="false"');
    expect(shown).toContain('7 days');
    expect(shown).toContain('12 months');
    // The stat cards.
    expect(text(section(html, 'figures-learners-total'))).toMatch(/^ 1,234 /);
    expect(shown).toContain('56 new in these dates');
    expect(text(section(html, 'figures-courses-total'))).toMatch(/^ 40 /);
    expect(shown).toContain('32 published');
    expect(shown).toContain('Certificate exams: 5');
    expect(shown).not.toContain('Webinars: 0');
    expect(shown).toContain('340 attempts in these dates');
    expect(shown).toContain('210 passed in these dates');
    expect(shown).toContain('45 issued in these dates');
    expect(shown).toContain('7 waiting for approval');
    // Enrolments: a summary, a chart named for screen readers and its figures as a table.
    expect(shown).toContain('In these dates: 30 enrolments, 15 completions, 435 lessons completed.');
    expect(tag(html, 'figures-enrolment-chart')).toContain('role="figure"');
    expect(tag(html, 'figures-enrolment-chart')).toContain('aria-label="Enrolments, completions and lessons completed per day, 16 Nov 2026 – 15 Dec 2026"');
    const table = section(html, 'figures-enrolment-chart-table');
    expect(table).toMatch(/^<table[^>]*data-testid="figures-enrolment-chart-table"/);
    expect(text(table)).toContain('Day Enrolments Completions Lessons completed');
    expect(text(table)).toContain('16 Nov 2026 0 0 0');
    expect(text(table)).toContain('15 Dec 2026 2 1 29');
    // Genders, "unknown" as not given.
    expect(text(section(html, 'figures-gender'))).toContain('Female 600 (49%)');
    expect(text(section(html, 'figures-gender'))).toContain('Not given 50 (4%)');
    // Completion, and what is coming up with its links.
    expect(shown).toContain('45% completed');
    expect(shown).toContain('900 of 2,000 enrolments completed');
    expect(shown).toContain('In these dates: 120 enrolled, 60 completed');
    expect(html.match(/data-testid="figures-upcoming-link"/g)).toHaveLength(2);
    expect(href(html, 'figures-upcoming-link')).toBe('/course/details/5b1c');
    expect(shown).toContain('SSC Physics');
    expect(shown).toContain('Starts 20 Dec 2026');
    expect(shown).toContain('Admission fair');
    expect(shown).toContain('Event');
  });

  it('writes them in Bangla with Bangla digits', async () => {
    const html = await render('bn', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT) });
    const shown = text(html);
    expect(shown).toContain('সাইটের পরিসংখ্যান');
    expect(text(section(html, 'site-figures-range'))).toMatch(/^ ১৬ নভে, ২০২৬ – ১৫ ডিসে, ২০২৬/);
    expect(text(section(html, 'figures-learners-total'))).toMatch(/^ ১,২৩৪ /);
    expect(shown).toContain('এই সময়ে নতুন ৫৬ জন');
    expect(shown).toContain('প্রকাশিত ৩২টি');
    expect(shown).toContain('সনদ পরীক্ষা: ৫টি');
    expect(shown).toContain('এই সময়ে ৩৪০ বার অংশগ্রহণ');
    expect(shown).toContain('অনুমোদনের অপেক্ষায় ৭টি');
    expect(shown).toContain('এই সময়ে: ৩০টি ভর্তি, ১৫টি কোর্স সম্পন্ন, ৪৩৫টি পাঠ সম্পন্ন।');
    expect(text(section(html, 'figures-gender'))).toContain('উল্লেখ নেই ৫০ জন (৪%)');
    expect(shown).toContain('৪৫% সম্পন্ন');
    expect(shown).toContain('২,০০০টি ভর্তির মধ্যে ৯০০টি সম্পন্ন');
    expect(shown).toContain('এসএসসি পদার্থবিজ্ঞান');
    expect(shown).toContain('শুরু: ২০ ডিসে, ২০২৬');
    expect(shown).toContain('৭ দিন');
    // No ASCII digit in what is shown (the date inputs' values are the browser's to write).
    expect(shown.replace(/2026-\d\d-\d\d/g, '')).not.toMatch(/[0-9]/);
  });

  it('takes the range from the address and asks for it', async () => {
    const range = { from: '2026-12-01', to: '2026-12-10' };
    const html = await render('en', <SiteFigures />, { at: '/dashboard?from=2026-12-01&to=2026-12-10', qc: siteClient(range) });
    expect(tag(html, 'site-figures')).toContain('data-from="2026-12-01"');
    expect(input(html, 'figures-from')).toContain('value="2026-12-01"');
    expect(input(html, 'figures-to')).toContain('value="2026-12-10"');
    expect(text(section(html, 'figures-learners-total'))).toMatch(/^ 1,234 /);
    // No quick choice is these dates.
    expect(html).not.toContain('aria-pressed="true"');

    // Every figure's call carries the range.
    const fetch = stubFetch(() => json({ data: siteData(range).learners }));
    const paths: Record<SiteFigure, string> = {
      learners: '/api/v3/dashboard/total/learner',
      courses: '/api/v3/dashboard/total/course',
      exams: '/api/v3/dashboard/total/exam',
      certificates: '/api/v3/dashboard/total/certificate',
      genders: '/api/v3/dashboard/total/learner_by_gender',
      completeness: '/api/v3/dashboard/completeness',
      enrolment: '/api/v3/dashboard/enrollment',
      upcoming: '/api/v3/dashboard/upcoming',
      search_analysis: '/api/v3/dashboard/search_analysis',
    };
    const figures = Object.keys(paths) as SiteFigure[];
    for (const [i, figure] of figures.entries()) {
      const q = siteFigureQuery(ADMIN.id, figure, range);
      expect(q.queryKey).toEqual(['dashboard', 'figures', ADMIN.id, 'site', figure, '2026-12-01', '2026-12-10']);
      await q.queryFn({});
      const [url, init] = fetchCall(fetch, i);
      expect(url).toBe(`${paths[figure]}?start_date=2026-12-01&end_date=2026-12-10`);
      expect(init.method).toBe('GET');
    }
  });

  it('puts a quick choice or the dates typed in the address, other parameters kept', () => {
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-12-09', to: TODAY });
    expect(presetRange('30d', TODAY)).toEqual(DEFAULT);
    expect(presetRange('90d', TODAY)).toEqual({ from: '2026-09-17', to: TODAY });
    expect(presetRange('12m', TODAY)).toEqual({ from: '2025-12-16', to: TODAY });
    expect(presetRange('12m', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(rangeRefusal(presetRange('12m', '2028-02-29').from, '2028-02-29')).toBeNull();
    expect(presetOf(presetRange('90d', TODAY), TODAY)).toBe('90d');
    expect(presetOf({ from: '2026-12-01', to: TODAY }, TODAY)).toBeNull();

    const next = withRange(new URLSearchParams('tab=2&from=2026-01-01'), presetRange('7d', TODAY));
    expect(next.toString()).toBe('tab=2&from=2026-12-09&to=2026-12-15');
    expect(rangeFromParams(next, TODAY)).toEqual({ from: '2026-12-09', to: TODAY });
    // Missing or malformed dates: the last 30 days' own.
    expect(rangeFromParams(new URLSearchParams(''), TODAY)).toEqual(DEFAULT);
    expect(rangeFromParams(new URLSearchParams('from=2026-02-30&to=soon'), TODAY)).toEqual(DEFAULT);
    expect(rangeFromParams(new URLSearchParams('from=2026-12-01'), TODAY)).toEqual({ from: '2026-12-01', to: TODAY });
  });

  it('refuses a reversed range before asking, and a range longer than 366 days', async () => {
    expect(rangeRefusal('2026-12-20', '2026-12-10')).toEqual({ field: 'to', code: 'date_range_reversed' });
    expect(rangeRefusal('2025-12-14', '2026-12-15')).toEqual({ field: 'to', code: 'date_range_too_long' });
    expect(rangeRefusal('2025-12-15', '2026-12-15')).toBeNull();
    expect(rangeRefusal('', '2026-12-15')).toEqual({ field: 'from', code: 'invalid_date' });
    expect(rangeRefusal('2026-12-01', '2026-12-01')).toBeNull();

    const fetch = stubFetch(() => json({ data: {} }));
    const html = await render('en', <SiteFigures />, { at: '/dashboard?from=2026-12-20&to=2026-12-10' });
    expect(text(html)).toContain('The end date is before the start date.');
    expect(input(html, 'figures-to')).toContain('aria-invalid="true"');
    expect(input(html, 'figures-from')).toContain('aria-invalid="false"');
    expect(html).toContain('data-testid="site-figures-refused"');
    expect(html).not.toContain('data-testid="figures-learners"');
    expect(fetch).not.toHaveBeenCalled();

    const bn = await render('bn', <SiteFigures />, { at: '/dashboard?from=2024-01-01&to=2026-12-10' });
    expect(text(bn)).toContain('সর্বোচ্চ ৩৬৬ দিন বেছে নিন।');
  });

  it('shows the server’s refusal of the range on the end date, translated', async () => {
    const refusal = () => json({ message: 'The range is too long', code: 'validation_failed', errors: { end_date: ['date_range_too_long'] } }, 422);
    const { learners: _refused, ...rest } = siteData(DEFAULT);
    // The other figures came (as they would not): the refusal still stands for the range.
    const qc = await failedClient(DEFAULT, 'learners', refusal, rest);
    const html = await render('bn', <SiteFigures />, { at: '/dashboard', qc });
    expect(text(html)).toContain('সর্বোচ্চ ৩৬৬ দিন বেছে নিন।');
    expect(html).toContain('data-testid="site-figures-refused"');
    expect(serverRangeRefusal(qc.getQueryState(figuresKeys.site(ADMIN.id, 'learners', DEFAULT))?.error)).toEqual({ field: 'to', code: 'date_range_too_long' });
  });

  it('draws nothing when the server says the figures are not the caller’s (403)', async () => {
    const forbidden = () => json({ message: 'Forbidden', code: 'forbidden', errors: {} }, 403);
    const qc = await failedClient(DEFAULT, 'learners', forbidden);
    expect(await render('en', <SiteFigures />, { at: '/dashboard', qc })).toBe('');

    stubFetch(forbidden);
    const platform = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
    await platform.prefetchQuery(platformStatsQuery());
    expect(await render('en', <PlatformFigures />, { qc: platform })).toBe('');
  });

  it('shows a skeleton while a figure comes and a retry when it cannot be read', async () => {
    const { learners: _learners, ...rest } = siteData(DEFAULT);
    const loading = await render('en', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT, rest) });
    expect(loading).toContain('data-testid="figures-learners-loading"');
    expect(tag(loading, 'figures-learners')).toContain('aria-busy="true"');
    expect(loading).not.toContain('data-testid="figures-courses-loading"');

    const qc = await failedClient(DEFAULT, 'learners', () => json({ message: 'Down', code: 'server_error', errors: {} }, 500), rest);
    const failed = await render('en', <SiteFigures />, { at: '/dashboard', qc });
    const card = section(failed, 'figures-learners');
    expect(card.slice(0, card.indexOf('data-testid="figures-courses"'))).toContain('data-testid="error-state"');
    expect(text(card.slice(0, card.indexOf('data-testid="figures-courses"')))).toContain('These figures cannot be shown right now. Try again');
    expect(text(section(failed, 'figures-courses-total'))).toMatch(/^ 40 /);
  });

  it('says so when there is nothing in these dates', async () => {
    const points = days(DEFAULT.from, 30).map((date) => ({ date, enrolments: 0, completions: 0, lessons: 0 }));
    const data = siteData(DEFAULT, {
      enrolment: { range: used(DEFAULT), step: 'day', points },
      upcoming: { range: used(DEFAULT), items: [] },
      completeness: { range: used(DEFAULT), enrolments: 0, completed: 0, completion_percent: 0, in_range: { enrolled: 0, completed: 0 } },
      genders: { range: used(DEFAULT), total: 0, genders: [] },
    });
    const html = await render('en', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT, data) });
    const shown = text(html);
    expect(shown).toContain('No enrolments in these dates');
    expect(html).not.toContain('data-testid="figures-enrolment-chart"');
    expect(shown).toContain('Nothing is coming up.');
    expect(shown).toContain('No enrolments yet.');
    expect(shown).toContain('No learners yet.');
    const bn = await render('bn', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT, data) });
    expect(text(bn)).toContain('এই সময়ে কোনো ভর্তি নেই');
  });

  it('shows what learners searched for and what found nothing', async () => {
    const html = await render('en', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT) });
    const card = section(html, 'figures-search');
    expect(tag(html, 'figures-search')).toContain('aria-labelledby="figures-search-title"');
    expect(text(card)).toContain('What learners search for');
    expect(text(section(html, 'figures-search-total'))).toMatch(/^ 1,250 Searches /);
    expect(text(section(html, 'figures-search-zero'))).toMatch(/^ 100 \(8%\) Found nothing /);
    // The most searched, ranked as the server ranks them, each with its searches.
    const top = section(html, 'figures-search-top');
    expect(top.match(/data-testid="figures-search-top-item"/g)).toHaveLength(3);
    expect(text(top)).toContain('Most searched 1 প্রোগ্রামিং 1,200 searches 2 ielts 49 searches 3 spoken english 1 search');
    // What found nothing, with how often, and the line saying what it means.
    const nothing = section(html, 'figures-search-nothing');
    expect(text(nothing)).toContain('Found nothing Courses learners looked for that the site does not have yet: worth adding.');
    expect(text(nothing)).toContain('1 drone flying 60 times 2 মৎস্য চাষ 39 times 3 beekeeping 1 time');
    // A term opens its search as learners see it.
    expect(href(nothing, 'figures-search-nothing-term')).toBe('/search/lists?search=drone+flying');
    expect(href(top, 'figures-search-top-term')).toBe(`/search/lists?search=${encodeURIComponent('প্রোগ্রামিং')}`);
    // The searches per day: the figures' lazy chart, named, and its figures as a table.
    expect(tag(html, 'figures-search-chart')).toContain('aria-label="Searches and searches that found nothing per day, 16 Nov 2026 – 15 Dec 2026"');
    const table = text(section(html, 'figures-search-chart-table'));
    expect(table).toContain('Day Searches Found nothing');
    expect(table).toContain('16 Nov 2026 40 0');
    expect(table).toContain('15 Dec 2026 69 1');
  });

  it('shows at most ten terms a list, and says when every search found something', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ term: `term ${i + 1}`, searches: 100 - i, zero_results: 0 }));
    const data = siteData(DEFAULT, { search_analysis: searchData(DEFAULT, { zero_result_searches: 0, top_terms: many, zero_result_terms: [] }) });
    const html = await render('en', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT, data) });
    expect(html.match(/data-testid="figures-search-top-item"/g)).toHaveLength(10);
    expect(text(section(html, 'figures-search-top'))).toContain('10 term 10 91 searches');
    expect(text(html)).not.toContain('term 11');
    expect(text(section(html, 'figures-search-zero'))).toMatch(/^ 0 \(0%\) /);
    expect(text(section(html, 'figures-search-nothing-empty'))).toMatch(/^ Every search found something\. /);
    expect(html).not.toContain('data-testid="figures-search-nothing-hint"');
    expect(html).not.toContain('data-testid="figures-search-nothing-item"');
  });

  it('says so when there was no search in these dates', async () => {
    const none = searchData(DEFAULT, { total_searches: 0, zero_result_searches: 0, top_terms: [], zero_result_terms: [], by_day: days(DEFAULT.from, 30).map((date) => ({ date, searches: 0, zero_results: 0 })) });
    const data = siteData(DEFAULT, { search_analysis: none });
    const html = await render('en', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT, data) });
    const card = section(html, 'figures-search');
    expect(card).toContain('data-testid="empty-state"');
    expect(text(card)).toContain('No searches in these dates');
    expect(card).not.toContain('data-testid="figures-search-chart"');
    expect(card).not.toContain('data-testid="figures-search-top"');
    expect(card).not.toContain('data-testid="figures-search-total"');
    const bn = await render('bn', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT, data) });
    expect(text(section(bn, 'figures-search'))).toContain('এই সময়ে কোনো অনুসন্ধান হয়নি');
  });

  it('writes the searches in Bangla with Bangla digits', async () => {
    const html = await render('bn', <SiteFigures />, { at: '/dashboard', qc: siteClient(DEFAULT) });
    const card = text(section(html, 'figures-search'));
    expect(card).toContain('শিক্ষার্থীরা কী খোঁজেন');
    expect(text(section(html, 'figures-search-total'))).toMatch(/^ ১,২৫০ অনুসন্ধান /);
    expect(text(section(html, 'figures-search-zero'))).toMatch(/^ ১০০ \(৮%\) কিছু পাওয়া যায়নি /);
    expect(text(section(html, 'figures-search-top'))).toContain('সবচেয়ে বেশি খোঁজা ১ প্রোগ্রামিং ১,২০০ বার ২ ielts ৪৯ বার ৩ spoken english ১ বার');
    expect(text(section(html, 'figures-search-nothing'))).toContain('শিক্ষার্থীরা এই কোর্সগুলো খুঁজেছেন, কিন্তু সাইটে এখনো নেই: যোগ করার কথা ভাবুন।');
    expect(text(section(html, 'figures-search-nothing'))).toContain('১ drone flying ৬০ বার ২ মৎস্য চাষ ৩৯ বার');
    expect(tag(html, 'figures-search-chart')).toContain('aria-label="দিনভিত্তিক অনুসন্ধান ও কিছু না পাওয়া অনুসন্ধান, ১৬ নভে, ২০২৬ – ১৫ ডিসে, ২০২৬"');
    expect(text(section(html, 'figures-search-chart-table'))).toContain('১৬ নভে, ২০২৬ ৪০ ০');
    expect(card).not.toMatch(/[0-9]/);
  });

  it('asks for the searches over the figures’ range', async () => {
    const range = { from: '2026-12-01', to: '2026-12-10' };
    // The card reads the figure of the address's range...
    const html = await render('en', <SiteFigures />, { at: '/dashboard?from=2026-12-01&to=2026-12-10', qc: siteClient(range) });
    expect(text(section(html, 'figures-search-total'))).toMatch(/^ 1,250 /);
    expect(tag(html, 'figures-search-chart')).toContain('1 Dec 2026 – 10 Dec 2026');
    // ...not another range's (the last 30 days' here): that one is still coming.
    const other = await render('en', <SiteFigures />, { at: '/dashboard?from=2026-12-01&to=2026-12-10', qc: siteClient(DEFAULT) });
    expect(other).toContain('data-testid="figures-search-loading"');
    expect(other).not.toContain('data-testid="figures-search-total"');

    const fetch = stubFetch(() => json({ data: searchData(range) }));
    const q = siteFigureQuery(ADMIN.id, 'search_analysis', range);
    expect(q.queryKey).toEqual(['dashboard', 'figures', ADMIN.id, 'site', 'search_analysis', '2026-12-01', '2026-12-10']);
    expect((await q.queryFn({})).total_searches).toBe(1250);
    const [url, init] = fetchCall(fetch, 0);
    expect(url).toBe('/api/v3/dashboard/search_analysis?start_date=2026-12-01&end_date=2026-12-10');
    expect(init.method).toBe('GET');
  });

  it('treats the searches’ 403 and 422 as the other figures’', async () => {
    const { search_analysis: _searches, ...rest } = siteData(DEFAULT);
    const forbidden = () => json({ message: 'Forbidden', code: 'forbidden', errors: {} }, 403);
    expect(await render('en', <SiteFigures />, { at: '/dashboard', qc: await failedClient(DEFAULT, 'search_analysis', forbidden, rest) })).toBe('');

    const refusal = () => json({ message: 'Invalid', code: 'validation_failed', errors: { start_date: ['invalid_date'] } }, 422);
    const html = await render('en', <SiteFigures />, { at: '/dashboard', qc: await failedClient(DEFAULT, 'search_analysis', refusal, rest) });
    expect(html).toContain('data-testid="site-figures-refused"');
    expect(text(html)).toContain('Enter a valid date.');
    expect(input(html, 'figures-from')).toContain('aria-invalid="true"');
  });

  it('writes the chart’s axis and tooltips in Bangla digits in Bangla, per week for long ranges', async () => {
    const range = { from: '2026-01-05', to: '2026-12-15' };
    const weeks = ['2026-01-05', '2026-01-12'].map((date, i) => ({ date, enrolments: 10 + i, completions: 2, lessons: 1200 }));
    const qc = siteClient(range, { enrolment: { range: used(range), step: 'week', points: weeks } });
    const html = await render('bn', <SiteFigures />, { at: '/dashboard?from=2026-01-05&to=2026-12-15', qc });
    expect(tag(html, 'figures-enrolment-chart')).toContain('aria-label="সপ্তাহভিত্তিক ভর্তি, সম্পন্ন কোর্স ও সম্পন্ন পাঠ, ৫ জানু, ২০২৬ – ১৫ ডিসে, ২০২৬"');
    expect(text(section(html, 'figures-enrolment-chart-table'))).toContain('সপ্তাহ ভর্তি সম্পন্ন সম্পন্ন পাঠ ৫ জানু, ২০২৬ থেকে শুরু সপ্তাহ ১০ ২ ১,২০০');

    // The lazily loaded chart module, given the frame's formats.
    await render('bn', <FiguresChart dates={['2026-01-05']} lines={[{ id: 'enrolments', label: 'ভর্তি', values: [1200] }]} title="ভর্তি" height={200} tick={(d) => `tick ${d}`} tip={(d) => `tip ${d}`} number={(n) => `#${n}`} />);
    const p = chart.props!;
    expect(p.title).toBe('ভর্তি');
    expect(p.series[0].data).toEqual([1200]);
    expect(p.series[0].valueFormatter(1200)).toBe('#1200');
    expect(p.xAxis[0].valueFormatter('2026-01-05', { location: 'tick' })).toBe('tick 2026-01-05');
    expect(p.xAxis[0].valueFormatter('2026-01-05', { location: 'tooltip' })).toBe('tip 2026-01-05');
    expect(p.yAxis[0].valueFormatter(5)).toBe('#5');

    // The frame's own formats, as the chart gets them once loaded.
    const { ChartFrame } = await import('./chart-frame');
    chart.props = null;
    await renderLoaded('bn', <ChartFrame id="c" title="ভর্তি" step="week" height={200} dates={['2026-01-05']} lines={[{ id: 'e', label: 'ভর্তি', values: [1200] }]} />, {}, 'line-chart');
    const q = chart.props as Record<string, any> | null;
    expect(q).not.toBeNull();
    expect(q!.xAxis[0].valueFormatter('2026-01-05', { location: 'tick' })).toBe('৫ জানু');
    expect(q!.xAxis[0].valueFormatter('2026-01-05', { location: 'tooltip' })).toBe('৫ জানু, ২০২৬ থেকে শুরু সপ্তাহ');
    expect(q!.yAxis[0].valueFormatter(1200)).toBe('১,২০০');
    expect(q!.series[0].valueFormatter(7)).toBe('৭');
  });
});

describe('the dashboard’s sections', () => {
  const platform: PlatformStats = {
    partners: { active: 12, pending: 3 },
    users: { total: 45000, new_last_30_days: 820 },
    catalogue: { courses: 310, by_type: [{ course_type: 'course', total: 250 }, { course_type: 'webinar', total: 60 }] },
    genders: [
      { gender: 'female', count: 20000 },
      { gender: 'male', count: 22000 },
      { gender: 'other', count: 100 },
      { gender: 'unknown', count: 2900 },
    ],
  };

  it('gives the super admin the platform’s figures above the site’s', async () => {
    testSession.user = signedInUser(1, SUPER);
    const qc = siteClient(DEFAULT, siteData(DEFAULT), SUPER.id);
    qc.setQueryData(figuresKeys.platform(), platform);
    const html = await renderLoaded('bn', <DashboardPage />, { at: '/dashboard', qc }, 'platform-figures');
    expect(html).toContain('data-testid="site-figures"');
    expect(html.indexOf('data-testid="platform-figures"')).toBeLessThan(html.indexOf('data-testid="site-figures"'));
    const shown = text(section(html, 'platform-figures'));
    expect(shown).toContain('প্ল্যাটফর্ম');
    expect(text(section(html, 'platform-partners-total'))).toMatch(/^ ১২ /);
    expect(shown).toContain('অনুমোদনের অপেক্ষায় ৩টি');
    expect(text(section(html, 'platform-users-total'))).toMatch(/^ ৪৫,০০০ /);
    expect(shown).toContain('গত ৩০ দিনে নতুন ৮২০ জন');
    expect(shown).toContain('ওয়েবিনার: ৬০টি');
    expect(text(section(html, 'platform-gender'))).toContain('উল্লেখ নেই ২,৯০০ জন (৬%)');
    expect(html).not.toContain('data-testid="learning-track"');
  });

  it('shows the site figures to the partner’s admin, not to its teachers', async () => {
    const admin = await renderLoaded('en', <DashboardPage />, { at: '/dashboard', qc: siteClient(DEFAULT) }, 'site-figures');
    expect(admin).toContain('data-testid="site-figures"');
    expect(admin).not.toContain('data-testid="platform-figures"');
    expect(admin).not.toContain('data-testid="learning-track"');

    // The section's code is loaded by now: it would be drawn at once if it were the teacher's.
    testSession.user = signedInUser(3, TEACHER);
    const teacher = await render('en', <DashboardPage />, { at: '/dashboard', qc: siteClient(DEFAULT, siteData(DEFAULT), TEACHER.id) });
    expect(teacher).toContain('data-testid="dashboard-page"');
    expect(teacher).not.toContain('data-testid="site-figures"');
    expect(teacher).not.toContain('data-testid="learning-track"');
  });

  const track: LearnTrack = {
    range: used(DEFAULT),
    enrolled: 4,
    in_progress: 2,
    completed: 1,
    certificates: 1,
    lessons_in_range: 12,
    points: days(DEFAULT.from, 30).map((date, i) => ({ date, lessons: i % 5 === 0 ? 2 : 0 })),
  };
  const classes: UpcomingClass[] = [
    { classroom_id: 4, classroom_title: 'Physics, class 10', session_id: 71, title: 'Forces', starts_at: '2026-12-20T04:00:00Z', ends_at: '2026-12-20T05:00:00Z' },
    { classroom_id: 6, classroom_title: 'Chemistry', session_id: 72, title: '', starts_at: '2026-12-21T08:30:00Z', ends_at: '2026-12-21T09:30:00Z' },
  ];
  function learnerClient(t: LearnTrack | null, c: UpcomingClass[] | null) {
    const qc = new QueryClient();
    if (t) qc.setQueryData(figuresKeys.learnTrack(0, DEFAULT), t);
    if (c) qc.setQueryData(figuresKeys.upcomingClasses(0), c);
    return qc;
  }

  it('gives a learner their own track and next classes', async () => {
    testSession.user = signedInUser(7, null);
    const html = await render('en', <DashboardPage />, { at: '/dashboard', qc: learnerClient(track, classes) });
    expect(html).not.toContain('data-testid="site-figures"');
    expect(html.indexOf('data-testid="learning-track"')).toBeLessThan(html.indexOf('data-testid="my-courses"'));
    const shown = text(section(html, 'learning-track'));
    expect(shown).toContain('My learning');
    expect(text(section(html, 'learning-enrolled'))).toMatch(/^ 4 /);
    expect(text(section(html, 'learning-in_progress'))).toMatch(/^ 2 /);
    expect(shown).toContain('12 lessons completed in the last 30 days');
    expect(tag(html, 'learning-chart')).toContain('aria-label="Lessons you completed per day in the last 30 days"');
    expect(html.match(/data-testid="learning-class-link"/g)).toHaveLength(2);
    expect(href(html, 'learning-class-link')).toBe('/classroom/details/4');
    expect(shown).toContain('Forces');
    expect(shown).toContain('Physics, class 10 · Sun, 20 Dec 2026, 10:00–11:00');
    // A session without a title goes by its class's.
    expect(shown).toContain('Chemistry Mon, 21 Dec 2026, 14:30–15:30');

    const bn = text(await render('bn', <LearningTrack />, { qc: learnerClient(track, classes) }));
    expect(bn).toContain('আমার শেখা');
    expect(bn).toContain('গত ৩০ দিনে ১২টি পাঠ সম্পন্ন');
    expect(bn).toContain('রবি, ২০ ডিসে, ২০২৬, ১০:০০–১১:০০');
    // No ASCII digit but the class's own name's.
    expect(bn.replace('Physics, class 10', '')).not.toMatch(/[0-9]/);

    // The calls: the last 30 days in Dhaka, and the next classes.
    const fetch = stubFetch(() => json({ data: { items: [] } }));
    const { fetchLearnTrack, fetchUpcomingClasses } = await import('../api/figures-api');
    await fetchLearnTrack(used(DEFAULT));
    expect(fetchCall(fetch, 0)[0]).toBe('/api/v3/dashboard/learnTrack?start_date=2026-11-16&end_date=2026-12-15');
    expect(await fetchUpcomingClasses()).toEqual([]);
    expect(fetchCall(fetch, 1)[0]).toBe('/api/v3/dashboard/upcoming-classes');
  });

  it('tells a learner with nothing yet so', async () => {
    testSession.user = signedInUser(7, null);
    const empty: LearnTrack = { ...track, enrolled: 0, in_progress: 0, completed: 0, certificates: 0, lessons_in_range: 0, points: track.points.map((p) => ({ ...p, lessons: 0 })) };
    const html = await render('en', <LearningTrack />, { qc: learnerClient(empty, []) });
    const shown = text(html);
    expect(shown).toContain('No lesson completed in the last 30 days.');
    expect(shown).toContain('No class coming up.');
    expect(html).not.toContain('data-testid="learning-chart"');
    const loading = await render('en', <LearningTrack />, { qc: learnerClient(null, null) });
    expect(loading).toContain('data-testid="learning-track-loading"');
    expect(loading).toContain('data-testid="learning-classes-loading"');
  });
});
