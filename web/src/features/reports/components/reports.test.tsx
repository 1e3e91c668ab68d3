import { QueryClient } from '@tanstack/react-query';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, href, json, noop, prefetched, render, stubFetch, tag, text, type RenderOptions } from '../../../lib/test-render';
import { builtInRole } from '../../../lib/test-role-maps';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { CurrentRole, Page } from '../../../lib/types';
import type { FigureRange } from '../../dashboard/hooks/figures-range';
import {
  type CourseRow,
  type CourseStat,
  type CourseStats,
  type CourseUserRow,
  type Forecast,
  type LearnerCourseRow,
  type LearnerRow,
  type LearnerStat,
  type LearnerStats,
  type ReportList,
  type ReportListParams,
  type ReportListRows,
} from '../api/reports-api';
import { courseStatQuery, forecastQuery, learnerStatQuery, reportKeys, reportListQuery } from '../hooks/use-reports';
import ReportPages, { reportOf } from './report-pages';

vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useCurrentUser: (await import('../../../lib/test-session')).useCurrentUser,
}));

// The chart library draws nothing without a width (no layout here).
vi.mock('@mui/x-charts/LineChart', () => ({
  LineChart: (props: Record<string, unknown>) => <div data-testid="line-chart" aria-label={String(props.title)} />,
}));

// The built-in roles, each with its map (docs/api-users.md) as the user's record carries it.
const ADMIN = builtInRole('partner-admin', 31, 4);
const TEACHER = builtInRole('teacher', 32, 4);
const SUPER = builtInRole('super', 1, null);

// Today is 15 December 2026 in Dhaka: the default range is the 30 days from 16 November.
const DEFAULT: FigureRange = { from: '2026-11-16', to: '2026-12-15' };
const used = (r: FigureRange) => ({ start_date: r.from, end_date: r.to });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-15T06:00:00Z'));
  testSession.user = signedInUser(3, ADMIN);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  testSession.user = null;
  testSession.loading = false;
});

const COURSE_PATH = '/reports/course-report/:id?';
const LEARNER_PATH = '/reports/learner-report/:id?';

function page<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over };
}

const physics: CourseRow = {
  id: 7,
  uuid: 'c-7',
  title: 'Physics for class 10',
  title_bn: 'দশম শ্রেণির পদার্থবিজ্ঞান',
  course_type: 'course',
  published: true,
  enrolments: 1234,
  completed: 617,
  completion_percent: 50,
  lessons_completed: 8800,
  certificates: 600,
};
const chemistry: CourseRow = { ...physics, id: 8, uuid: 'c-8', title: 'Chemistry', title_bn: null, course_type: 'exam', published: false, enrolments: 0, completed: 0, completion_percent: 0, lessons_completed: 0, certificates: 0 };

const courseStats: CourseStats = { range: used(DEFAULT), courses: 40, published: 32, enrolments: 1500, completions: 320, lessons: 12000, certificates: 300 };
const learnerStats: LearnerStats = { range: used(DEFAULT), learners: 5400, new_in_range: 210, completions: 320, certificates: 300 };

const rina: LearnerRow = { user_id: 55, name: 'Rina Das', email: 'rina@example.com', courses: 3, completed: 1, certificates: 1, first_enrolled_at: '2026-03-04T05:00:00Z' };

const progress = { batch_id: 9, batch_name: 'January batch', batch_name_bn: 'জানুয়ারি ব্যাচ', enrolled_at: '2026-01-10T04:00:00Z', lessons_completed: 7, lessons_total: 12, percent: 58 } as const;
const rinaInPhysics: CourseUserRow = { ...progress, enrollment_id: 101, user_id: 55, name: 'Rina Das', email: 'rina@example.com', status: 'active', completed_at: null, certificate_code: null };
const karimInPhysics: CourseUserRow = { ...progress, enrollment_id: 102, user_id: 56, name: 'Karim Uddin', email: 'karim@example.com', status: 'completed', completed_at: '2026-02-20T04:00:00Z', lessons_completed: 12, percent: 100, certificate_code: 'CERT-0042' };
const rinasPhysics: LearnerCourseRow = { ...progress, enrollment_id: 101, course_id: 7, course_uuid: 'c-7', title: physics.title, title_bn: physics.title_bn, course_type: 'course', status: 'pending', completed_at: null, certificate_code: null };

function days(from: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
}

