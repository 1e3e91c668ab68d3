import { describe, expect, it } from 'vitest';
import { formatTaka } from './money';

describe('formatTaka', () => {
  it('shows whole taka without decimals, in Bangla digits in Bangla', () => {
    expect(formatTaka(150_000, 'en')).toBe('৳1,500');
    expect(formatTaka(150_000, 'bn')).toBe('১,৫০০৳');
    expect(formatTaka(15_000_000, 'bn')).toBe('১,৫০,০০০৳');
  });
  it('shows the paisa when there are some', () => {
    expect(formatTaka(150_050, 'en')).toBe('৳1,500.50');
    expect(formatTaka(150_005, 'bn')).toBe('১,৫০০.০৫৳');
    expect(formatTaka(5, 'en')).toBe('৳0.05');
  });
});
