import { describe, expect, it } from 'vitest';
import { testI18n as instance } from '../lib/test-render';

describe('plurals', () => {
  it('say "1 lesson" and "2 lessons" in English', async () => {
    const { t } = await instance('en');
    expect(t('learn:details.lessons_n', { count: 1 })).toBe('1 lesson');
    expect(t('learn:details.lessons_n', { count: 2 })).toBe('2 lessons');
    expect(t('learn:details.sections_n', { count: 1 })).toBe('1 section');
    expect(t('courses:list.lessons', { count: 0 })).toBe('0 lessons');
    expect(t('learn:reviews.count', { count: 1 })).toBe('1 review');
    expect(t('learn:search.count', { count: 1234 })).toBe('1,234 courses found');
    expect(t('learn:batches.seats_left', { left: '1', count: 1 })).toBe('1 of 1 seat left');
    expect(t('common:mui.stars', { count: 4.5 })).toBe('4.5 stars');
  });
  it('format the count in Bangla digits in Bangla', async () => {
    const { t } = await instance('bn');
    expect(t('learn:details.lessons_n', { count: 1 })).toBe('১টি পাঠ');
    expect(t('learn:details.lessons_n', { count: 12 })).toBe('১২টি পাঠ');
    expect(t('courses:people.total', { count: 0 })).toBe('০ জন শিক্ষার্থী');
    expect(t('dashboard:teaching.learners', { count: 3 })).toBe('৩ জন শিক্ষার্থী');
  });
});
