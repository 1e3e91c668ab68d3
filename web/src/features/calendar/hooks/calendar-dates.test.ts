import { describe, expect, it } from 'vitest';
import { canOpen } from '../../../lib/menu-class';
import type { CalendarEntry } from '../api/calendar-api';
import { addMonths, dhakaDay, entryDays, groupByDay, isDay, monthParam, parseMonthParam, todayInDhaka, visibleRange, weekdayOf, weekStart } from './calendar-dates';
import { dayHeading, dayOfMonth, monthTitle, onlineLink, siteName, timeRange, weekdayNames } from './calendar-format';
import { SITE_PALETTE, siteColour } from './site-colour';
import { entriesOfKind } from './use-calendar';

const entry = (id: number, starts_at: string, ends_at: string, over: Partial<CalendarEntry> = {}): CalendarEntry => ({
  kind: 'event',
  id,
  title: `Event ${id}`,
  title_bn: null,
  starts_at,
  ends_at,
  location: null,
  url: `http://dhaka.localhost:8080/events/${id}`,
  site: { id: 2, slug: 'dhaka', institution_name: 'ঢাকা কলেজ', institution_name_en: 'Dhaka College' },
  ...over,
});

describe('the weeks a month shows', () => {
  it('start on the Saturday on or before the 1st and end with the Friday on or after the last day', () => {
    // December 2026: the 1st is a Tuesday, the 31st a Thursday.
    const r = visibleRange({ year: 2026, month: 12 });
    expect(r.from).toBe('2026-11-28');
    expect(r.to).toBe('2027-01-02');
    expect(r.weeks).toHaveLength(5);
    expect(r.weeks[0]).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    expect(r.weeks.at(-1)!.at(-1)).toBe('2027-01-01');
    for (const week of r.weeks) {
      expect(weekdayOf(week[0])).toBe(6);
      expect(weekdayOf(week[6])).toBe(5);
    }
  });

  it('are four for a February from Saturday to Friday, six for a 31-day month from a Friday', () => {
    const feb = visibleRange({ year: 2025, month: 2 });
    expect([feb.from, feb.to, feb.weeks.length]).toEqual(['2025-02-01', '2025-03-01', 4]);
    const may = visibleRange({ year: 2026, month: 5 });
    expect([may.from, may.to, may.weeks.length]).toEqual(['2026-04-25', '2026-06-06', 6]);
  });

  it('move by months across years, and read ?month= or fall back to the current month', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 3 }, -15)).toEqual({ year: 2024, month: 12 });
    expect(monthParam({ year: 2026, month: 3 })).toBe('2026-03');
    expect(parseMonthParam('2027-02', '2026-12-15')).toEqual({ year: 2027, month: 2 });
    for (const bad of [null, '', '2026-13', '2026-00', '26-01', '2026-1', 'december']) expect(parseMonthParam(bad, '2026-12-15'), String(bad)).toEqual({ year: 2026, month: 12 });
    expect(weekStart('2026-12-12')).toBe('2026-12-12');
    expect(weekStart('2026-12-18')).toBe('2026-12-12');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });
});

