import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { href, json, render, stubFetch, tag, text } from '../../../lib/test-render';
import { fetchCalendarEntries, type CalendarEntry, type Feed } from '../api/calendar-api';
import { calendarKeys, type CalendarKind } from '../hooks/use-calendar';
import CalendarPage, { calendarView } from './calendar-page';
import { FeedAddress } from './feed-panel';

// December 2026 shows 28 November to 1 January; today is Tuesday 15 December in Dhaka.
const FROM = '2026-11-28';
const TO = '2027-01-02';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-15T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const dhaka = { id: 2, slug: 'dhaka', institution_name: 'ঢাকা কলেজ', institution_name_en: 'Dhaka College' };
const rajshahi = { id: 5, slug: 'rajshahi', institution_name: 'রাজশাহী কলেজ', institution_name_en: 'Rajshahi College' };

const ENTRIES: CalendarEntry[] = [
  {
    kind: 'event',
    id: 3,
    title: 'Admission orientation',
    title_bn: 'ভর্তি ওরিয়েন্টেশন',
    starts_at: '2026-12-20T04:00:00Z',
    ends_at: '2026-12-20T07:00:00Z',
    location: 'https://meet.example.org/orientation',
    url: 'http://dhaka.localhost:8080/events/3',
    site: dhaka,
  },
  {
    kind: 'event',
    id: 3,
    title: 'Career fair',
    title_bn: null,
    starts_at: '2026-12-15T03:00:00Z',
    ends_at: '2026-12-15T09:00:00Z',
    location: 'College field',
    url: 'http://rajshahi.localhost:8080/events/3',
    site: rajshahi,
  },
];

function client(entries: CalendarEntry[] | null, feed: Feed | null = { url: null, active: false }) {
  const qc = new QueryClient();
  if (entries) qc.setQueryData(calendarKeys.entries(FROM, TO, null), entries);
  if (feed) qc.setQueryData(calendarKeys.feed(null), feed);
  return qc;
}

const page = (lang: 'en' | 'bn', at: string, qc: QueryClient, kind?: CalendarKind) => render(lang, <CalendarPage kind={kind} />, { at, qc });

