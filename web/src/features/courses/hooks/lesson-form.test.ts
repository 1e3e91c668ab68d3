import { describe, expect, it } from 'vitest';
import type { Lesson } from '../api/courses-api';
import { examMissing, htmlToText, lessonBody, lessonValues, textToHtml } from './lesson-form';

const lesson = (over: Partial<Lesson>): Lesson => ({
  id: 1,
  section_id: 1,
  title: 'A',
  title_bn: '',
  lesson_type: 'video',
  position: 1,
  duration_minutes: null,
  body: null,
  media_url: null,
  has_file: false,
  file_name: null,
  exam_id: null,
  exam_uuid: null,
  exam_published: null,
  ...over,
});

describe('lesson form', () => {
  it('keeps manual text as paragraphs and reads it back', () => {
    const text = 'First line\nsecond <b> & more\n\nNext paragraph';
    const html = textToHtml(text);
    expect(html).toBe('<p>First line<br>second &lt;b&gt; &amp; more</p><p>Next paragraph</p>');
    expect(htmlToText(html)).toBe(text);
    expect(htmlToText('<ul><li>a</li><li>b</li></ul>')).toBe('• a\n\n• b');
  });

  it('sends a link for media lessons, a body for manual ones', () => {
    const video = { ...lessonValues(null), title_bn: 'ভূমিকা', media_url: ' https://youtu.be/x ', duration_minutes: '12' };
    expect(lessonBody(video)).toEqual({ title: '', title_bn: 'ভূমিকা', lesson_type: 'video', media_url: 'https://youtu.be/x', body: null, duration_minutes: 12 });
    expect(lessonBody({ ...video, source: 'file' }).media_url).toBeNull();
    const manual = { ...video, lesson_type: 'manual' as const, body: 'Read this', duration_minutes: '' };
    expect(lessonBody(manual)).toMatchObject({ media_url: null, body: '<p>Read this</p>', duration_minutes: null });
  });

  it('opens an uploaded-file lesson on the file source', () => {
    const v = lessonValues(lesson({ lesson_type: 'audio', duration_minutes: 3, has_file: true, file_name: 'a.mp3' }));
    expect(v.source).toBe('file');
    expect(v.duration_minutes).toBe('3');
  });

  it('requires an exam for quiz and exam lessons, and sends only its id', () => {
    const quiz = { ...lessonValues(null), title: 'Check-up', lesson_type: 'quiz' as const, media_url: 'https://youtu.be/x', body: 'Left from a manual' };
    expect(examMissing(quiz)).toBe(true);
    expect(examMissing({ ...quiz, lesson_type: 'exam' })).toBe(true);
    expect(examMissing({ ...quiz, exam_id: 7 })).toBe(false);
    // Other types need none.
    expect(examMissing({ ...quiz, lesson_type: 'video' })).toBe(false);
    expect(lessonBody({ ...quiz, exam_id: 7 })).toEqual({ title: 'Check-up', title_bn: '', lesson_type: 'quiz', media_url: null, body: null, duration_minutes: null, exam_id: 7 });
    expect(lessonBody({ ...quiz, lesson_type: 'video', exam_id: 7 })).not.toHaveProperty('exam_id');
  });

  it('opens a quiz lesson on its exam, and on none once the exam was removed', () => {
    expect(lessonValues(lesson({ lesson_type: 'quiz', exam_id: 7, exam_uuid: 'e7', exam_published: true })).exam_id).toBe(7);
    expect(lessonValues(lesson({ lesson_type: 'exam', exam_id: 7, exam_uuid: null })).exam_id).toBeNull();
    expect(lessonValues(lesson({ lesson_type: 'video' })).exam_id).toBeNull();
  });
});
