import { describe, expect, it } from 'vitest';
import { formatTaka, parseTaka, takaInput } from './money';

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

describe('formatTaka fixed', () => {
  it('always shows two decimals for columns of amounts, negative ones too', () => {
    expect(formatTaka(150_000, 'en', true)).toBe('৳1,500.00');
    expect(formatTaka(150_000, 'bn', true)).toBe('১,৫০০.০০৳');
    expect(formatTaka(-2_550, 'en', true)).toBe('-৳25.50');
  });
});

describe('parseTaka and takaInput', () => {
  it('reads taka as typed into poisha, exactly', () => {
    expect(parseTaka('1500')).toBe(150_000);
    expect(parseTaka('1,500.5')).toBe(150_050);
    expect(parseTaka('১৫০০.০৫')).toBe(150_005);
    expect(parseTaka(' ৳ 0.1 ')).toBe(10);
    expect(parseTaka('0')).toBe(0);
    // 0.29 * 100 is 28.999… in floating point: read as digits, it is 29 poisha.
    expect(parseTaka('0.29')).toBe(29);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '.5']) expect(parseTaka(bad), bad).toBeNull();
  });
  it('puts poisha back as taka to type over, in the interface’s digits', () => {
    expect(takaInput(150_000, 'en')).toBe('1500');
    expect(takaInput(150_050, 'bn')).toBe('১৫০০.৫০');
    expect(takaInput(5, 'en')).toBe('0.05');
    expect(takaInput(0, 'en')).toBe('');
    for (const p of [1, 29, 99_999, 123_456_789]) expect(parseTaka(takaInput(p, 'bn'))).toBe(p);
  });
});
