import { describe, expect, it } from 'vitest';
import type { Course } from '../api/courses-api';
import { courseBody, courseValues, emptyCourseValues, hasTitle, stepOfField, stepProblems, SUMMARY_MAX } from './course-form';

describe('course form steps', () => {
  it('needs at least one title on the basics step', () => {
    const v = emptyCourseValues('bn');
    expect(stepProblems('basics', v)).toEqual([{ field: 'title_bn', problem: 'title_required' }]);
    expect(stepProblems('basics', { ...v, title_bn: '  ' })).toHaveLength(1);
    expect(stepProblems('basics', { ...v, title_bn: 'পাইথন প্রোগ্রামিং' })).toEqual([]);
    expect(stepProblems('basics', { ...v, title: 'Python' })).toEqual([]);
    expect(hasTitle({ title: '', title_bn: '' })).toBe(false);
  });

  it('limits the description lengths', () => {
    const v = emptyCourseValues('en');
    expect(stepProblems('description', v)).toEqual([]);
    expect(stepProblems('description', { ...v, summary: 'x'.repeat(SUMMARY_MAX + 1) })[0].field).toBe('summary');
    expect(stepProblems('description', { ...v, objectives: [{ text: 'y'.repeat(301) }] })[0].field).toBe('objectives');
    expect(stepProblems('media', v)).toEqual([]);
  });

  it('finds the step of a field the server refused', () => {
    expect(stepOfField('title')).toBe(0);
    expect(stepOfField('category_id')).toBe(0);
    expect(stepOfField('objectives.2')).toBe(1);
    expect(stepOfField('thumbnail')).toBe(2);
    expect(stepOfField('unknown')).toBe(0);
  });
});

describe('course body', () => {
  const base = { ...emptyCourseValues('bn'), title_bn: ' গণিত ', category_id: '4', objectives: [{ text: ' one ' }, { text: '' }, { text: 'two' }] };

  it('trims texts, drops empty objectives and sends the category as a number', () => {
    expect(courseBody(base)).toEqual({
      title: '',
      title_bn: 'গণিত',
      category_id: 4,
      level: 'beginner',
      language: 'bn',
      summary: '',
      objectives: ['one', 'two'],
      course_type: 'course',
      enforce_order: false,
      teachers_only: false,
    });
    expect(courseBody({ ...base, category_id: '' }).category_id).toBeNull();
  });

  it('sends teachers_only (only verified teachers may enrol) as the switch is, and reads it back', () => {
    expect(emptyCourseValues('bn').teachers_only).toBe(false);
    expect(courseBody({ ...base, teachers_only: true })).toMatchObject({ teachers_only: true, enforce_order: false });
    // A certificate exam's body (no type) carries it too.
    expect(courseBody({ ...base, teachers_only: true }, null, false)).toHaveProperty('teachers_only', true);
    expect(courseValues({ title: 'Fractions', objectives: [] } as unknown as Course).teachers_only).toBe(false);
    expect(courseValues({ title: 'Fractions', objectives: [], teachers_only: true } as unknown as Course).teachers_only).toBe(true);
    // On the step of the thumbnail and the lesson order.
    expect(stepOfField('teachers_only')).toBe(2);
  });

  it('sends the thumbnail only when it changed', () => {
    const url = 'http://dhaka.localhost:8080/course/thumbnail/1.png';
    const data = 'data:image/png;base64,iVBORw0KGgo=';
    expect(courseBody({ ...base, thumbnail: data })).toHaveProperty('thumbnail', data);
    expect(courseBody({ ...base, thumbnail: url }, url)).not.toHaveProperty('thumbnail');
    expect(courseBody({ ...base, thumbnail: null }, url)).toHaveProperty('thumbnail', null);
    expect(courseBody({ ...base, thumbnail: null }, null)).not.toHaveProperty('thumbnail');
  });
});
