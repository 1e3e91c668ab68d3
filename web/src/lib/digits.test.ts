import { describe, expect, it } from 'vitest';
import { asciiDigits, localDigits, parseDecimal, parseWhole } from './digits';

describe('digits', () => {
  it('reads Bangla digits as ASCII and leaves the rest', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(asciiDigits('১২/০৩/২০২৬ ১০:৩০')).toBe('12/03/2026 10:30');
    expect(asciiDigits('abc 12')).toBe('abc 12');
  });

  it('writes Bangla digits only in Bangla', () => {
    expect(localDigits('45.5', 'bn')).toBe('৪৫.৫');
    expect(localDigits('45.5', 'en')).toBe('45.5');
  });

  it('parses whole numbers and decimals in either script', () => {
    expect(parseWhole(' ৬০ ')).toBe(60);
    expect(parseWhole('1২')).toBe(12);
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('1.5')).toBeNull();
    expect(parseWhole('-1')).toBeNull();
    expect(parseDecimal('৪০.৫')).toBe(40.5);
    expect(parseDecimal('.25')).toBe(0.25);
    expect(parseDecimal('1.255')).toBeNull();
    expect(parseDecimal('x')).toBeNull();
  });
});
