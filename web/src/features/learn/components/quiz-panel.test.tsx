import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import type { Lang } from '../../../lib/lang';
import { fetchCall, href, json, noop, render as renderAt, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { ExamIntro, IntroAttempt } from '../../exams/api/exam-front-api';
import type { JourneyStatus } from '../api/learn-api';
import { quizUnavailable } from '../hooks/journey-logic';
import { completeLessonOptions } from '../hooks/use-learn';
import { QuizIntroPanel, QuizPanel } from './quiz-panel';

const HERE = '/course/journey/c1?lesson=5';
const TAKE = `/exam/journey/e1?return=${encodeURIComponent(HERE)}`;

const render = (lang: Lang, node: ReactNode) => renderAt(lang, node, { at: HERE });

const attempt = (over: Partial<IntroAttempt>): IntroAttempt => ({
  uuid: 'a1',
  attempt_no: 1,
  state: 'finished',
  score: 8,
  max_score: 10,
  passed: true,
  submitted_at: '2026-03-02T10:00:00Z',
  results_available: true,
  ...over,
});

const intro = (over: Partial<ExamIntro>): ExamIntro => ({
  uuid: 'e1',
  title: 'Fractions check-up',
  title_bn: 'ভগ্নাংশ যাচাই',
  instructions: '',
  instructions_bn: '',
  starts_at: '2026-03-01T00:00:00Z',
  ends_at: '2026-12-31T00:00:00Z',
  duration_minutes: 20,
  attempts_allowed: 3,
  attempts_used: 0,
  question_count: 12,
  pass_percent: 60,
  server_now: '2026-03-02T00:00:00Z',
  active_attempt: null,
  attempts: [],
  can_start: true,
  reason: null,
  ...over,
});

const panel = (i: ExamIntro, done = false) => <QuizIntroPanel intro={i} from={HERE} done={done} finishing={false} onFinish={noop} onRefresh={noop} />;

describe('quiz panel', () => {
  it('starts the quiz at the exam, with the way back to this lesson, and shows the exam in Bangla digits', async () => {
    const html = await render('bn', panel(intro({})));
    expect(html).toContain('data-action="start"');
    expect(href(html, 'start-quiz')).toBe(TAKE);
    expect(text(html)).toContain('কুইজ শুরু করুন');
    expect(text(html)).toContain('ভগ্নাংশ যাচাই');
    expect(text(html)).toContain('১২');
    expect(text(html)).toContain('২০ মিনিট');
    expect(text(html)).toContain('৬০%');
    expect(text(html)).toContain('৩টির মধ্যে ০টি ব্যবহৃত');
    expect(text(html)).not.toMatch(/\b(12|20|60)\b/);
    expect(tag(html, 'finish-quiz')).toBe('');
  });

  it('resumes an open attempt first', async () => {
    const html = await render('en', panel(intro({ active_attempt: 'a2', attempts_used: 2, attempts: [attempt({}), attempt({ uuid: 'a2', attempt_no: 2, state: 'in_progress', score: null, results_available: false })] })));
    expect(html).toContain('data-action="resume"');
    expect(href(html, 'resume-quiz')).toBe(TAKE);
    expect(text(html)).toContain('Resume quiz');
    expect(tag(html, 'finish-quiz')).toBe('');
    expect(tag(html, 'start-quiz')).toBe('');
  });

  it('finishes the lesson once an attempt is handed in, with a new attempt beside it and the earlier score', async () => {
    const html = await render('en', panel(intro({ attempts_used: 1, attempts: [attempt({})] })));
    expect(html).toContain('data-action="finish"');
    expect(tag(html, 'finish-quiz')).toMatch(/^<button/);
    expect(text(html)).toContain('Finish lesson');
    expect(href(html, 'start-quiz-again')).toBe(TAKE);
    expect(text(html)).toContain('8 / 10');
    expect(href(html, 'show-result')).toBe(`/exam/journey/e1?result=a1&return=${encodeURIComponent(HERE)}`);
    // An overdue attempt (closed by its deadline) counts as handed in too; one never started does not.
    expect(await render('en', panel(intro({ can_start: false, reason: 'attempts_exhausted', attempts: [attempt({ state: 'overdue' })] })))).toContain('data-action="finish"');
    expect(await render('en', panel(intro({ attempts: [attempt({ state: 'abandoned' })] })))).toContain('data-action="start"');
  });

  it('offers no finishing once the lesson is complete, and says why the quiz cannot start', async () => {
    const handedIn = { attempts_used: 3, attempts: [attempt({})] };
    const again = await render('en', panel(intro(handedIn), true));
    expect(again).toContain('data-action="start"');
    const exhausted = await render('bn', panel(intro({ ...handedIn, can_start: false, reason: 'attempts_exhausted' }), true));
    expect(exhausted).toContain('data-action="none"');
    expect(exhausted).toContain('data-reason="attempts_exhausted"');
    expect(text(exhausted)).toContain('৩টি সুযোগই ব্যবহার হয়ে গেছে');
    expect(tag(exhausted, 'finish-quiz')).toBe('');
  });

  it('says the quiz is not available when its exam is unpublished or removed', async () => {
    // The intro answers 404 for an unpublished or removed exam.
    expect(quizUnavailable(new ApiError(404, 'Not found', 'not_found', {}))).toBe(true);
    expect(quizUnavailable(new ApiError(500, 'HTTP 500', 'server_error', {}))).toBe(false);
    expect(quizUnavailable(null)).toBe(false);
    const removed = await render('bn', <QuizPanel lesson={{ exam_uuid: null }} done={false} finishing={false} onFinish={noop} />);
    expect(removed).toContain('data-testid="quiz-unavailable"');
    expect(text(removed)).toContain('এই কুইজটি এখনো দেওয়া যাচ্ছে না।');
    expect(text(await render('en', <QuizPanel lesson={{ exam_uuid: null }} done={false} finishing={false} onFinish={noop} />))).toContain('This quiz is not available yet.');
  });
});

describe('finishing a quiz lesson', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const progress: JourneyStatus = {
    enrollment_id: 1,
    status: 'active',
    enforce_order: true,
    completed_lesson_ids: [4, 5],
    total_lessons: 6,
    completed_lessons: 2,
    percent: 33,
    next_lesson_id: 6,
    last_lesson_id: 5,
    certificate: null,
  };

  it('calls quiz-submit and keeps the progress it answers, as completing a lesson does', async () => {
    const fetchMock = stubFetch(() => json({ data: progress }));
    const qc = new QueryClient();
    await runMutation(completeLessonOptions(qc, 'c1', true), 5, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/assessment-front/course/quiz-submit/5');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(qc.getQueryData(['journey-status', 'c1'])).toEqual(progress);

    await runMutation(completeLessonOptions(qc, 'c1', false), 4, qc);
    const [plain, plainInit] = fetchCall(fetchMock, 1);
    expect(plain).toBe('/course/batch/completed_lesson/4');
    expect(plainInit.method).toBe('GET');
  });

  it('reports a quiz not yet handed in', async () => {
    stubFetch(() => json({ message: 'x', code: 'quiz_not_attempted', errors: {} }, 409));
    const qc = new QueryClient();
    const err = await runMutation(completeLessonOptions(qc, 'c1', true), 5, qc).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('quiz_not_attempted');
    expect(resources.en.errors.quiz_not_attempted).toBeTruthy();
    expect(resources.bn.errors.quiz_not_attempted).toBeTruthy();
  });
});
