import { describe, expect, it } from 'vitest';
import { categoryTitle, compactCount, formatDay, formatRating, institutionName, localName, localSlogan, localTitle, otherTitle } from './course-text';

const units = { thousand: 'K', lakh: ' Lakh', million: 'M', billion: 'B' };

describe('course texts in the interface language', () => {
  it('shows title_bn in Bangla and title in English', () => {
    const c = { title: 'Bangla Grammar', title_bn: 'বাংলা ব্যাকরণ' };
    expect(localTitle(c, 'bn')).toBe('বাংলা ব্যাকরণ');
    expect(localTitle(c, 'en')).toBe('Bangla Grammar');
  });
  it('falls back to the other language when one title is missing or blank', () => {
    expect(localTitle({ title: 'Only English', title_bn: '' }, 'bn')).toBe('Only English');
    expect(localTitle({ title: 'Only English', title_bn: null }, 'bn')).toBe('Only English');
    expect(localTitle({ title: '  ', title_bn: 'শুধু বাংলা' }, 'en')).toBe('শুধু বাংলা');
    expect(localTitle({ title_bn: 'শুধু বাংলা' }, 'en')).toBe('শুধু বাংলা');
    expect(localTitle(null, 'en')).toBe('');
  });
  it('applies the same rule to categories, batches and institutions', () => {
    expect(categoryTitle({ title: 'Science', bn_title: 'বিজ্ঞান' }, 'bn')).toBe('বিজ্ঞান');
    expect(categoryTitle({ title: 'Science', bn_title: null }, 'bn')).toBe('Science');
    expect(localName({ name: 'Batch 1', name_bn: 'ব্যাচ ১' }, 'en')).toBe('Batch 1');
    const inst = { institution_name: 'ঢাকা কলেজ', institution_name_en: 'Dhaka College' };
    expect(institutionName(inst, 'bn')).toBe('ঢাকা কলেজ');
    expect(institutionName(inst, 'en')).toBe('Dhaka College');
    expect(institutionName({ institution_name: 'ঢাকা কলেজ', institution_name_en: '' }, 'en')).toBe('ঢাকা কলেজ');
  });
  it('shows people, slogans and the other language the same way', () => {
    expect(localName({ name: 'Rahim', name_bn: 'রহিম' }, 'bn')).toBe('রহিম');
    expect(localName({ name: 'Rahim', name_bn: null }, 'bn')).toBe('Rahim');
    expect(localName({ name: 'Rahim' }, 'en')).toBe('Rahim');
    expect(localSlogan({ slogan_en: 'Learn', slogan_bn: 'শিখুন' }, 'bn')).toBe('শিখুন');
    expect(localSlogan({ slogan_en: 'Learn', slogan_bn: '' }, 'bn')).toBe('Learn');
    expect(localSlogan({ slogan_en: '', slogan_bn: 'শিখুন' }, 'en')).toBe('শিখুন');
    expect(otherTitle({ title: 'Grammar', title_bn: 'ব্যাকরণ' }, 'bn')).toBe('Grammar');
    expect(otherTitle({ title: 'Grammar', title_bn: '' }, 'bn')).toBe('');
    expect(otherTitle({ title: '', title_bn: 'ব্যাকরণ' }, 'bn')).toBe('');
  });
  it('abbreviates counts at thousand, lakh, million and billion with one decimal', () => {
    expect(compactCount(999, 'en', units)).toBe('999');
    expect(compactCount(1500, 'en', units)).toBe('1.5K');
    expect(compactCount(99_999, 'en', units)).toBe('99.9K');
    expect(compactCount(250_000, 'en', units)).toBe('2.5 Lakh');
    expect(compactCount(3_000_000, 'en', units)).toBe('3M');
    expect(compactCount(120_000_000, 'en', units)).toBe('1.2B');
    expect(compactCount(1500, 'bn', units)).toBe('১.৫K');
  });
  it('formats ratings and days with the language digits', () => {
    expect(formatRating(4.25, 'en')).toBe('4.3');
    expect(formatRating(4, 'bn')).toBe('৪.০');
    expect(formatDay('2026-03-05', 'en')).toBe('5 Mar 2026');
    expect(formatDay('2026-03-05', 'bn')).toMatch(/২০২৬/);
    expect(formatDay(null, 'en')).toBe('');
  });
});