describe('the Dhaka days of entries', () => {
  it('turn at midnight in Dhaka (18:00 UTC), whatever the browser’s time zone', () => {
    expect(dhakaDay('2026-12-12T17:59:59Z')).toBe('2026-12-12');
    expect(dhakaDay('2026-12-12T18:00:00Z')).toBe('2026-12-13');
    expect(dhakaDay('2026-12-31T20:00:00+00:00')).toBe('2027-01-01');
    expect(dhakaDay('not a time')).toBeNull();
    expect(todayInDhaka(Date.parse('2026-12-14T23:30:00Z'))).toBe('2026-12-15');
  });

  it('cover each day an entry overlaps, not the next day when it ends at midnight', () => {
    // 22:00 to 01:00 Dhaka time.
    expect(entryDays(entry(1, '2026-12-12T16:00:00Z', '2026-12-12T19:00:00Z'))).toEqual(['2026-12-12', '2026-12-13']);
    // 18:00 to midnight Dhaka time.
    expect(entryDays(entry(2, '2026-12-12T12:00:00Z', '2026-12-12T18:00:00Z'))).toEqual(['2026-12-12']);
    // Three days, clipped to the range asked.
    const fair = entry(3, '2026-11-29T03:00:00Z', '2026-12-01T11:00:00Z');
    expect(entryDays(fair)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(entryDays(fair, '2026-11-30', '2026-12-01')).toEqual(['2026-11-30']);
    // An end not after the start: the start's day.
    expect(entryDays(entry(4, '2026-12-12T04:00:00Z', '2026-12-12T04:00:00Z'))).toEqual(['2026-12-12']);
  });

  it('group by day in order, each day’s entries by start, an entry of several days on each of them', () => {
    const late = entry(1, '2026-12-12T10:00:00Z', '2026-12-12T11:00:00Z');
    const early = entry(2, '2026-12-12T03:00:00Z', '2026-12-12T05:00:00Z');
    const overnight = entry(3, '2026-12-13T16:00:00Z', '2026-12-13T19:00:00Z');
    const outside = entry(4, '2027-01-05T03:00:00Z', '2027-01-05T05:00:00Z');
    const groups = groupByDay([overnight, late, outside, early], '2026-12-01', '2027-01-01');
    expect(groups.map((g) => [g.day, g.entries.map((e) => e.id)])).toEqual([
      ['2026-12-12', [2, 1]],
      ['2026-12-13', [3]],
      ['2026-12-14', [3]],
    ]);
  });

  it('are filtered to a kind on the per-kind pages (only events exist today)', () => {
    const list = [entry(1, '2026-12-12T03:00:00Z', '2026-12-12T05:00:00Z')];
    expect(entriesOfKind(list, undefined)).toHaveLength(1);
    expect(entriesOfKind(list, 'exam')).toHaveLength(0);
  });

  it('lets everyone signed in open the per-kind pages under /course and /exam', () => {
    for (const cls of ['learner', 'partner', 'super'] as const) {
      for (const path of ['/calendar/show', '/course/calendar/show', '/exam/calendar/show', '/training/calendar/show']) expect(canOpen(path, cls), `${cls} ${path}`).toBe(true);
    }
    expect(canOpen('/course/create', 'learner')).toBe(false);
  });
});

describe('the calendar’s words', () => {
  it('are Bangla month and day names with Bangla digits, the week from Saturday', () => {
    expect(monthTitle({ year: 2026, month: 12 }, 'bn')).toBe('ডিসেম্বর ২০২৬');
    expect(monthTitle({ year: 2026, month: 12 }, 'en')).toBe('December 2026');
    expect(weekdayNames('bn').map((d) => d.short)).toEqual(['শনি', 'রবি', 'সোম', 'মঙ্গল', 'বুধ', 'বৃহস্পতি', 'শুক্র']);
    expect(weekdayNames('en')[0]).toEqual({ short: 'Sat', long: 'Saturday' });
    expect(dayOfMonth('2026-12-05', 'bn')).toBe('৫');
    expect(dayHeading('2026-12-12', 'bn')).toBe('শনিবার ১২ ডিসেম্বর');
  });

  it('give the hours in Dhaka time, with the days when an entry spans several', () => {
    expect(timeRange(entry(1, '2026-12-12T04:00:00Z', '2026-12-12T07:30:00Z'), 'en')).toBe('10:00–13:30');
    expect(timeRange(entry(1, '2026-12-12T04:00:00Z', '2026-12-12T07:30:00Z'), 'bn')).toBe('১০:০০–১৩:৩০');
    expect(timeRange(entry(1, '2026-12-12T04:00:00Z', '2026-12-14T11:00:00Z'), 'en')).toMatch(/^12 Dec, 10:00\s–\s14 Dec, 17:00$/);
  });

  it('name the site in the language and tell an online link from a venue', () => {
    const e = entry(1, '2026-12-12T04:00:00Z', '2026-12-12T07:30:00Z');
    expect(siteName(e, 'bn')).toBe('ঢাকা কলেজ');
    expect(siteName(e, 'en')).toBe('Dhaka College');
    expect(onlineLink('https://meet.example.org/x')?.host).toBe('meet.example.org');
    expect(onlineLink('Room 4, Dhaka College')).toBeNull();
    expect(onlineLink(null)).toBeNull();
  });
});

describe('the sites’ colours', () => {
  it('are the same for a slug every time, from the palette', () => {
    expect(siteColour('dhaka')).toBe(siteColour('dhaka'));
    expect(SITE_PALETTE).toContain(siteColour('rajshahi'));
    const slugs = ['dhaka', 'rajshahi', 'chittagong', 'sylhet', 'khulna', 'barisal', 'rangpur', 'mymensingh'];
    expect(new Set(slugs.map(siteColour)).size).toBeGreaterThan(4);
  });

  it('carry white text at a contrast of 4.5:1 at least', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const c of SITE_PALETTE) expect(1.05 / (lum(c) + 0.05), c).toBeGreaterThanOrEqual(4.5);
  });
});
