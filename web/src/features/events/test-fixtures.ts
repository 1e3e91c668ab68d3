// What the events' tests share (the app does not import this module): an event as the API gives it.
import type { EventItem } from './api/events-api';

/**
 * Event 3, an online admission orientation on 20 December 2026 (04:00-07:00 UTC), published and
 * open, 8 registered and 2 seats left of 10, not yet reviewed; `over` changes what a test needs.
 */
export const eventItem = (over: Partial<EventItem> = {}): EventItem => ({
  id: 3,
  title: 'Admission orientation',
  title_bn: 'ভর্তি ওরিয়েন্টেশন',
  description: 'What the first year holds.',
  description_bn: 'প্রথম বর্ষে কী কী থাকছে।',
  starts_at: '2026-12-20T04:00:00Z',
  ends_at: '2026-12-20T07:00:00Z',
  venue: null,
  online_link: 'https://meet.example.org/orientation',
  capacity: 10,
  registration: 'open',
  published: true,
  state: 'upcoming',
  registered: 8,
  pending: 0,
  seats_left: 2,
  rating: null,
  reviews: 0,
  can_manage: false,
  my_registration: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...over,
});
