import { describe, expect, it } from 'vitest';
import { isFreshScan, parseTicket, SAME_TICKET_MS } from './ticket';

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
