import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../lib/lang';
import { applyFieldErrors } from '../../../lib/server-errors';
import { fetchCall, json, noop, render as renderAt, stubFetch, text } from '../../../lib/test-render';
import type { ExamSummary } from '../../exams/api/exams-api';
import { examKeys } from '../../exams/hooks/use-exams';
import { LessonTypeIcon as LearnerLessonTypeIcon } from '../../learn/components/lesson-type-icon';
import { createLesson } from '../api/courses-api';
import { LESSON_FIELDS, lessonBody, lessonValues } from '../hooks/lesson-form';
import { EXAM_PICKER_LIMIT, ExamPicker } from './exam-picker';
import { ExamWarning } from './exam-warning';
import { LessonTypeIcon } from './lesson-type-icon';

const render = (lang: Lang, node: ReactNode, qc?: QueryClient) => renderAt(lang, node, { qc });

const exam = (over: Partial<ExamSummary>): ExamSummary => ({
  id: 7,
  uuid: 'e7',
  title: 'Unit test',
  title_bn: 'ইউনিট পরীক্ষা',
  starts_at: '2026-03-01T00:00:00Z',
  ends_at: '2026-04-01T00:00:00Z',
  duration_minutes: 20,
  published: true,
  question_count: 12,
  attempt_count: 0,
  pending_marking: 0,
  ...over,
});

/** A client whose first page of the author's exams is already loaded. */
function withExams(rows: ExamSummary[]) {
  const qc = new QueryClient();
  qc.setQueryData(examKeys.list({ page: 1, limit: EXAM_PICKER_LIMIT }), { data: rows, current_page: 1, last_page: 1, per_page: EXAM_PICKER_LIMIT, total: rows.length });
  return qc;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quiz lessons in the lesson dialog', () => {
  it('sends the chosen exam with a quiz lesson', async () => {
    const fetchMock = stubFetch(() => json({ data: { id: 5 } }, 201));
    await createLesson({ ...lessonBody({ ...lessonValues(null), title: 'Check-up', lesson_type: 'quiz', exam_id: 7 }), section_id: 3 });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/schedule/lesson');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({ section_id: 3, lesson_type: 'quiz', exam_id: 7, media_url: null, body: null });
  });

  it("puts the server's exam_id message on the exam picker", async () => {
    const message = 'Choose the exam learners take in this lesson.';
    stubFetch(() => json({ message: 'Invalid', code: 'validation_failed', errors: { exam_id: [message] } }, 422));
    const err = await createLesson({ section_id: 3, title: 'Q', lesson_type: 'quiz' }).catch((e: unknown) => e);
    const setError = vi.fn();
    expect(applyFieldErrors(setError, err, LESSON_FIELDS)).toEqual(['exam_id']);
    expect(setError).toHaveBeenCalledWith('exam_id', { type: 'server', message });
  });

  it('shows the required message on the picker, and offers the exams by their title in the interface language', async () => {
    const html = await render('bn', <ExamPicker id="lesson-exam" value={null} onChange={noop} error="পরীক্ষা বেছে নিন" />, withExams([exam({})]));
    expect(html).toContain('id="lesson-exam"');
    expect(html).toContain('aria-invalid="true"');
    expect(text(html)).toContain('পরীক্ষা বেছে নিন');
    expect(text(html)).toContain('শিক্ষার্থীরা যে পরীক্ষা দেবে');
    expect(html).not.toContain('data-testid="no-exams"');
  });

  it('shows the chosen exam and warns when it is not published', async () => {
    const html = await render('en', <ExamPicker id="lesson-exam" value={7} onChange={noop} />, withExams([exam({ published: false })]));
    expect(text(html)).toContain('This exam is not published yet');
  });

  it('sends an author without exams to create one', async () => {
    const html = await render('en', <ExamPicker id="lesson-exam" value={null} onChange={noop} />, withExams([]));
    expect(html).toContain('data-testid="no-exams"');
    const link = /<a [^>]*data-testid="create-exam-link"[^>]*>/.exec(html)?.[0] ?? '';
    expect(link).toContain('href="/exam/single/create"');
    expect(text(html)).toContain('You have no exams yet.');
    expect(html).not.toContain('id="lesson-exam"');
  });
});

describe('quiz lessons in the syllabus', () => {
  const quiz = { lesson_type: 'quiz', exam_uuid: 'e7', exam_published: true };

  it('warns about an unpublished or removed exam only', async () => {
    expect(await render('en', <ExamWarning lesson={quiz} />)).toBe('');
    expect(await render('en', <ExamWarning lesson={{ lesson_type: 'video', exam_uuid: null, exam_published: null }} />)).toBe('');
    const unpublished = await render('en', <ExamWarning lesson={{ ...quiz, exam_published: false }} />);
    expect(unpublished).toContain('data-problem="unpublished"');
    expect(text(unpublished)).toContain('Exam not published: learners cannot take it yet');
    const removed = await render('bn', <ExamWarning lesson={{ ...quiz, lesson_type: 'exam', exam_uuid: null, exam_published: null }} />);
    expect(removed).toContain('data-problem="removed"');
    expect(text(removed)).toContain('পরীক্ষাটি মুছে ফেলা হয়েছে');
  });

  it('has icons of their own for quiz and exam lessons', async () => {
    for (const Icon of [LessonTypeIcon, LearnerLessonTypeIcon]) {
      expect(await render('en', <Icon type="quiz" />)).toContain('data-testid="QuizOutlinedIcon"');
      expect(await render('en', <Icon type="exam" />)).toContain('data-testid="FactCheckOutlinedIcon"');
    }
  });
});
