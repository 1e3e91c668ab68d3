import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-datetime';

describe('datetime-local values', () => {
  it('turns a datetime-local value (local time) into RFC 3339 UTC and back', () => {
    const iso = fromLocalInput('2026-03-26T10:30');
    expect(iso).toBe(new Date(2026, 2, 26, 10, 30).toISOString().replace('.000Z', 'Z'));
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(toLocalInput(iso)).toBe('2026-03-26T10:30');
    expect(toLocalInput(new Date(2026, 11, 20, 10, 0))).toBe('2026-12-20T10:00');
  });
  it('reads Bangla digits, and refuses a day that does not exist or nothing', () => {
    expect(fromLocalInput('২০২৬-০৩-২৬T১০:৩০')).toBe(fromLocalInput('2026-03-26T10:30'));
    expect(fromLocalInput('2026-02-31T10:00')).toBeNull();
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput('nonsense')).toBe('');
    expect(toLocalInput(null)).toBe('');
  });
});
