import { describe, expect, it } from 'vitest';
import { basisPointsInput, formatBasisPoints, formatPercent, formatQuantity, parseQuantity, percentToBasisPoints, quantityInput } from './training-numbers';

describe('the tax rate: a percentage typed, basis points kept', () => {
  it('reads a percentage with up to two decimals as basis points, exactly', () => {
    expect(percentToBasisPoints('10')).toBe(1000);
    expect(percentToBasisPoints('7.5')).toBe(750);
    expect(percentToBasisPoints('12.55 %')).toBe(1255);
    expect(percentToBasisPoints('০.২৯')).toBe(29);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
    // 4.35 * 100 is 434.99… in floating point: read as digits, it is 435.
    expect(percentToBasisPoints('4.35')).toBe(435);
  });
  it('refuses what is not a percentage from 0 to 100', () => {
    for (const bad of ['', 'ten', '100.01', '101', '1.234', '-1', '.5']) expect(percentToBasisPoints(bad), bad).toBeNull();
  });
  it('puts basis points back as a percentage to type over, and reads them back the same', () => {
    expect(basisPointsInput(1000, 'en')).toBe('10');
    expect(basisPointsInput(750, 'en')).toBe('7.5');
    expect(basisPointsInput(1255, 'bn')).toBe('১২.৫৫');
    expect(basisPointsInput(5, 'en')).toBe('0.05');
    for (const bp of [0, 1, 29, 750, 1000, 3333, 10_000]) expect(percentToBasisPoints(basisPointsInput(bp, 'bn'))).toBe(bp);
  });
  it('shows it with up to two decimals, in Bangla digits in Bangla', () => {
    expect(formatBasisPoints(1000, 'en')).toBe('10%');
    expect(formatBasisPoints(1255, 'en')).toBe('12.55%');
    expect(formatBasisPoints(750, 'bn')).toBe('৭.৫%');
    expect(formatPercent(80, 'bn')).toBe('৮০%');
  });
});

describe('quantities per person', () => {
  it('take up to three decimals, in either digits', () => {
    expect(parseQuantity('0.125')).toBe(0.125);
    expect(parseQuantity('১.৫')).toBe(1.5);
    expect(parseQuantity('2')).toBe(2);
    for (const bad of ['', 'x', '0.1234', '-1']) expect(parseQuantity(bad), bad).toBeNull();
    expect(quantityInput(0.1 + 0.2, 'en')).toBe('0.3');
    expect(quantityInput(0.25, 'bn')).toBe('০.২৫');
    expect(formatQuantity(3.5, 'bn')).toBe('৩.৫');
    expect(formatQuantity(1234.5678, 'en')).toBe('1,234.568');
  });
});
