import { describe, expect, it } from 'vitest';
import { flattenLessons, lessonAfter, lessonBefore, lessonLocks, nextAfterComplete, progressPercent, quizActions, resumeLessonId } from './journey-logic';

const ids = [11, 12, 21, 22];

describe('lesson locks', () => {
  it('locks nothing when the course does not enforce order', () => {
    expect([...lessonLocks(ids, [], false)]).toEqual([]);
  });
  it('locks a lesson while the previous one is not complete', () => {
    expect([...lessonLocks(ids, [], true)]).toEqual([12, 21, 22]);
    expect([...lessonLocks(ids, [11], true)]).toEqual([21, 22]);
    expect([...lessonLocks(ids, [11, 12], true)]).toEqual([22]);
    expect([...lessonLocks(ids, [11, 12, 21, 22], true)]).toEqual([]);
  });
  it('never locks the first lesson or a completed one', () => {
    const locked = lessonLocks(ids, [21], true);
    expect(locked.has(11)).toBe(false);
    expect(locked.has(21)).toBe(false);
    expect(locked.has(22)).toBe(false);
    expect(locked.has(12)).toBe(true);
  });
});

describe('resume and next lesson', () => {
  const status = (o: Partial<{ completed_lesson_ids: number[]; next_lesson_id: number | null; last_lesson_id: number | null }>) => ({
    enforce_order: true,
    completed_lesson_ids: [],
    next_lesson_id: null,
    last_lesson_id: null,
    ...o,
  });
  it('opens the first lesson for a new learner', () => {
    expect(resumeLessonId(status({}), ids)).toBe(11);
    expect(resumeLessonId(null, ids)).toBe(11);
    expect(resumeLessonId(status({}), [])).toBeNull();
  });
  it('resumes an unfinished last lesson, else the next one', () => {
    expect(resumeLessonId(status({ last_lesson_id: 12, completed_lesson_ids: [11] }), ids)).toBe(12);
    expect(resumeLessonId(status({ last_lesson_id: 12, next_lesson_id: 21, completed_lesson_ids: [11, 12] }), ids)).toBe(21);
    expect(resumeLessonId(status({ last_lesson_id: 22, completed_lesson_ids: ids }), ids)).toBe(22);
    expect(resumeLessonId(status({ last_lesson_id: 999, next_lesson_id: 998, completed_lesson_ids: [11] }), ids)).toBe(12);
  });
  it('goes to the server next lesson after completing, else the next unfinished one', () => {
    expect(nextAfterComplete(ids, 11, 12, [11])).toBe(12);
    expect(nextAfterComplete(ids, 11, null, [11, 12])).toBe(21);
    expect(nextAfterComplete(ids, 22, null, ids)).toBeNull();
    expect(nextAfterComplete(ids, 12, 12, [11, 12])).toBe(21);
  });
  it('knows the neighbours and flattens sections in order', () => {
    expect(lessonAfter(ids, 12)).toBe(21);
    expect(lessonAfter(ids, 22)).toBeNull();
    expect(lessonBefore(ids, 21)).toBe(12);
    expect(lessonBefore(ids, 11)).toBeNull();
    expect(flattenLessons([{ lessons: [{ id: 1 }, { id: 2 }] }, { lessons: [] }, { lessons: [{ id: 3 }] }]).map((l) => l.id)).toEqual([1, 2, 3]);
  });
  it('reports progress from the server figure or the counts', () => {
    expect(progressPercent({ percent: 49.6 })).toBe(50);
    expect(progressPercent({ percent: null, completed_lessons: 1, total_lessons: 4 })).toBe(25);
    expect(progressPercent({ percent: 140 })).toBe(100);
    expect(progressPercent(null)).toBe(0);
  });
});

describe('quiz lesson actions', () => {
  const handedIn = [{ state: 'submitted' }];
  it('resume an open attempt, then finish a handed-in one, then start', () => {
    expect(quizActions({ active_attempt: 'a2', can_start: false, attempts: handedIn }, false)).toEqual({ primary: 'resume', startAgain: false });
    expect(quizActions({ active_attempt: null, can_start: true, attempts: handedIn }, false)).toEqual({ primary: 'finish', startAgain: true });
    expect(quizActions({ active_attempt: null, can_start: false, attempts: [{ state: 'finished' }] }, false)).toEqual({ primary: 'finish', startAgain: false });
    expect(quizActions({ active_attempt: null, can_start: true, attempts: [] }, false)).toEqual({ primary: 'start', startAgain: false });
    expect(quizActions({ active_attempt: null, can_start: false, attempts: [] }, false)).toEqual({ primary: null, startAgain: false });
  });
  it('offer no finishing once the lesson is complete', () => {
    expect(quizActions({ active_attempt: null, can_start: true, attempts: handedIn }, true).primary).toBe('start');
    expect(quizActions({ active_attempt: null, can_start: false, attempts: handedIn }, true).primary).toBeNull();
  });
});
