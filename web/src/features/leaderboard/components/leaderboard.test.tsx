import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, href, input, json, prefetched, render, runMutation, stubFetch, tag, text, type RenderOptions } from '../../../lib/test-render';
import { fetchGamification, fetchLeaderboard, type Gamification, type LeaderboardPage as BoardPage, type LeaderboardParams, type LeaderboardRow } from '../api/leaderboard-api';
import { boardParams, hideMutation, leaderboardKeys, leaderboardQuery, withChoice } from '../hooks/use-leaderboard';
import { badgePercent, GamificationCard, shortWeek } from './gamification-card';
import { initials } from './board-list';
import LeaderboardPage from './leaderboard-page';

// The session's token, set by each test (null: a visitor).
const session = vi.hoisted(() => ({ token: null as string | null }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => session.token,
}));

// The chart library draws nothing without a width (no layout here): the chart is read through the
// props it is given.
const chart = vi.hoisted(() => ({ props: null as null | Record<string, any> }));
vi.mock('@mui/x-charts/BarChart', () => ({
  BarChart: (props: Record<string, unknown>) => {
    chart.props = props;
    return <div data-testid="bar-chart" aria-label={String(props.title)} />;
  },
}));

beforeEach(() => {
  session.token = null;
  chart.props = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'tok';
const first: LeaderboardParams = { scope: 'site', period: 'week', page: 1, limit: 20 };

const row = (rank: number, user_id: number, name: string, points: number, over: Partial<LeaderboardRow> = {}): LeaderboardRow => ({ rank, user_id, name, name_bn: null, photo: null, points, me: false, ...over });

const ROWS: LeaderboardRow[] = [
  row(1, 42, 'Rahim Uddin', 350, { photo: 'https://cdn.example.com/u/42.jpg', name_bn: 'রহিম উদ্দিন' }),
  // A tie: competition ranks 2, 2, 4.
  row(2, 7, 'Nusrat Jahan', 1350),
  row(2, 3, 'Rina Das', 1350, { me: true }),
  row(4, 9, 'Karim', 10),
];

function board(data: LeaderboardRow[], over: Partial<BoardPage> = {}): BoardPage {
  return { data, current_page: 1, last_page: 1, per_page: 20, total: data.length, week_start: '2026-11-30', ...over };
}

function boardClient(list: BoardPage, p: LeaderboardParams = first, token: string | null = null, mine?: Gamification) {
  const qc = new QueryClient();
  qc.setQueryData(leaderboardKeys.list(p, token), list);
  if (mine) qc.setQueryData(leaderboardKeys.mine(token), mine);
  return qc;
}

const show = (lang: 'en' | 'bn', qc: QueryClient, at = '/leaderboard') => render(lang, <LeaderboardPage />, { at, qc });
const count = (html: string, id: string) => html.split(`data-testid="${id}"`).length - 1;
/** The opening tags of every element with this test id. */
const tags = (html: string, id: string) => [...html.matchAll(new RegExp(`<[a-zA-Z][\\w-]*\\b[^>]*data-testid="${id}"[^>]*>`, 'g'))].map((m) => m[0]);
/** The markup from the element with this test id on. */
const section = (html: string, id: string) => {
  const at = html.indexOf(`data-testid="${id}"`);
  return at < 0 ? '' : html.slice(html.lastIndexOf('<', at));
};

const MINE: Gamification = {
  points: { week: 40, all_time: 350 },
  rank: { site_week: 3, site_all_time: 5, all_week: null, all_time: 20 },
  counts: { lessons: 20, exams: 2, certificates: 1, reviews: 2 },
  rules: { lesson: 10, exam: 50, certificate: 100, review: 5 },
  badges: [
    { key: 'first_lesson', earned: true, progress: 1, goal: 1 },
    { key: 'ten_lessons', earned: true, progress: 20, goal: 10 },
    { key: 'fifty_lessons', earned: false, progress: 20, goal: 50 },
    { key: 'five_exams', earned: false, progress: 2, goal: 5 },
    { key: 'week_hundred', earned: false, progress: 40, goal: 100 },
  ],
  weeks: Array.from({ length: 12 }, (_, i) => ({ week: new Date(Date.UTC(2026, 8, 14 + i * 7)).toISOString().slice(0, 10), points: i === 11 ? 40 : i * 5 })),
  hidden: false,
  week_start: '2026-11-30',
};

describe('the leaderboard page', () => {
  it('ranks the learners, the first three with medals, ties kept, the caller’s own row marked', async () => {
    const html = await show('en', boardClient(board(ROWS, { total: 47, last_page: 3 })));
    const shown = text(html);
    expect(shown).toContain('Leaderboard');
    expect(tags(html, 'board-row').map((t) => /data-rank="(\d+)"/.exec(t)?.[1])).toEqual(['1', '2', '2', '4']);
    expect(tags(html, 'board-row').map((t) => /data-medal="(\d+)"/.exec(t)?.[1] ?? null)).toEqual(['1', '2', '2', null]);
    expect(html).toMatch(/<ol[^>]*aria-label="Learners by points"/);
    // Screen readers hear the place, not only the number.
    expect(shown).toContain('First place, Rank 1');
    expect(shown).toContain('Rank 4');
    // The caller's row alone, marked "You".
    const me = tags(html, 'board-row').filter((t) => t.includes('data-me="true"'));
    expect(me).toHaveLength(1);
    expect(me[0]).toContain('data-rank="2"');
    expect(count(html, 'board-me')).toBe(1);
    expect(text(section(html, 'board-me'))).toMatch(/^ You/);
    // The picture where there is one, else the initials.
    expect(html).toContain('src="https://cdn.example.com/u/42.jpg"');
    expect(shown).toContain('NJ Nusrat Jahan');
    expect(shown).toContain('350 points');
    expect(shown).toContain('1,350 points');
    expect(shown).toContain('10 points');
    expect(text(section(html, 'board-when'))).toMatch(/^ Week starting 30 Nov 2026/);
    expect(shown).toContain('47 learners on the board');
    // This week and this site are the defaults, pressed.
    expect(tag(html, 'choice-period-week')).toContain('aria-pressed="true"');
    expect(tag(html, 'choice-period-all_time')).toContain('aria-pressed="false"');
    expect(tag(html, 'choice-scope-site')).toContain('aria-pressed="true"');
    expect(tag(html, 'leaderboard-page')).toContain('data-page="1"');
    // Pages: the pager since there are three.
    expect(count(html, 'pager')).toBe(1);
    // A visitor is asked to log in for their own card, and comes back.
    expect(count(html, 'gamification-card')).toBe(0);
    expect(count(html, 'leaderboard-sign-in')).toBe(1);
    expect(html).toContain('href="/login?redirect=%2Fleaderboard"');
  });

  it('has no pager on a single page, and says so when nobody has points yet', async () => {
    const one = await show('en', boardClient(board(ROWS.slice(0, 1))));
    expect(count(one, 'pager')).toBe(0);
    expect(text(one)).toContain('1 learner on the board');

    const empty = await show('en', boardClient(board([], { total: 0 })));
    expect(count(empty, 'empty-state')).toBe(1);
    expect(count(empty, 'board-row')).toBe(0);
    expect(text(empty)).toContain('No points yet this week — finish a lesson to get on the board.');
    expect(href(empty, 'browse-courses')).toBe('/search/lists');
    expect(count(empty, 'board-total')).toBe(0);

    const p: LeaderboardParams = { ...first, period: 'all_time' };
    const allTime = await show('en', boardClient(board([], { total: 0 }), p), '/leaderboard?period=all_time');
    expect(text(allTime)).toContain('No points yet — finish a lesson to get on the board.');
    expect(text(allTime)).not.toContain('Week starting');
  });

  it('takes the scope, the period and the page from the query string', async () => {
    const p: LeaderboardParams = { scope: 'all', period: 'all_time', page: 2, limit: 20 };
    const html = await show('en', boardClient(board([row(21, 5, 'Sadia Islam', 120)], { current_page: 2, last_page: 3, total: 47 }), p), '/leaderboard?scope=all&period=all_time&page=2');
    expect(tag(html, 'leaderboard-page')).toMatch(/data-scope="all"[^>]*data-period="all_time"[^>]*data-page="2"/);
    expect(tag(html, 'choice-scope-all')).toContain('aria-pressed="true"');
    expect(tag(html, 'choice-scope-site')).toContain('aria-pressed="false"');
    expect(tag(html, 'choice-period-all_time')).toContain('aria-pressed="true"');
    expect(text(html)).toContain('Sadia Islam');
    expect(text(html)).toContain('Every point earned so far');
    expect(section(html, 'pager')).toMatch(/aria-current="page"[^>]*>2</);
  });

  it('reads anything unknown in the address as the defaults, and leaves the defaults out of it', () => {
    expect(boardParams(new URLSearchParams('scope=all&period=all_time&page=3'))).toEqual({ scope: 'all', period: 'all_time', page: 3, limit: 20 });
    expect(boardParams(new URLSearchParams('scope=mars&period=year&page=-2'))).toEqual(first);
    expect(boardParams(new URLSearchParams(''))).toEqual(first);
    // A new choice starts again at page 1; the default is not written.
    expect(withChoice('scope=all&page=3', 'period', 'all_time').toString()).toBe('scope=all&period=all_time');
    expect(withChoice('scope=all&period=all_time&page=3', 'scope', 'site').toString()).toBe('period=all_time');
    expect(withChoice('period=all_time', 'period', 'week').toString()).toBe('');
  });

  it('asks the server for the board the address names', async () => {
    const fetch = stubFetch(() => json(board([])));
    await fetchLeaderboard({ scope: 'all', period: 'all_time', page: 2 });
    expect(fetchCall(fetch)[0]).toBe('/my-account/user/leaderboard?scope=all&period=all_time&page=2&limit=20');
    await fetchLeaderboard(first);
    expect(fetchCall(fetch, 1)[0]).toBe('/my-account/user/leaderboard?scope=site&period=week&page=1&limit=20');
    // The board of one signed-in person is not another's (their "me" row).
    expect(leaderboardKeys.list(first, 'a')).not.toEqual(leaderboardKeys.list(first, 'b'));
  });

  it('is in Bangla, with Bangla digits and dates', async () => {
    const html = await show('bn', boardClient(board(ROWS, { total: 47, last_page: 3 })));
    const shown = text(html);
    expect(shown).toContain('লিডারবোর্ড');
    expect(shown).toContain('রহিম উদ্দিন');
    expect(shown).toContain('Rina Das');
    expect(shown).toContain('এই সপ্তাহ');
    expect(shown).toContain('সব প্রতিষ্ঠান');
    expect(shown).toContain('৩৫০ পয়েন্ট');
    expect(shown).toContain('১,৩৫০ পয়েন্ট');
    expect(shown).toContain('প্রথম স্থান, অবস্থান ১');
    expect(text(section(html, 'board-when'))).toMatch(/^ সপ্তাহ শুরু ৩০ নভে, ২০২৬/);
    expect(shown).toContain('বোর্ডে ৪৭ জন শিক্ষার্থী');
    expect(text(section(html, 'board-me'))).toMatch(/^ আপনি/);
    // No ASCII digits in what the board says.
    expect(text(section(html, 'board-list')).replace(/[A-Za-z]+/g, '')).not.toMatch(/[0-9]/);

    const empty = await show('bn', boardClient(board([], { total: 0 })));
    expect(text(empty)).toContain('এই সপ্তাহে এখনো কেউ পয়েন্ট পাননি');
  });

  it('shows an error with a retry, and placeholders while loading', async () => {
    const qc = await prefetched({ ...leaderboardQuery(first, null), retry: false }, () => json({ message: 'down' }, 503));
    const failed = await show('en', qc);
    expect(count(failed, 'error-state')).toBe(1);
    expect(text(section(failed, 'error-state'))).toContain('Try again');
    expect(count(failed, 'board-row')).toBe(0);

    stubFetch(() => new Promise<Response>(() => {}));
    const loading = await show('en', new QueryClient());
    expect(count(loading, 'board-loading')).toBe(1);
  });

  it('puts the signed-in learner’s own card on top', async () => {
    session.token = TOKEN;
    const html = await show('en', boardClient(board(ROWS), first, TOKEN, MINE));
    expect(count(html, 'gamification-card')).toBe(1);
    expect(count(html, 'leaderboard-sign-in')).toBe(0);
    expect(html.indexOf('data-testid="gamification-card"')).toBeLessThan(html.indexOf('data-testid="board-list"'));
    // Points, places and the switch in view; what they have done, the rules, badges and weeks folded
    // away behind a button, so that the board stays near.
    expect(text(section(html, 'points-week'))).toMatch(/^ 40 points/);
    expect(tag(html, 'gamification-more')).toContain('aria-expanded="false"');
    expect(text(section(html, 'gamification-more'))).toMatch(/^ Show what I have done, my badges and weeks/);
    expect(tag(html, 'gamification-details')).toContain('data-open="false"');
    expect(html.indexOf('data-testid="gamification-details"')).toBeLessThan(html.indexOf('data-testid="hide-me"'));
  });

  it('writes initials of up to two words', () => {
    expect(initials('Rahim Uddin')).toBe('RU');
    expect(initials(' karim ')).toBe('K');
    // Bangla: the first word's first letter, its vowel sign kept.
    expect(initials('মোহাম্মদ আব্দুল্লাহ')).toBe('মো');
    expect(initials('রিনা দাস')).toBe('রি');
    expect(initials('')).toBe('');
  });
});

describe('the learner’s points card', () => {
  const card = (lang: 'en' | 'bn', mine: Gamification = MINE, opts: RenderOptions = {}) => {
    const qc = opts.qc ?? new QueryClient();
    qc.setQueryData(leaderboardKeys.mine(TOKEN), mine);
    return render(lang, <GamificationCard />, { ...opts, qc });
  };

  async function renderLoaded(lang: 'en' | 'bn', node: () => Promise<string>, testId: string) {
    for (let i = 0; i < 20; i++) {
      const html = await node();
      if (html.includes(`data-testid="${testId}"`)) return html;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${testId} never showed in ${lang}`);
  }

  beforeEach(() => {
    session.token = TOKEN;
  });

  it('draws nothing for a visitor', async () => {
    session.token = null;
    expect(await render('en', <GamificationCard />)).toBe('');
  });

  it('shows points, places ("—" where there is none), counts and how points are earned', async () => {
    const html = await card('en');
    // Unfolded where it stands alone (the profile page).
    expect(count(html, 'gamification-more')).toBe(0);
    expect(tag(html, 'gamification-details')).toContain('data-open="true"');
    expect(text(section(html, 'points-week'))).toMatch(/^ 40 points This week/);
    expect(text(section(html, 'points-all-time'))).toMatch(/^ 350 points All time/);
    expect(text(section(html, 'rank-site_week'))).toMatch(/^ #3 This site, this week/);
    expect(text(section(html, 'rank-site_all_time'))).toMatch(/^ #5 This site, all time/);
    expect(text(section(html, 'rank-all_week'))).toMatch(/^ — Not ranked All institutions, this week/);
    expect(text(section(html, 'rank-all_time'))).toMatch(/^ #20 /);
    expect(text(section(html, 'count-lessons'))).toMatch(/^ 20 Lessons finished/);
    expect(text(section(html, 'count-exams'))).toMatch(/^ 2 Exams passed/);
    expect(text(section(html, 'count-certificates'))).toMatch(/^ 1 Certificates/);
    expect(text(section(html, 'count-reviews'))).toMatch(/^ 2 Course reviews/);
    const rules = text(section(html, 'rules'));
    expect(rules).toMatch(/Finish a lesson 10 points Pass an exam \(the first pass of each exam\) 50 points Receive a certificate 100 points Review a course 5 points/);
    expect(text(section(html, 'gamification-week'))).toMatch(/^ Week starting 30 Nov 2026/);
    expect(count(html, 'hidden-note')).toBe(0);
  });

  it('shows earned badges, and the others’ progress towards their goal', async () => {
    const html = await card('en');
    const badges = tags(html, 'badge');
    expect(badges.map((b) => /data-key="(\w+)"/.exec(b)?.[1])).toEqual(['first_lesson', 'ten_lessons', 'fifty_lessons', 'five_exams', 'week_hundred']);
    expect(badges.map((b) => /data-earned="(\w+)"/.exec(b)?.[1])).toEqual(['true', 'true', 'false', 'false', 'false']);
    expect(count(html, 'badge-earned')).toBe(2);
    expect(text(section(html, 'badge-earned'))).toMatch(/^ Earned/);
    const bars = tags(html, 'badge-progress');
    expect(bars).toHaveLength(3);
    expect(bars[0]).toContain('aria-valuenow="40"');
    expect(bars[0]).toContain('aria-label="Fifty lessons: 20 of 50"');
    expect(bars[2]).toContain('aria-valuenow="40"');
    expect(text(html)).toContain('Pass 5 exams');
    expect(text(html)).toContain('2 of 5');
    expect(badgePercent({ key: 'x', earned: false, progress: 7, goal: 5 })).toBe(100);
    expect(badgePercent({ key: 'x', earned: false, progress: 1, goal: 0 })).toBe(0);
    expect(badgePercent({ key: 'x', earned: true, progress: 0, goal: 3 })).toBe(100);
  });

  it('shows the 12 weeks as bars, with the same figures in a table for screen readers', async () => {
    const html = await renderLoaded('en', () => card('en'), 'bar-chart');
    expect(html).toMatch(/role="figure"[^>]*aria-label="My points in the last 12 weeks"/);
    const table = section(html, 'weeks-table');
    expect(table.match(/<tr>/g)).toHaveLength(13);
    expect(text(table)).toContain('Week of 30 Nov 2026 40');
    const q = chart.props!;
    expect(q.series[0].data).toEqual(MINE.weeks.map((w) => w.points));
    expect(q.xAxis[0].data).toHaveLength(12);
    expect(q.xAxis[0].valueFormatter('2026-11-30', { location: 'tick' })).toBe('30 Nov');
    expect(q.xAxis[0].valueFormatter('2026-11-30', { location: 'tooltip' })).toBe('Week of 30 Nov 2026');
  });

  it('is in Bangla, with Bangla digits', async () => {
    const html = await renderLoaded('bn', () => card('bn'), 'bar-chart');
    expect(text(section(html, 'points-week'))).toMatch(/^ ৪০ পয়েন্ট এই সপ্তাহ/);
    expect(text(section(html, 'rank-site_week'))).toMatch(/^ ৩ নম্বর/);
    expect(text(section(html, 'rank-all_week'))).toMatch(/^ — অবস্থান নেই/);
    expect(text(html)).toContain('অর্জিত');
    expect(tags(html, 'badge-progress')[0]).toContain('aria-label="পঞ্চাশটি পাঠ: ৫০-এর মধ্যে ২০"');
    expect(text(section(html, 'gamification-week'))).toMatch(/^ সপ্তাহ শুরু ৩০ নভে, ২০২৬/);
    expect(chart.props!.xAxis[0].valueFormatter('2026-11-30', { location: 'tick' })).toBe('৩০ নভে');
    expect(chart.props!.yAxis[0].valueFormatter(1200)).toBe('১,২০০');
    expect(shortWeek('2026-09-14', 'bn')).toBe('১৪ সেপ');
    expect(text(html)).toContain('সবার জন্য খোলা লিডারবোর্ড থেকে আমাকে লুকিয়ে রাখুন');
  });

  it('has the "hide me" switch, on when the learner is hidden', async () => {
    const shown = await card('en');
    expect(text(shown)).toContain('Hide me from the public leaderboard');
    expect(input(shown, 'leaderboard-hide-me')).toContain('type="checkbox"');
    expect(input(shown, 'leaderboard-hide-me')).not.toMatch(/\schecked/);
    expect(input(shown, 'leaderboard-hide-me')).toMatch(/aria-describedby="[^"]+"/);
    const hidden = await card('en', { ...MINE, hidden: true, rank: { site_week: null, site_all_time: null, all_week: null, all_time: null } });
    expect(input(hidden, 'leaderboard-hide-me')).toMatch(/\schecked/);
    expect(count(hidden, 'hidden-note')).toBe(1);
    expect(text(hidden).match(/— Not ranked/g)).toHaveLength(4);
  });

  it('sends PUT {hidden: true} from the switch and keeps the answer', async () => {
    const fetch = stubFetch(() => json({ data: { ...MINE, hidden: true, rank: { site_week: null, site_all_time: null, all_week: null, all_time: null } } }));
    const qc = new QueryClient();
    qc.setQueryData(leaderboardKeys.mine(TOKEN), MINE);
    qc.setQueryData(leaderboardKeys.list(first, TOKEN), board(ROWS));
    await runMutation(hideMutation(qc, TOKEN), { hidden: true }, qc);
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/my-account/user/gamification');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ hidden: true });
    expect(qc.getQueryData<Gamification>(leaderboardKeys.mine(TOKEN))?.hidden).toBe(true);
    expect(qc.getQueryData<Gamification>(leaderboardKeys.mine(TOKEN))?.rank.site_week).toBeNull();
    // The board is read again: the learner's row goes.
    expect(qc.getQueryState(leaderboardKeys.list(first, TOKEN))?.isInvalidated).toBe(true);
  });

  it('puts the switch back when the server refuses', async () => {
    stubFetch(() => json({ message: 'The hidden field must be true or false.', errors: { hidden: ['boolean'] } }, 422));
    const qc = new QueryClient();
    qc.setQueryData(leaderboardKeys.mine(TOKEN), MINE);
    await expect(runMutation(hideMutation(qc, TOKEN), { hidden: true }, qc)).rejects.toMatchObject({ status: 422 });
    expect(qc.getQueryData<Gamification>(leaderboardKeys.mine(TOKEN))?.hidden).toBe(false);
  });

  it('reads the learner’s record from the gamification call', async () => {
    const fetch = stubFetch(() => json({ data: MINE }));
    expect(await fetchGamification()).toEqual(MINE);
    expect(fetchCall(fetch)[0]).toBe('/my-account/user/gamification');
  });
});