const physicsStat: CourseStat = {
  course: { id: 7, uuid: 'c-7', title: physics.title, title_bn: physics.title_bn, course_type: 'course', published: true },
  range: used(DEFAULT),
  all_time: { enrolments: 1234, completions: 617, lessons: 8800, certificates: 600 },
  in_range: { enrolments: 45, completions: 12, lessons: 300, certificates: 10 },
  step: 'day',
  points: days(DEFAULT.from, 30).map((date, i) => ({ date, enrolments: i % 3, completions: i % 2, lessons: i })),
  batches: [
    { id: 9, name: 'January batch', name_bn: 'জানুয়ারি ব্যাচ', start_date: '2026-01-05', learners: 1200, completed: 600 },
    { id: 10, name: 'March batch', name_bn: null, start_date: null, learners: 34, completed: 17 },
  ],
};

const rinaStat: LearnerStat = {
  user: { id: 55, name: 'Rina Das', email: 'rina@example.com' },
  enrolled: 3,
  in_progress: 1,
  completed: 1,
  certificates: 1,
  lessons_completed: 42,
  first_enrolled_at: '2026-03-04T05:00:00Z',
  last_lesson_at: '2026-12-14T05:00:00Z',
};

const list = <L extends ReportList>(qc: QueryClient, l: L, data: Page<ReportListRows[L]>, p: Partial<ReportListParams> = {}, role = ADMIN.id) =>
  qc.setQueryData(reportKeys.list(role, l, { page: 1, search: '', ...p }), data);

/** A query client whose query has already failed with `answer()` (not asked again on mount). */
async function failed(query: { queryKey: readonly unknown[]; queryFn: (ctx: { signal?: AbortSignal }) => Promise<unknown> }, answer: () => Response, qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } })) {
  stubFetch(answer);
  await qc.prefetchQuery({ ...query, retry: false } as never);
  return qc;
}

/** A theme whose media queries match on the server: the wide screens' table. */
const wideTheme = createTheme({ components: { MuiUseMediaQuery: { defaultProps: { defaultMatches: true } } } });
const wide = (node: ReactNode) => <ThemeProvider theme={wideTheme}>{node}</ThemeProvider>;

/** The markup from the element with this test id on. */
const section = (html: string, id: string) => {
  const at = html.indexOf(`data-testid="${id}"`);
  return at < 0 ? '' : html.slice(html.lastIndexOf('<', at));
};
const count = (html: string, id: string) => html.split(`data-testid="${id}"`).length - 1;

