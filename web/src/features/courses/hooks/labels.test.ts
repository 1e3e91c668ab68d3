import { describe, expect, it } from 'vitest';
import enCourses from '../../../i18n/locales/en/courses.json';
import bnCourses from '../../../i18n/locales/bn/courses.json';
import enErrors from '../../../i18n/locales/en/errors.json';
import bnErrors from '../../../i18n/locales/bn/errors.json';
import { COURSE_LANGUAGES, COURSE_TYPES, LESSON_TYPES, LEVELS } from '../api/courses-api';

/** The authoring error codes of docs/api-courses.md. */
const AUTHORING_CODES = [
  'title_required',
  'invalid_category',
  'invalid_level',
  'invalid_language',
  'invalid_image',
  'course_has_enrolments',
  'course_has_no_lessons',
  'invalid_lesson_type',
  'lesson_type_not_available',
  'invalid_url',
  'invalid_file',
  'invalid_order',
  'invalid_date',
  'end_before_start',
  'invalid_limit',
  'batch_has_enrolments',
  'batch_full',
  'already_enrolled',
];

describe('course labels', () => {
  it('name every level, language, type and lesson type in both languages', () => {
    for (const cat of [enCourses, bnCourses]) {
      for (const l of LEVELS) expect(cat.levels[l], l).toBeTruthy();
      for (const l of COURSE_LANGUAGES) expect(cat.languages[l], l).toBeTruthy();
      for (const c of COURSE_TYPES) expect(cat.types[c], c).toBeTruthy();
      for (const t of LESSON_TYPES) expect(cat.lesson_types[t], t).toBeTruthy();
    }
    expect(bnCourses.lesson_types.video).not.toBe(enCourses.lesson_types.video);
    expect(bnCourses.templates.sample_name).toBe('মোঃ আবদুল করিম');
    expect(enCourses.templates.sample_name).toBe('Abdul Karim');
  });

  it('translate every authoring error code', () => {
    for (const code of AUTHORING_CODES) {
      expect((enErrors as Record<string, unknown>)[code], code).toBeTruthy();
      expect((bnErrors as Record<string, unknown>)[code], code).toBeTruthy();
      expect((bnErrors as Record<string, unknown>)[code]).not.toBe((enErrors as Record<string, unknown>)[code]);
    }
  });
});
