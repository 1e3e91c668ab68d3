import { describe, expect, it } from 'vitest';
import type { EventItem } from '../api/events-api';
import { eventItem } from '../test-fixtures';
import { dateLeaf, eventDescription, eventTitle, formatEventWhen, formatInstant, isInsider, mayRegister, mayReview, seatsOf } from './event-format';

const DHAKA = { timeZone: 'Asia/Dhaka' };

/** A career fair in Hall 2 until 13:30 Dhaka time, with no Bangla description, 90 seats left of 100. */
const event = (over: Partial<EventItem> = {}): EventItem =>
  eventItem({
    title: 'Career fair',
    title_bn: 'ক্যারিয়ার মেলা',
    description: 'Meet employers.',
    description_bn: null,
    ends_at: '2026-12-20T07:30:00Z',
    venue: 'Hall 2',
    online_link: null,
    capacity: 100,
    registered: 10,
    seats_left: 90,
    ...over,
  });

describe('event texts', () => {
  it('shows the title and description in the language, falling back to English', () => {
    expect(eventTitle(event(), 'bn')).toBe('ক্যারিয়ার মেলা');
    expect(eventTitle(event(), 'en')).toBe('Career fair');
    expect(eventTitle(event({ title_bn: null }), 'bn')).toBe('Career fair');
    expect(eventTitle(event({ title_bn: '  ' }), 'bn')).toBe('Career fair');
    expect(eventDescription(event(), 'bn')).toBe('Meet employers.');
    expect(eventDescription(event({ description_bn: 'নিয়োগকর্তাদের সাথে দেখা।' }), 'bn')).toBe('নিয়োগকর্তাদের সাথে দেখা।');
  });
  it('says the days and hours with Bangla digits in Bangla, the date once for one day', () => {
    const e = event();
    expect(formatEventWhen(e.starts_at, e.ends_at, 'en', DHAKA)).toBe('20 Dec 2026, 10:00–13:30');
    const bn = formatEventWhen(e.starts_at, e.ends_at, 'bn', DHAKA);
    expect(bn).toContain('২০');
    expect(bn).toContain('১০:০০');
    expect(bn).toContain('১৩:৩০');
    expect(bn).not.toMatch(/[0-9]/);
    const twoDays = formatEventWhen(e.starts_at, '2026-12-21T07:30:00Z', 'en', DHAKA);
    expect(twoDays).toContain('20 Dec 2026');
    expect(twoDays).toContain('21 Dec 2026');
    expect(formatEventWhen(e.starts_at, e.ends_at, 'en', { ...DHAKA, long: true })).toBe('Sun, 20 December 2026, 10:00–13:30');
    expect(formatInstant('2026-12-20T04:05:00Z', 'bn', 'Asia/Dhaka')).not.toMatch(/[0-9]/);
    expect(dateLeaf(e.starts_at, 'bn', 'Asia/Dhaka')).toEqual({ day: '২০', month: 'ডিসে' });
    expect(dateLeaf(e.starts_at, 'en', 'Asia/Dhaka')).toEqual({ day: '20', month: 'Dec' });
  });
  it('counts the seats left', () => {
    expect(seatsOf(event())).toEqual({ kind: 'left', n: 90 });
    expect(seatsOf(event({ seats_left: 0 }))).toEqual({ kind: 'full' });
    expect(seatsOf(event({ capacity: null, seats_left: null }))).toEqual({ kind: 'unlimited' });
  });
  it('offers registration, the insiders’ sections and the review form to the right people', () => {
    const reg = { id: 1, event_id: 3, user_id: 9, name: 'Sadia', email: null, phone: null, status: 'approved' as const, checked_in_at: null, ticket: 'EVT1.3.x', created_at: '' };
    expect(mayRegister(event())).toBe(true);
    expect(mayRegister(event({ seats_left: 0 }))).toBe(false);
    expect(mayRegister(event({ state: 'ended' }))).toBe(false);
    expect(mayRegister(event({ my_registration: reg }))).toBe(false);
    expect(isInsider(event())).toBe(false);
    expect(isInsider(event({ can_manage: true }))).toBe(true);
    expect(isInsider(event({ my_registration: reg }))).toBe(true);
    expect(isInsider(event({ my_registration: { ...reg, status: 'pending' } }))).toBe(false);
    expect(mayReview(event({ state: 'ended', my_registration: reg }))).toBe(false);
    expect(mayReview(event({ state: 'ended', my_registration: { ...reg, checked_in_at: '2026-12-20T04:10:00Z' } }))).toBe(true);
    expect(mayReview(event({ state: 'ongoing', my_registration: { ...reg, checked_in_at: '2026-12-20T04:10:00Z' } }))).toBe(false);
  });
});
