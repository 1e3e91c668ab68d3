import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { toLocalInput } from '../../../lib/local-datetime';
import { eventItem } from '../test-fixtures';
import { emptyEventValues, eventBody, eventProblems, eventValues, parseCapacity, serverFieldErrors, type EventFormValues } from './event-form';

const values = (over: Partial<EventFormValues> = {}): EventFormValues => ({
  ...emptyEventValues(new Date(2026, 11, 1, 9, 30)),
  title: 'Orientation',
  venue: 'Hall 1',
  ...over,
});

describe('event form', () => {
  it('starts a new event tomorrow at 10:00 for two hours, open and published', () => {
    const v = emptyEventValues(new Date(2026, 11, 1, 9, 30));
    expect([v.starts_at, v.ends_at, v.registration, v.published, v.capacity]).toEqual(['2026-12-02T10:00', '2026-12-02T12:00', 'open', true, '']);
  });
  it('finds what the server would refuse', () => {
    expect(eventProblems(values())).toEqual({});
    expect(eventProblems(values({ title: '  ' })).title).toBe('required');
    expect(eventProblems(values({ title: 'x'.repeat(201) })).title).toBe('too_long');
    expect(eventProblems(values({ ends_at: values().starts_at })).ends_at).toBe('ends_before_start');
    expect(eventProblems(values({ starts_at: '' })).starts_at).toBe('required');
    expect(eventProblems(values({ venue: '', online_link: '' })).venue).toBe('venue_or_link');
    expect(eventProblems(values({ venue: '', online_link: 'meet.example.org/x' })).online_link).toBe('invalid_url');
    expect(eventProblems(values({ venue: '', online_link: 'https://meet.example.org/x' }))).toEqual({});
    for (const capacity of ['0', '1000001', 'ten', '-3', '2.5']) expect(eventProblems(values({ capacity })).capacity, capacity).toBe('out_of_range');
    for (const capacity of ['', '1', '২', '1000000']) expect(eventProblems(values({ capacity })).capacity, capacity).toBeUndefined();
  });
  it('builds the EventInput: trimmed, empty texts null, capacity a number or null', () => {
    const body = eventBody(values({ title: ' Orientation ', title_bn: ' ', capacity: '২', online_link: ' ', registration: 'approval', published: false }));
    expect(body).toMatchObject({ title: 'Orientation', title_bn: null, description: '', description_bn: null, venue: 'Hall 1', online_link: null, capacity: 2, registration: 'approval', published: false });
    expect(body.starts_at).toMatch(/Z$/);
    expect(eventBody(values()).capacity).toBeNull();
    expect(parseCapacity(' ১২ ')).toBe(12);
  });
  it('puts a saved event back into the form, its capacity in Bangla digits in Bangla', () => {
    const v = eventValues(
      eventItem({ title: 'Fair', title_bn: null, description: '', description_bn: null, online_link: 'https://meet.example.org/x', capacity: 25, registration: 'approval', published: false }),
      'bn',
    );
    expect(v).toMatchObject({ title: 'Fair', title_bn: '', venue: '', online_link: 'https://meet.example.org/x', capacity: '২৫', registration: 'approval', published: false });
    expect(v.starts_at).toBe(toLocalInput('2026-12-20T04:00:00Z'));
  });
  it('words the server’s field codes, and keeps its own words otherwise', () => {
    const err = new ApiError(422, 'Invalid', 'validation_failed', { capacity: ['below_registered'], venue: ['required'], title: ['The title is too long.'], other: ['x'] });
    const out = serverFieldErrors(err, (field, code) => (code === 'required' && field === 'venue' ? 'Venue or link' : code === 'below_registered' ? 'Below' : null));
    expect(out).toEqual({ capacity: 'Below', venue: 'Venue or link', title: 'The title is too long.' });
    const single = new ApiError(422, 'Lower', 'below_registered', { capacity: ['Cannot go below 3.'] });
    expect(serverFieldErrors(single, (_f, code) => (code === 'below_registered' ? 'Below' : null))).toEqual({ capacity: 'Below' });
    expect(serverFieldErrors(new Error('x'), () => null)).toEqual({});
  });
});
