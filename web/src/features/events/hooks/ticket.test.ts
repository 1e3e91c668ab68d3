import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkInProblem, isFreshScan, parseTicket, SAME_TICKET_MS, ticketForEvent } from './ticket';

describe('parseTicket', () => {
  it('reads the event and the code of a ticket, trimmed', () => {
    expect(parseTicket('EVT1.42.aB3-x_9')).toEqual({ eventId: 42, code: 'aB3-x_9', text: 'EVT1.42.aB3-x_9' });
    expect(parseTicket('  EVT1.7.Zq9\n')).toEqual({ eventId: 7, code: 'Zq9', text: 'EVT1.7.Zq9' });
  });
  it('reads digits typed on a Bangla keyboard', () => {
    expect(parseTicket('EVT1.৪২.abc৯')).toEqual({ eventId: 42, code: 'abc9', text: 'EVT1.42.abc9' });
  });
  it('refuses what is not a ticket', () => {
    for (const raw of ['', '   ', null, undefined, 'EVT1.42', 'EVT1.42.', 'EVT1..abc', 'EVT2.42.abc', 'evt1.42.abc', 'EVT1.x.abc', 'EVT1.0.abc', 'EVT1.4 2.abc', 'EVT1.42.ab c', 'https://example.org/EVT1.42.abc']) {
      expect(parseTicket(raw), String(raw)).toBeNull();
    }
  });
});

describe('isFreshScan', () => {
  it('handles a new ticket at once and the same one again only after 3 s', () => {
    expect(isFreshScan(null, 'EVT1.1.a', 0)).toBe(true);
    const last = { text: 'EVT1.1.a', at: 10_000 };
    expect(isFreshScan(last, 'EVT1.1.a', 10_500)).toBe(false);
    expect(isFreshScan(last, 'EVT1.1.a', 10_000 + SAME_TICKET_MS - 1)).toBe(false);
    expect(isFreshScan(last, 'EVT1.1.a', 10_000 + SAME_TICKET_MS)).toBe(true);
    expect(isFreshScan(last, 'EVT1.1.b', 10_100)).toBe(true);
  });
});

describe('ticketForEvent', () => {
  it('takes a ticket of the event, or a bare code made into one', () => {
    expect(ticketForEvent(' EVT1.42.aB3x ', 42)?.text).toBe('EVT1.42.aB3x');
    expect(ticketForEvent('aB3x-9', 42)).toEqual({ eventId: 42, code: 'aB3x-9', text: 'EVT1.42.aB3x-9' });
  });
  it('refuses a ticket of another event and what is no code', () => {
    expect(ticketForEvent('EVT1.41.aB3x', 42)).toBeNull();
    for (const raw of ['', 'ab', 'two words', 'https://example.org', 'EVT1.42', 'EVT1']) expect(ticketForEvent(raw, 42), raw).toBeNull();
  });
});

describe('checkInProblem', () => {
  it('reads the refusal from the answer’s code or its ticket field, with the earlier time', () => {
    expect(checkInProblem(new ApiError(409, 'Used', 'already_checked_in', { checked_in_at: ['2026-12-20T04:10:00Z'] }))).toEqual({ code: 'already_checked_in', at: '2026-12-20T04:10:00Z' });
    expect(checkInProblem(new ApiError(422, 'Invalid', 'validation_failed', { ticket: ['invalid_ticket'] }))).toEqual({ code: 'invalid_ticket', at: null });
    expect(checkInProblem(new ApiError(422, 'Closed', 'check_in_closed', {}))).toEqual({ code: 'check_in_closed', at: null });
    expect(checkInProblem(new ApiError(409, 'Pending', 'not_approved', {}))).toEqual({ code: 'not_approved', at: null });
    expect(checkInProblem(new ApiError(422, 'Closed', 'validation_failed', { event_id: ['check_in_closed'] }))).toEqual({ code: 'check_in_closed', at: null });
    expect(checkInProblem(new ApiError(409, 'Used', 'already_checked_in', {}))).toEqual({ code: 'already_checked_in', at: null });
  });
  it('leaves other failures to the general error text', () => {
    expect(checkInProblem(new ApiError(403, 'No', 'forbidden', {}))).toBeNull();
    expect(checkInProblem(new ApiError(422, 'Bad', 'validation_failed', { ticket: ['The ticket is not valid.'] }))).toBeNull();
    expect(checkInProblem(new Error('x'))).toBeNull();
  });
});
