import { describe, expect, it } from 'vitest';
import { formatNumber, formatYear, langId, normalizeLang } from './lang';

describe('language helpers', () => {
  it('maps languages to ids 1 and 2', () => {
    expect(langId('en')).toBe(1);
    expect(langId('bn')).toBe(2);
    expect(normalizeLang('2')).toBe('bn');
    expect(normalizeLang('en-US')).toBe('en');
    expect(normalizeLang('fr')).toBeNull();
  });
  it('uses Bangla digits in Bangla', () => {
    expect(formatNumber(2026, 'bn')).toMatch(/^[২০৬,]+$/);
    expect(formatYear(2026, 'bn')).toBe('২০২৬');
    expect(formatYear(2026, 'en')).toBe('2026');
  });
});