async function renderLoaded(lang: 'en' | 'bn', node: ReactNode, opts: RenderOptions, testId: string) {
  for (let i = 0; i < 40; i++) {
    const html = await render(lang, node, opts);
    if (html.includes(`data-testid="${testId}"`)) return html;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${testId} never showed`);
}

describe('the course report', () => {
  function client(role = ADMIN.id) {
    const qc = new QueryClient();
    qc.setQueryData(reportKeys.courseStats(role, DEFAULT), courseStats);
    list(qc, 'courses', page([physics, chemistry], { total: 42, last_page: 3 }), {}, role);
    return qc;
  }

  it('shows the courses’ figures for the dates and the list, each course linking to its report', async () => {
    const html = await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH, qc: client() });
    const shown = text(html);
    expect(html).toContain('data-testid="course-report-page"');
    expect(shown).toContain('Course report');
    expect(text(section(html, 'report-range-text'))).toContain('16 Nov 2026 – 15 Dec 2026');
    expect(html).toContain('data-testid="figures-range"');
    expect(text(section(html, 'course-stats-courses'))).toMatch(/^ 40 /);
    expect(text(section(html, 'course-stats-enrolments'))).toMatch(/^ 1,500 /);
    expect(text(section(html, 'course-stats-lessons'))).toMatch(/^ 12,000 /);
    expect(shown).toContain('Certificates issued');
    expect(text(section(html, 'report-courses-total'))).toMatch(/^ 42 courses /);
    // Phones (a static render has no screen width): a card per course.
    expect(html).toContain('data-testid="report-courses-cards"');
    expect(count(html, 'report-courses-row')).toBe(2);
    expect(href(html, 'course-report-link')).toBe('/reports/course-report/7');
    expect(shown).toContain('Physics for class 10');
    expect(shown).toContain('Completion 50%');
    expect(shown).toContain('Certificate exam');
    expect(text(section(html, 'report-courses'))).toContain('Not published');
    expect(tag(html, 'courses-download-csv')).toContain('<button');
    expect(text(section(html, 'courses-download-csv'))).toMatch(/^ Download CSV Download Excel /);
    expect(tag(html, 'report-courses-search')).not.toBe('');
    expect(html).toContain('data-testid="pager"');
  });

  it('is in Bangla with Bangla digits, titles and dates in Bangla', async () => {
    const html = await render('bn', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH, qc: client() });
    const shown = text(html);
    expect(shown).toContain('কোর্স রিপোর্ট');
    expect(text(section(html, 'report-range-text'))).toContain('১৬ নভে, ২০২৬ – ১৫ ডিসে, ২০২৬');
    expect(text(section(html, 'course-stats-enrolments'))).toMatch(/^ ১,৫০০ /);
    expect(text(section(html, 'report-courses-total'))).toMatch(/^ ৪২টি কোর্স /);
    expect(shown).toContain('দশম শ্রেণির পদার্থবিজ্ঞান');
    // No Bangla title: the English one.
    expect(shown).toContain('Chemistry');
    expect(shown).toContain('সম্পন্নের হার ৫০%');
    expect(shown).toContain('সনদ পরীক্ষা');
    expect(shown).toContain('অপ্রকাশিত');
    expect(shown).toContain('CSV ডাউনলোড');
    expect(shown).toContain('এক্সেল ডাউনলোড');
    // No ASCII digit but the course's own name's and the download's "CSV".
    expect(text(section(html, 'report-courses')).replace('Physics for class 10', '')).not.toMatch(/[0-9]/);
  });

  it('draws a table on wide screens, a column each', async () => {
    const html = await render('en', wide(<ReportPages />), { at: '/reports/course-report', path: COURSE_PATH, qc: client() });
    const table = section(html, 'report-courses-table');
    expect(table).not.toBe('');
    expect(html).not.toContain('data-testid="report-courses-cards"');
    expect(text(table.slice(0, table.indexOf('</thead>')))).toBe(' Course Type State Enrolments Completed Completion Lessons completed Certificates ');
    expect(text(table)).toContain('Physics for class 10 Course Published 1,234 617 50% 8,800 600');
    expect(href(html, 'course-report-link')).toBe('/reports/course-report/7');
  });

  it('keeps the search, the page and the dates in the address, and asks for them', async () => {
    const qc = new QueryClient();
    const range = { from: '2026-12-01', to: '2026-12-10' };
    qc.setQueryData(reportKeys.courseStats(ADMIN.id, range), { ...courseStats, range: used(range) });
    list(qc, 'courses', page([physics], { current_page: 2, last_page: 2, total: 21 }), { page: 2, search: 'phys' });
    const html = await render('en', <ReportPages />, { at: '/reports/course-report?search=phys&page=2&from=2026-12-01&to=2026-12-10', path: COURSE_PATH, qc });
    expect(tag(html, 'report-courses-search')).not.toBe('');
    expect(html).toMatch(/<input[^>]*value="phys"/);
    expect(text(section(html, 'report-range-text'))).toContain('1 Dec 2026 – 10 Dec 2026');
    expect(section(html, 'pager')).toContain('aria-current="page"');
    expect(text(section(html, 'pager'))).toMatch(/^ 1 2 /);
    // The link keeps the dates.
    expect(href(html, 'course-report-link')).toBe('/reports/course-report/7?from=2026-12-01&to=2026-12-10');

    const fetch = stubFetch(() => json(page([])));
    await new QueryClient().fetchQuery(reportListQuery(ADMIN.id, 'courses', { page: 2, search: ' phys ' }));
    expect(fetchCall(fetch, 0)[0]).toBe('/course/reports/courses?page=2&limit=20&search=phys');
    await new QueryClient().fetchQuery(reportListQuery(ADMIN.id, 'course-users', { page: 1, search: '', id: 7 }));
    expect(fetchCall(fetch, 1)[0]).toBe('/course/reports/course-users/7?page=1&limit=20');
    const statsFetch = stubFetch(() => json({ data: courseStats }));
    const { courseStatsQuery } = await import('../hooks/use-reports');
    await new QueryClient().fetchQuery(courseStatsQuery(ADMIN.id, range));
    expect(fetchCall(statsFetch, 0)[0]).toBe('/course/reports/course-stats?start_date=2026-12-01&end_date=2026-12-10');
  });

  it('refuses a reversed range before asking, and shows the server’s refusal on the form', async () => {
    const fetch = stubFetch(() => json({ data: {} }));
    const html = await render('en', <ReportPages />, { at: '/reports/course-report?from=2026-12-20&to=2026-12-10', path: COURSE_PATH });
    expect(text(html)).toContain('The end date is before the start date.');
    expect(html).toContain('data-testid="report-range-refused"');
    expect(html).not.toContain('data-testid="course-stats"');
    expect(fetch).not.toHaveBeenCalled();

    const { courseStatsQuery } = await import('../hooks/use-reports');
    const qc = await failed(courseStatsQuery(ADMIN.id, DEFAULT), () => json({ message: 'Too long', code: 'validation_failed', errors: { end_date: ['date_range_too_long'] } }, 422));
    const bn = await render('bn', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH, qc });
    expect(text(bn)).toContain('সর্বোচ্চ ৩৬৬ দিন বেছে নিন।');
    expect(text(bn)).toContain('পরিসংখ্যান দেখতে অন্য তারিখ বেছে নিন।');
  });

  it('shows skeletons while loading, a retry when the figures or the list fail, and says when there is nothing', async () => {
    const loading = await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH });
    expect(loading).toContain('data-testid="course-stats-loading"');
    expect(loading).toContain('data-testid="report-courses-loading"');

    const { courseStatsQuery } = await import('../hooks/use-reports');
    const down = () => json({ message: 'Down', code: 'server_error', errors: {} }, 500);
    const qc = await failed(courseStatsQuery(ADMIN.id, DEFAULT), down);
    await failed(reportListQuery(ADMIN.id, 'courses', { page: 1, search: '' }), down, qc);
    const html = await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH, qc });
    expect(count(html, 'error-state')).toBe(2);
    expect(text(section(html, 'course-stats'))).toContain('These figures cannot be shown right now. Try again');
    expect(text(section(html, 'report-courses'))).toContain('Try again');

    const empty = new QueryClient();
    empty.setQueryData(reportKeys.courseStats(ADMIN.id, DEFAULT), courseStats);
    list(empty, 'courses', page([]));
    list(empty, 'courses', page([]), { search: 'zzz' });
    expect(text(await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH, qc: empty }))).toContain('The site has no courses yet.');
    expect(text(await render('bn', <ReportPages />, { at: '/reports/course-report?search=zzz', path: COURSE_PATH, qc: empty }))).toContain('“zzz” এর সঙ্গে কিছু মেলেনি।');
  });
});

describe('a course’s report', () => {
  function client() {
    const qc = new QueryClient();
    qc.setQueryData(reportKeys.courseStat(ADMIN.id, 7, DEFAULT), physicsStat);
    list(qc, 'course-users', page([rinaInPhysics, karimInPhysics], { total: 2 }), { id: 7 });
    return qc;
  }

  it('shows the course, its figures of all time and of the dates, the chart, its batches and its learners', async () => {
    const html = await render('en', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc: client() });
    const shown = text(html);
    expect(html).toContain('data-testid="course-detail-page"');
    expect(href(html, 'report-back')).toBe('/reports/course-report');
    expect(text(section(html, 'course-detail-page'))).toContain('Physics for class 10');
    expect(href(html, 'course-public-link')).toBe('/course/details/c-7');
    expect(text(section(html, 'course-all-time-enrolments'))).toMatch(/^ 1,234 /);
    expect(text(section(html, 'course-in-range-enrolments'))).toMatch(/^ 45 /);
    expect(text(section(html, 'course-in-range-certificates'))).toMatch(/^ 10 /);
    expect(tag(html, 'course-chart')).toContain('aria-label="Enrolments, completions and lessons completed per day, 16 Nov 2026 – 15 Dec 2026"');
    expect(text(section(html, 'course-chart-table'))).toContain('Day Enrolments Completions Lessons completed 16 Nov 2026 0 0 0');
    const batches = text(section(html, 'course-batches'));
    expect(batches).toContain('January batch');
    expect(batches).toContain('Starts 5 Jan 2026');
    expect(batches).toContain('Learners 1,200');
    expect(count(html, 'course-batch-row')).toBe(2);
    expect(text(section(html, 'report-course-users-total'))).toMatch(/^ 2 learners /);
    expect(count(html, 'report-course-users-row')).toBe(2);
    expect(href(html, 'course-user-link')).toBe('/reports/learner-report/55');
    const learners = text(section(html, 'report-course-users'));
    expect(learners).toContain('Rina Das rina@example.com');
    expect(learners).toContain('In progress');
    expect(learners).toContain('7 of 12 lessons (58%)');
    expect(learners).toContain('Completed on 20 Feb 2026');
    expect(learners).toContain('CERT-0042');
    expect(section(html, 'report-course-users')).toContain('data-testid="course-users-download-xlsx"');
    expect(tag(html, 'report-course-users-search')).not.toBe('');
    expect(html).not.toContain('data-testid="report-not-found"');
    expect(shown).toContain('Learners');
  });

  it('is in Bangla with Bangla digits', async () => {
    const html = await render('bn', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc: client() });
    const shown = text(html);
    expect(shown).toContain('দশম শ্রেণির পদার্থবিজ্ঞান');
    expect(shown).toContain('কোর্স রিপোর্টে ফিরে যান');
    expect(text(section(html, 'course-all-time-enrolments'))).toMatch(/^ ১,২৩৪ /);
    expect(tag(html, 'course-chart')).toContain('aria-label="দিনভিত্তিক ভর্তি, সম্পন্ন কোর্স ও সম্পন্ন পাঠ, ১৬ নভে, ২০২৬ – ১৫ ডিসে, ২০২৬"');
    const batches = text(section(html, 'course-batches'));
    expect(batches).toContain('জানুয়ারি ব্যাচ');
    expect(batches).toContain('শুরুর তারিখ ৫ জানু, ২০২৬');
    // No Bangla name: the English one.
    expect(batches).toContain('March batch');
    const learners = text(section(html, 'report-course-users'));
    expect(learners).toContain('১২টির মধ্যে ৭টি পাঠ (৫৮%)');
    expect(learners).toContain('চলমান');
    expect(learners).toContain('২০ ফেব, ২০২৬');
    expect(text(section(html, 'report-course-users-total'))).toMatch(/^ ২ জন শিক্ষার্থী /);
  });

  it('draws the chart once its code is there', async () => {
    const html = await renderLoaded('en', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc: client() }, 'line-chart');
    expect(tag(html, 'line-chart')).toContain('aria-label="Enrolments, completions and lessons completed per day');
  });

  it('says when there was nothing in the dates, and no batch yet', async () => {
    const qc = new QueryClient();
    qc.setQueryData(reportKeys.courseStat(ADMIN.id, 7, DEFAULT), { ...physicsStat, points: physicsStat.points.map((p) => ({ ...p, enrolments: 0, completions: 0, lessons: 0 })), batches: [] });
    list(qc, 'course-users', page([]), { id: 7 });
    const html = await render('en', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc });
    const shown = text(html);
    expect(shown).toContain('No enrolments in these dates');
    expect(html).not.toContain('data-testid="course-chart"');
    expect(shown).toContain('This course has no batches.');
    expect(shown).toContain('No one has enrolled in this course yet.');
  });

  it('shows a not-found state with the way back for a course not of the site (404) or not a course', async () => {
    const qc = await failed(courseStatQuery(ADMIN.id, 999, DEFAULT), () => json({ message: 'Not found', code: 'course_not_found', errors: {} }, 404));
    const html = await render('en', <ReportPages />, { at: '/reports/course-report/999?from=2026-11-16&to=2026-12-15', path: COURSE_PATH, qc });
    expect(html).toContain('data-testid="report-not-found"');
    expect(text(section(html, 'report-not-found'))).toContain('This course is not one of the site’s.');
    expect(href(html, 'report-not-found-back')).toBe('/reports/course-report?from=2026-11-16&to=2026-12-15');
    expect(html).not.toContain('data-testid="report-course-users"');
    const bn = text(await render('bn', <ReportPages />, { at: '/reports/course-report/999', path: COURSE_PATH, qc }));
    expect(bn).toContain('এই কোর্সটি এই সাইটের নয়।');

    const fetch = stubFetch(() => json({ data: {} }));
    const bad = await render('en', <ReportPages />, { at: '/reports/course-report/physics', path: COURSE_PATH });
    expect(bad).toContain('data-testid="report-not-found"');
    expect(fetch).not.toHaveBeenCalled();
  });

  /** The page with the forecast as the stubbed server answers it. */
  async function withForecast(forecast: Forecast) {
    const qc = await prefetched(forecastQuery(ADMIN.id, 7), () => json({ data: forecast }));
    qc.setQueryData(reportKeys.courseStat(ADMIN.id, 7, DEFAULT), physicsStat);
    list(qc, 'course-users', page([rinaInPhysics]), { id: 7 });
    return qc;
  }
  const weeks = (from: string, values: number[]) => {
    const starts = days(from, values.length * 7).filter((_, i) => i % 7 === 0);
    return values.map((enrolments, i) => ({ week_start: starts[i], enrolments }));
  };

  it('says when there is too little history to forecast the enrolments, and draws no chart', async () => {
    const qc = await withForecast({ course_id: 7, method: 'none', enough_history: false, min_weeks: 10, history: weeks('2026-10-02', [3, 0, 5, 2, 4, 1, 6, 2, 3]), forecast: [], holdout: null });
    expect(fetchCall(vi.mocked(fetch), 0)[0]).toBe('/ai/forecast?course_id=7&weeks=4');
    const html = await render('en', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc });
    const card = text(section(html, 'course-forecast'));
    expect(card).toContain('Enrolment forecast');
    expect(card).toContain('There is too little history to forecast enrolments: it needs 10 whole weeks of enrolments, and the course has 9.');
    expect(html).not.toContain('data-testid="course-forecast-chart"');
    expect(html).not.toContain('data-testid="course-forecast-error"');
    const bn = text(section(await render('bn', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc }), 'course-forecast-short'));
    expect(bn).toContain('দরকার ১০টি পূর্ণ সপ্তাহের ভর্তি, কোর্সটির আছে ৯টি');
  });

  it('shows the forecast weeks, the method and the error on the held-out weeks beside the chart', async () => {
    const history = weeks('2026-08-14', [13, 20, 18, 25, 22, 28, 26, 30, 29, 33, 31, 36, 37, 35, 37, 39]);
    const qc = await withForecast({
      course_id: 7,
      method: 'trend_and_season',
      enough_history: true,
      min_weeks: 10,
      history,
      forecast: weeks('2026-12-04', [45.0, 41.4, 47.6, 1234.2]),
      holdout: { weeks: 4, actual: [37, 35, 37, 39], predicted: [36, 33, 39, 38], mean_absolute_error: 2.25, naive_mean_absolute_error: 7.5 },
    });
    const html = await render('en', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc });
    expect(text(section(html, 'course-forecast-method'))).toContain('Method: a straight-line trend with a four-week season.');
    expect(text(section(html, 'course-forecast-weeks'))).toContain('Week of 4 Dec 2026 45 Week of 11 Dec 2026 41 Week of 18 Dec 2026 48 Week of 25 Dec 2026 1,234');
    expect(text(section(html, 'course-forecast-error'))).toContain(
      'On the last 4 weeks, off by 2.3 enrolments a week on average; repeating the average of the 4 weeks before them would be off by 7.5.',
    );
    // The chart (its own chunk) is named for screen readers, its figures a table: the forecast after the history, joined at its last week.
    expect(tag(html, 'course-forecast-chart')).toContain('aria-label="Enrolments per week and the forecast, 14 Aug 2026 – 25 Dec 2026"');
    const table = text(section(html, 'course-forecast-chart-table'));
    expect(table).toContain('Week Enrolments Forecast Week of 14 Aug 2026 13 ');
    expect(table).toContain('Week of 27 Nov 2026 39 39 Week of 4 Dec 2026 45 ');

    const bn = await render('bn', <ReportPages />, { at: '/reports/course-report/7', path: COURSE_PATH, qc });
    expect(text(section(bn, 'course-forecast-method'))).toContain('পদ্ধতি: সরলরেখার প্রবণতা, সঙ্গে চার সপ্তাহের চক্র।');
    expect(text(section(bn, 'course-forecast-weeks'))).toContain('১,২৩৪');
    expect(text(section(bn, 'course-forecast-error'))).toContain('শেষ ৪ সপ্তাহে পূর্বাভাস গড়ে সপ্তাহে ২.৩ ভর্তি কম-বেশি হয়েছে; তার আগের ৪ সপ্তাহের গড় দিয়ে অনুমান করলে কম-বেশি হতো ৭.৫।');
  });

  it('asks for the course’s figures over the dates', async () => {
    const fetch = stubFetch(() => json({ data: physicsStat }));
    await new QueryClient().fetchQuery(courseStatQuery(ADMIN.id, 7, DEFAULT));
    expect(fetchCall(fetch, 0)[0]).toBe('/course/reports/course-stat/7?start_date=2026-11-16&end_date=2026-12-15');
  });
});

describe('the learner report', () => {
  function client() {
    const qc = new QueryClient();
    qc.setQueryData(reportKeys.learnerStats(ADMIN.id, DEFAULT), learnerStats);
    list(qc, 'learners', page([rina], { total: 5400, last_page: 270 }));
    return qc;
  }

  it('shows the learners’ figures for the dates and the list, each linking to their report', async () => {
    const html = await render('en', <ReportPages />, { at: '/reports/learner-report', path: LEARNER_PATH, qc: client() });
    const shown = text(html);
    expect(html).toContain('data-testid="learner-report-page"');
    expect(shown).toContain('Learner report');
    expect(text(section(html, 'learner-stats-learners'))).toMatch(/^ 5,400 /);
    expect(text(section(html, 'learner-stats-new_in_range'))).toMatch(/^ 210 /);
    expect(text(section(html, 'report-learners-total'))).toMatch(/^ 5,400 learners /);
    expect(href(html, 'learner-report-link')).toBe('/reports/learner-report/55');
    const rows = text(section(html, 'report-learners'));
    expect(rows).toContain('rina@example.com');
    expect(rows).toContain('First enrolled 4 Mar 2026');
    expect(tag(html, 'report-learners-search')).not.toBe('');
    expect(html).toContain('data-testid="learners-download-csv"');
    expect(html).toContain('data-testid="learners-download-xlsx"');
  });

  it('is in Bangla with Bangla digits', async () => {
    const html = await render('bn', <ReportPages />, { at: '/reports/learner-report', path: LEARNER_PATH, qc: client() });
    const shown = text(html);
    expect(shown).toContain('শিক্ষার্থী রিপোর্ট');
    expect(text(section(html, 'learner-stats-learners'))).toMatch(/^ ৫,৪০০ /);
    expect(text(section(html, 'report-learners-total'))).toMatch(/^ ৫,৪০০ জন শিক্ষার্থী /);
    expect(text(section(html, 'report-learners'))).toContain('প্রথম ভর্তি ৪ মার্চ, ২০২৬');
    expect(html).toContain('aria-label="নাম বা ই-মেইল দিয়ে খুঁজুন"');
  });

  it('draws a table on wide screens', async () => {
    const html = await render('en', wide(<ReportPages />), { at: '/reports/learner-report', path: LEARNER_PATH, qc: client() });
    const table = section(html, 'report-learners-table');
    expect(text(table.slice(0, table.indexOf('</thead>')))).toBe(' Learner E-mail Courses Completed Certificates First enrolled ');
    expect(text(table)).toContain('Rina Das rina@example.com 3 1 1 4 Mar 2026');
  });
});

describe('a learner’s report', () => {
  function client() {
    const qc = new QueryClient();
    qc.setQueryData(reportKeys.learnerStat(ADMIN.id, 55), rinaStat);
    list(qc, 'learner-courses', page([rinasPhysics]), { id: 55 });
    return qc;
  }

  it('shows the learner’s figures and courses, each linking to its course report', async () => {
    const html = await render('en', <ReportPages />, { at: '/reports/learner-report/55', path: LEARNER_PATH, qc: client() });
    expect(html).toContain('data-testid="learner-detail-page"');
    expect(href(html, 'report-back')).toBe('/reports/learner-report');
    const shown = text(html);
    expect(shown).toContain('Rina Das');
    expect(shown).toContain('rina@example.com');
    expect(text(section(html, 'learner-stat-enrolled'))).toMatch(/^ 3 /);
    expect(text(section(html, 'learner-stat-lessons_completed'))).toMatch(/^ 42 /);
    expect(text(section(html, 'learner-stat-dates'))).toMatch(/^ First enrolled 4 Mar 2026 · Last lesson 14 Dec 2026 /);
    expect(href(html, 'learner-course-link')).toBe('/reports/course-report/7');
    const courses = text(section(html, 'report-learner-courses'));
    expect(courses).toContain('Physics for class 10');
    expect(courses).toContain('Waiting for approval');
    expect(courses).toContain('January batch');
    expect(courses).toContain('7 of 12 lessons (58%)');
    expect(html).toContain('data-testid="learner-courses-download-csv"');
  });

  it('is in Bangla with Bangla digits', async () => {
    const html = await render('bn', <ReportPages />, { at: '/reports/learner-report/55', path: LEARNER_PATH, qc: client() });
    expect(text(section(html, 'learner-stat-lessons_completed'))).toMatch(/^ ৪২ /);
    expect(text(section(html, 'learner-stat-dates'))).toMatch(/^ প্রথম ভর্তি ৪ মার্চ, ২০২৬ · সর্বশেষ পাঠ ১৪ ডিসে, ২০২৬ /);
    const courses = text(section(html, 'report-learner-courses'));
    expect(courses).toContain('দশম শ্রেণির পদার্থবিজ্ঞান');
    expect(courses).toContain('অনুমোদনের অপেক্ষায়');
    expect(courses).toContain('জানুয়ারি ব্যাচ');
    expect(courses).toContain('১২টির মধ্যে ৭টি পাঠ (৫৮%)');
    expect(text(html)).toContain('শিক্ষার্থী রিপোর্টে ফিরে যান');
  });

  it('shows a not-found state for someone who never enrolled on the site (404)', async () => {
    const qc = await failed(learnerStatQuery(ADMIN.id, 77), () => json({ message: 'Not found', code: 'learner_not_found', errors: {} }, 404));
    const html = await render('en', <ReportPages />, { at: '/reports/learner-report/77', path: LEARNER_PATH, qc });
    expect(text(section(html, 'report-not-found'))).toContain('This person has not enrolled in any course of the site.');
    expect(href(html, 'report-not-found-back')).toBe('/reports/learner-report');
    expect(html).not.toContain('data-testid="report-learner-courses"');
    expect(text(await render('bn', <ReportPages />, { at: '/reports/learner-report/77', path: LEARNER_PATH, qc }))).toContain('এই ব্যক্তি সাইটের কোনো কোর্সে ভর্তি হননি।');
  });

  it('asks for the learner’s figures and courses', async () => {
    const fetch = stubFetch(() => json({ data: rinaStat }));
    await new QueryClient().fetchQuery(learnerStatQuery(ADMIN.id, 55));
    expect(fetchCall(fetch, 0)[0]).toBe('/course/reports/learner-stat/55');
    const lists = stubFetch(() => json(page([])));
    await new QueryClient().fetchQuery(reportListQuery(ADMIN.id, 'learner-courses', { page: 3, search: '', id: 55 }));
    expect(fetchCall(lists, 0)[0]).toBe('/course/reports/learner-courses/55?page=3&limit=20');
  });
});

describe('who sees the reports', () => {
  it('tells the address’s report apart', () => {
    expect(reportOf('/reports/course-report')).toBe('course-report');
    expect(reportOf('/reports/course-report/7')).toBe('course-report');
    expect(reportOf('/reports/learner-report/55')).toBe('learner-report');
    expect(reportOf('/reports/other')).toBeNull();
  });

  it('turns away a role whose map does not let it view the reports (the teacher among them), and lets in a role granted them and the super admin', async () => {
    // A role of the site's own, its map (in the user's record, currentrole.permissions) without reports.view.
    const OFFICER: CurrentRole = { id: 33, role: 'exam-officer', owner_id: 4, permissions: { exam: { view: true }, reports: { view: false } } };
    testSession.user = signedInUser(3, OFFICER);
    const html = await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH });
    expect(html).toContain('data-testid="forbidden-page"');
    expect(html).not.toContain('data-testid="course-report-page"');
    // The built-in teacher's map has no reports (docs/api-users.md: the server refuses them a teacher).
    testSession.user = signedInUser(3, TEACHER);
    const refused = await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH });
    expect(refused).toContain('data-testid="forbidden-page"');
    expect(refused).not.toContain('data-testid="course-report-page"');
    // The user's record (and so the map) not there yet: nothing is shown (neither the page nor the refusal).
    testSession.loading = true;
    const waiting = await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH });
    expect(waiting).not.toContain('data-testid="forbidden-page"');
    expect(waiting).not.toContain('data-testid="course-report-page"');
    testSession.loading = false;

    // A role of the site's own granted reports.view may view them.
    const READER: CurrentRole = { id: 34, role: 'report-reader', owner_id: 4, permissions: { reports: { view: true } } };
    testSession.user = signedInUser(3, READER);
    const reader = new QueryClient();
    reader.setQueryData(reportKeys.courseStats(READER.id, DEFAULT), courseStats);
    list(reader, 'courses', page([physics]), {}, READER.id);
    expect(await render('en', <ReportPages />, { at: '/reports/course-report', path: COURSE_PATH, qc: reader })).toContain('data-testid="course-report-page"');

    testSession.user = signedInUser(1, SUPER);
    const qc = new QueryClient();
    qc.setQueryData(reportKeys.learnerStats(SUPER.id, DEFAULT), learnerStats);
    list(qc, 'learners', page([rina]), {}, SUPER.id);
    const ok = await render('en', <ReportPages />, { at: '/reports/learner-report', path: LEARNER_PATH, qc });
    expect(ok).toContain('data-testid="learner-report-page"');
    expect(text(section(ok, 'learner-stats-learners'))).toMatch(/^ 5,400 /);
  });
});