describe('the calendar page', () => {
  it('shows the month in Bangla from Saturday, today marked, the entries as links coloured by site', async () => {
    const html = await page('bn', '/calendar/show', client(ENTRIES));
    const shown = text(html);
    expect(tag(html, 'calendar-page')).toContain('data-view="month"');
    expect(shown).toContain('আমার ক্যালেন্ডার');
    expect(shown).toContain('ডিসেম্বর ২০২৬');
    // The header row starts on Saturday; the first cell is 28 November.
    expect(html.indexOf('>শনি<')).toBeGreaterThan(-1);
    expect(html.indexOf('>শনি<')).toBeLessThan(html.indexOf('>রবি<'));
    expect(html).toMatch(/<td[^>]*data-day="2026-11-28"/);
    expect(tag(html, 'today')).toContain('data-day="2026-12-15"');
    expect(tag(html, 'today')).toContain('aria-current="date"');
    // Titles in Bangla (the English one where there is no Bangla), links to the entries' own sites.
    expect(shown).toContain('ভর্তি ওরিয়েন্টেশন');
    expect(shown).toContain('Career fair');
    const chips = [...html.matchAll(/<a[^>]*data-testid="calendar-chip"[^>]*>/g)].map((m) => m[0]);
    expect(chips).toHaveLength(2);
    expect(chips.join(' ')).toContain('href="http://dhaka.localhost:8080/events/3"');
    expect(chips.join(' ')).toContain('href="http://rajshahi.localhost:8080/events/3"');
    // Both sites in the legend; digits of the grid in Bangla.
    const legend = text(html.slice(html.indexOf('data-testid="site-legend"'), html.indexOf('data-testid="month-grid"')));
    expect(legend).toContain('রাজশাহী কলেজ');
    expect(legend).toContain('ঢাকা কলেজ');
    const grid = text(html.slice(html.indexOf('data-testid="month-grid"'), html.indexOf('</table>')).replace(/^[^>]*>/, ''));
    expect(grid).not.toMatch(/[0-9]/);
    expect(grid).toContain('১৫');
  });

  it('lists the month’s days in the agenda with the hours, the site and the place', async () => {
    const html = await page('en', '/calendar/show?view=agenda', client(ENTRIES));
    const shown = text(html);
    expect(tag(html, 'calendar-page')).toContain('data-view="agenda"');
    expect(shown).toContain('Tuesday 15 December · Today');
    expect(shown).toContain('09:00–15:00');
    expect(shown).toContain('Rajshahi College');
    expect(shown).toContain('College field');
    expect(shown).toContain('Sunday 20 December');
    expect(shown).toContain('Online (meet.example.org)');
    expect(shown.indexOf('Career fair')).toBeLessThan(shown.indexOf('Admission orientation'));
    expect(href(html, 'agenda-link')).toBe('http://rajshahi.localhost:8080/events/3');
  });

  it('says on the per-kind pages that classes and exams are not on it yet', async () => {
    const html = await page('bn', '/exam/calendar/show', client(ENTRIES), 'exam');
    const shown = text(html);
    expect(shown).toContain('পরীক্ষার ক্যালেন্ডার');
    expect(shown).toContain('আপনার ক্লাস ও পরীক্ষার সময়সূচি ঠিক হলে সেগুলোও এখানে দেখা যাবে');
    expect(html).not.toContain('data-testid="calendar-chip"');
    expect(href(html, 'whole-calendar')).toBe('/calendar/show');
  });

  it('says so when a month is empty, and leads to the events', async () => {
    const html = await page('en', '/calendar/show?month=2027-02&view=agenda', client(null));
    // No data for February yet: loading.
    expect(html).toContain('data-testid="calendar-loading"');
    const qc = client(null);
    qc.setQueryData(calendarKeys.entries('2027-01-30', '2027-03-06', null), []);
    const empty = await page('en', '/calendar/show?month=2027-02&view=agenda', qc);
    expect(text(empty)).toContain('February 2027');
    expect(text(empty)).toContain('Nothing on your calendar this month.');
    expect(href(empty, 'browse-events')).toBe('/events/list');
  });

  it('offers a retry when the entries could not be read', async () => {
    stubFetch(() => json({ message: 'Down', code: 'server_error' }, 500));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
    await qc.prefetchQuery({ queryKey: calendarKeys.entries(FROM, TO, null), queryFn: () => fetchCalendarEntries(FROM, TO) });
    qc.setQueryData(calendarKeys.feed(null), { url: null, active: false });
    const html = await page('en', '/calendar/show', qc);
    expect(html).toContain('data-testid="error-state"');
    expect(text(html)).toContain('Try again');
  });

  it('shows the agenda on phones whatever ?view= says', () => {
    expect(calendarView(null, true)).toBe('agenda');
    expect(calendarView('month', true)).toBe('agenda');
    expect(calendarView(null, false)).toBe('month');
    expect(calendarView('agenda', false)).toBe('agenda');
  });
});

describe('the phone calendar panel', () => {
  it('offers an address when there is no feed, a new one or stopping it when there is', async () => {
    const off = await page('en', '/calendar/show', client(ENTRIES, { url: null, active: false }));
    expect(tag(off, 'feed-panel')).toContain('data-active="false"');
    expect(text(off)).toContain('Subscribe in your phone&#x27;s calendar');
    expect(off).toContain('data-testid="feed-make"');
    expect(off).not.toContain('data-testid="feed-stop"');
    const on = await page('bn', '/calendar/show', client(ENTRIES, { url: null, active: true }));
    expect(tag(on, 'feed-panel')).toContain('data-active="true"');
    expect(text(on)).toContain('নতুন ঠিকানা তৈরি করুন');
    expect(text(on)).toContain('ফিড বন্ধ করুন');
    expect(on).not.toContain('data-testid="feed-make"');
  });

  it('shows a new address once, with a copy button and how to add it', async () => {
    const url = 'http://localhost:8080/calendar/feed/k9Qz7wXa.ics';
    const html = await render('en', <FeedAddress url={url} />);
    expect(html).toMatch(/<textarea[^>]*readOnly=""[^>]*data-testid="feed-url"[^>]*>/);
    expect(html).toContain(`>${url}</textarea>`);
    expect(tag(html, 'feed-copy')).toContain('aria-label="Copy the address"');
    expect(text(html)).toContain('From URL');
    expect(text(html)).toContain('Add Subscribed Calendar');
  });
});
