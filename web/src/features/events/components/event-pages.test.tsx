import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, href, json, noop, render, stubFetch, tag, text } from '../../../lib/test-render';
import { checkIn, fetchEvents, registerForEvent, type EventItem, type Registration } from '../api/events-api';
import { eventKeys } from '../hooks/use-events';
import { eventItem } from '../test-fixtures';
import { CheckInTab } from './check-in-tab';
import { EventCard } from './event-card';
import EventPage from './event-page';
import { EventFallback } from './events-frame';

// Signed out unless a test signs someone in (a token, and their menu class).
const session = vi.hoisted(() => ({ token: null as string | null, menuClass: 'learner' as 'learner' | 'partner' }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => session.token,
  useCurrentUser: () => ({ token: session.token, isSignedIn: !!session.token, user: null, menuClass: session.menuClass, roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  session.token = null;
  session.menuClass = 'learner';
});

const registration = (over: Partial<Registration> = {}): Registration => ({
  id: 51,
  event_id: 3,
  user_id: 9,
  name: 'Sadia Islam',
  email: 'learner@example.com',
  phone: null,
  status: 'approved',
  checked_in_at: null,
  ticket: 'EVT1.3.k9Qz7wXa',
  created_at: '2026-12-01T04:00:00Z',
  ...over,
});

const event = eventItem;

/** The event page of `e` as the current session sees it (its details already loaded). */
function eventPage(e: EventItem, lang: 'en' | 'bn' = 'bn') {
  const qc = new QueryClient();
  qc.setQueryData(eventKeys.oneFor(e.id, session.token), e);
  return render(lang, <EventPage />, { qc, at: `/events/${e.id}`, path: '/events/:id' });
}

describe('an event’s card', () => {
  it('shows the Bangla title, the days in Bangla digits, Online, the seats left and the caller’s registration', async () => {
    const html = await render('bn', <EventCard event={event({ my_registration: registration() })} />);
    const shown = text(html);
    expect(shown).toContain('ভর্তি ওরিয়েন্টেশন');
    expect(shown).toContain('অনলাইন');
    expect(shown).toContain('২টি আসন বাকি');
    expect(shown).toContain('নিবন্ধিত');
    expect(shown).toMatch(/২০\s/);
    expect(shown).not.toMatch(/[0-9]/);
    expect(href(html, 'event-card') ?? /href="([^"]*)"/.exec(html)?.[1]).toBe('/events/3');
    expect(tag(html, 'edit-event')).toBe('');
  });
  it('falls back to the English title, says Full, and gives a manager the editor', async () => {
    const html = await render('bn', <EventCard event={event({ title_bn: null, seats_left: 0, can_manage: true, published: false, venue: 'Hall 2' })} />);
    const shown = text(html);
    expect(shown).toContain('Admission orientation');
    expect(shown).toContain('আসন পূর্ণ');
    expect(shown).toContain('Hall 2');
    expect(shown).toContain('খসড়া');
    expect(href(html, 'edit-event')).toBe('/events/edit/3');
  });
});

describe('an event’s page', () => {
  it('asks a visitor to sign in and come back, and offers the calendar file', async () => {
    const html = await eventPage(event());
    expect(text(html)).toContain('এই ইভেন্টে নিবন্ধন করতে লগইন করুন।');
    expect(href(html, 'sign-in-to-register')).toBe('/login?redirect=%2Fevents%2F3');
    expect(href(html, 'add-to-calendar')).toBe('/event/ics/3');
    // The joining link is for registered people.
    expect(tag(html, 'event-online-link')).toBe('');
    expect(tag(html, 'insiders-note')).not.toBe('');
  });
  it('offers Register to someone signed in, and says Full when no seat is left', async () => {
    session.token = 'tok';
    expect(tag(await eventPage(event()), 'register')).toContain('<button');
    const full = await eventPage(event({ seats_left: 0 }));
    expect(tag(full, 'register')).toBe('');
    expect(tag(full, 'register-full')).toContain('disabled');
  });
  it('shows an approved registrant the ticket with its text, the joining link and the insiders’ sections', async () => {
    session.token = 'tok';
    const html = await eventPage(event({ my_registration: registration() }));
    expect(tag(html, 'event-ticket')).toContain('data-ticket="EVT1.3.k9Qz7wXa"');
    expect(text(html)).toContain('EVT1.3.k9Qz7wXa');
    expect(text(html)).toContain('Sadia Islam');
    expect(href(html, 'event-online-link')).toBe('https://meet.example.org/orientation');
    expect(tag(html, 'event-materials')).not.toBe('');
    expect(tag(html, 'event-discussions')).not.toBe('');
    expect(tag(html, 'cancel-registration')).toContain('<button');
  });
  it('tells a pending registrant to wait, without a ticket', async () => {
    session.token = 'tok';
    const html = await eventPage(event({ registration: 'approval', my_registration: registration({ status: 'pending', ticket: null }) }), 'en');
    expect(tag(html, 'registration-state')).toContain('data-status="pending"');
    expect(text(html)).toContain('Your registration is pending approval by the organisers.');
    expect(tag(html, 'event-ticket')).toBe('');
  });
  it('offers the review form after the event to someone who was checked in', async () => {
    session.token = 'tok';
    const ended = event({ state: 'ended', my_registration: registration({ checked_in_at: '2026-12-20T04:05:00Z' }) });
    expect(tag(await eventPage(ended, 'en'), 'review-form')).not.toBe('');
    expect(tag(await eventPage({ ...ended, my_registration: registration() }, 'en'), 'review-form')).toBe('');
  });
});

describe('an event’s page before the event is there', () => {
  it('shows placeholders while the event loads', async () => {
    const html = await render('en', <EventPage />, { at: '/events/3', path: '/events/:id' });
    expect(tag(html, 'event-page')).toContain('data-loading="true"');
    expect(text(html)).toContain('All events');
  });
  it('says the event was not found for a 404, and offers Retry for another error', async () => {
    const gone = await render('en', <EventFallback query={{ isLoading: false, error: new ApiError(404, 'Not found', 'not_found', {}), refetch: noop }} notFound="No such event." heights={[1, 2]} />);
    expect(text(gone)).toContain('No such event.');
    const failed = await render('en', <EventFallback query={{ isLoading: false, error: new ApiError(500, 'HTTP 500', null, {}), refetch: noop }} notFound="No such event." heights={[1, 2]} />);
    expect(text(failed)).not.toContain('No such event.');
    expect(failed).toContain('<button');
  });
});

describe('the check-in tab', () => {
  it('has the camera button and a labelled field for a ticket typed by hand', async () => {
    const html = await render('bn', <CheckInTab event={event({ can_manage: true })} />);
    expect(tag(html, 'camera-start')).toContain('<button');
    expect(html).toMatch(/<label[^>]*for="ticket-code"[^>]*>টিকিট কোড/);
    expect(tag(html, 'check-in-submit')).toContain('disabled');
  });
});

describe('the events API', () => {
  it('asks for a page of upcoming events, drafts included for managers', async () => {
    const mock = stubFetch(() => json({ data: [], current_page: 1, last_page: 1, per_page: 12, total: 0 }));
    await fetchEvents({ page: 2, limit: 12, search: 'মেলা', when: 'upcoming', manage: true });
    const [url] = fetchCall(mock);
    const q = new URL(url, 'http://x').searchParams;
    expect(new URL(url, 'http://x').pathname).toBe('/event/all');
    expect(Object.fromEntries(q)).toEqual({ page: '2', limit: '12', search: 'মেলা', when: 'upcoming', manage: '1' });
    await fetchEvents({ when: 'past' });
    expect(fetchCall(mock, 1)[0]).toBe('/event/all?when=past');
  });
  it('registers, and checks a ticket in at its event', async () => {
    const mock = stubFetch(() => json({ data: registration() }, 201));
    await registerForEvent(3);
    expect(fetchCall(mock)[0]).toBe('/event/register/3');
    expect(fetchCall(mock)[1].method).toBe('POST');
    await checkIn(3, 'EVT1.3.k9Qz7wXa');
    const [url, init] = fetchCall(mock, 1);
    expect(url).toBe('/event/check-in');
    expect(JSON.parse(String(init.body))).toEqual({ event_id: 3, ticket: 'EVT1.3.k9Qz7wXa' });
  });
});
