// Lesson types shared by the authoring and the learning screens.

/** Lessons taken through an exam of the Exam Centre (the lesson's `exam_id` / `exam_uuid`). */
export const EXAM_LESSON_TYPES = ['quiz', 'exam'] as const;

export function isExamLesson(type: string | null | undefined): boolean {
  return !!type && (EXAM_LESSON_TYPES as readonly string[]).includes(type);
}

/** Attempt states that count as handed in (the learner may then finish a quiz lesson). */
export const HANDED_IN_STATES = ['submitted', 'finished', 'overdue'] as const;

export function isHandedIn(state: string | null | undefined): boolean {
  return !!state && (HANDED_IN_STATES as readonly string[]).includes(state);
}
