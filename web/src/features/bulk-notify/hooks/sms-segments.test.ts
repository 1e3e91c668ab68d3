import { describe, expect, it } from 'vitest';
import { SMS_MAX_PARTS, smsCount } from './sms-segments';

const parts = (text: string) => smsCount(text).parts;

describe('the SMS part counter (the contract’s rule, as the server counts)', () => {
  it('takes no part for an empty text', () => {
    expect(smsCount('')).toEqual({ encoding: 'gsm7', length: 0, parts: 0, perPart: 160 });
  });

  it('counts GSM-7 text in 160 septets, 153 each once split', () => {
    expect(smsCount('a'.repeat(160))).toEqual({ encoding: 'gsm7', length: 160, parts: 1, perPart: 160 });
    expect(smsCount('a'.repeat(161))).toEqual({ encoding: 'gsm7', length: 161, parts: 2, perPart: 153 });
    expect(parts('a'.repeat(306))).toBe(2);
    expect(parts('a'.repeat(307))).toBe(3);
    expect(parts('a'.repeat(153 * 6))).toBe(6);
    expect(parts('a'.repeat(153 * 6 + 1))).toBe(7);
    // The alphabet's own accented letters, digits, new lines and signs stay GSM.
    expect(smsCount('Café £5 @ 10:00\nÆ Ø Å é ñ ü ¿¡').encoding).toBe('gsm7');
  });

  it('counts a character of the extension table twice', () => {
    expect(smsCount('€')).toMatchObject({ encoding: 'gsm7', length: 2, parts: 1 });
    expect(parts('€'.repeat(80))).toBe(1);
    expect(parts('€'.repeat(81))).toBe(2);
    expect(smsCount('{[~]}|^\\').length).toBe(16);
    expect(smsCount(`${'a'.repeat(159)}{`)).toMatchObject({ length: 161, parts: 2 });
  });

  it('counts Bangla (or any other character) as UCS-2: 70, 67 each once split', () => {
    expect(smsCount('ক'.repeat(70))).toEqual({ encoding: 'ucs2', length: 70, parts: 1, perPart: 70 });
    expect(smsCount('ক'.repeat(71))).toEqual({ encoding: 'ucs2', length: 71, parts: 2, perPart: 67 });
    expect(parts('ক'.repeat(134))).toBe(2);
    expect(parts('ক'.repeat(135))).toBe(3);
    expect(parts(`${'ক'.repeat(133)}a`)).toBe(2);
    // One Bangla letter makes the whole text UCS-2.
    expect(smsCount(`${'a'.repeat(69)}ক`)).toMatchObject({ encoding: 'ucs2', length: 70, parts: 1 });
    expect(smsCount(`${'a'.repeat(70)}ক`)).toMatchObject({ encoding: 'ucs2', length: 71, parts: 2 });
    // A character of another alphabet, a curly quote or an emoji (two UTF-16 units) too.
    expect(smsCount('“Hello”').encoding).toBe('ucs2');
    expect(smsCount('😀').length).toBe(2);
    expect(smsCount('ধন্যবাদ, আগামীকাল ক্লাস ১০টায়')).toMatchObject({ encoding: 'ucs2', parts: 1 });
  });

  it('allows six parts at most', () => {
    expect(SMS_MAX_PARTS).toBe(6);
    expect(parts('ক'.repeat(67 * 6))).toBe(6);
    expect(parts('ক'.repeat(67 * 6 + 1))).toBe(7);
  });
});
