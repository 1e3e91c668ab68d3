// Learner journey rules: lesson order, locks, where to resume, what comes next.
import { ApiError } from '../../../lib/api-client';
import { isHandedIn } from '../../../lib/lesson-kinds';

export interface OrderedSection<L extends { id: number }> {
  lessons: L[];
}

/** Lessons of every section in course order. */
export function flattenLessons<L extends { id: number }>(sections: OrderedSection<L>[] | null | undefined): L[] {
  return (sections ?? []).flatMap((s) => s.lessons ?? []);
}

export interface StatusLike {
  enforce_order: boolean;
  completed_lesson_ids: number[];
  next_lesson_id: number | null;
  last_lesson_id: number | null;
}

/**
 * Locked lessons: when the course enforces order, a lesson is locked while the lesson before it
 * is not complete. The first lesson and completed lessons are never locked.
 */
export function lessonLocks(orderedIds: number[], completedIds: number[], enforceOrder: boolean): Set<number> {
  const locked = new Set<number>();
  if (!enforceOrder) return locked;
  const done = new Set(completedIds);
  for (let i = 1; i < orderedIds.length; i++) {
    const id = orderedIds[i];
    if (!done.has(id) && !done.has(orderedIds[i - 1])) locked.add(id);
  }
  return locked;
}

/**
 * The lesson to open on arrival: the last lesson if it is still unfinished, else the next one,
 * else the last one (course finished), else the first unfinished or the first lesson.
 */
export function resumeLessonId(status: StatusLike | null | undefined, orderedIds: number[]): number | null {
  if (orderedIds.length === 0) return null;
  const has = (id: number | null | undefined): id is number => id != null && orderedIds.includes(id);
  const done = new Set(status?.completed_lesson_ids ?? []);
  if (status) {
    if (has(status.last_lesson_id) && !done.has(status.last_lesson_id)) return status.last_lesson_id;
    if (has(status.next_lesson_id)) return status.next_lesson_id;
    if (has(status.last_lesson_id)) return status.last_lesson_id;
  }
  return orderedIds.find((id) => !done.has(id)) ?? orderedIds[0];
}

/** The lesson after `id` in course order, or null at the end. */
export function lessonAfter(orderedIds: number[], id: number): number | null {
  const i = orderedIds.indexOf(id);
  return i >= 0 && i + 1 < orderedIds.length ? orderedIds[i + 1] : null;
}

/** The lesson before `id` in course order, or null at the start. */
export function lessonBefore(orderedIds: number[], id: number): number | null {
  const i = orderedIds.indexOf(id);
  return i > 0 ? orderedIds[i - 1] : null;
}

/** Where "Mark complete & next" goes: the server's next lesson, else the following one. */
export function nextAfterComplete(orderedIds: number[], current: number, serverNext: number | null | undefined, completedIds: number[]): number | null {
  if (serverNext != null && serverNext !== current && orderedIds.includes(serverNext)) return serverNext;
  const done = new Set(completedIds);
  const i = orderedIds.indexOf(current);
  for (let j = i + 1; j < orderedIds.length; j++) if (!done.has(orderedIds[j])) return orderedIds[j];
  return null;
}

/** Percent 0..100 from the status (the server's figure, else counted). */
export function progressPercent(status: { percent?: number | null; completed_lessons?: number; total_lessons?: number } | null | undefined): number {
  if (!status) return 0;
  if (typeof status.percent === 'number' && Number.isFinite(status.percent)) return Math.min(100, Math.max(0, Math.round(status.percent)));
  const total = status.total_lessons ?? 0;
  return total > 0 ? Math.round(((status.completed_lessons ?? 0) / total) * 100) : 0;
}

export interface QuizState {
  active_attempt: string | null;
  can_start: boolean;
  attempts: { state: string }[];
}

/** What a quiz lesson offers: its one primary action, and a new attempt beside finishing. */
export interface QuizActions {
  /** null: the exam cannot be taken now (its intro says why). */
  primary: 'resume' | 'finish' | 'start' | null;
  startAgain: boolean;
}

/**
 * Resume an open attempt first; else, once an attempt was handed in and the lesson is not complete,
 * finish the lesson (a new attempt stays possible beside it); else start when the exam allows.
 */
export function quizActions(intro: QuizState, done: boolean): QuizActions {
  if (intro.active_attempt) return { primary: 'resume', startAgain: false };
  if (!done && intro.attempts.some((a) => isHandedIn(a.state))) return { primary: 'finish', startAgain: intro.can_start };
  return { primary: intro.can_start ? 'start' : null, startAgain: false };
}

/** The exam's intro answered 404: the exam is not published yet, or was removed. */
export function quizUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
