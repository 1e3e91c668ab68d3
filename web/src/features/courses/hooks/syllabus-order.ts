// Moving sections and lessons of a syllabus (keyboard, buttons, drag and drop) and the
// PUT /course/schedule/reorder payload: the complete order, every section with all its lessons.
// Every function returns a new array (the input is never changed), or null when nothing moves.
import type { ReorderBody, Section } from '../api/courses-api';

/** Positions and section ids made consistent with the array order. */
export function renumber(sections: Section[]): Section[] {
  return sections.map((s, si) => ({
    ...s,
    position: si + 1,
    lessons: s.lessons.map((l, li) => ({ ...l, section_id: s.id, position: li + 1 })),
  }));
}

export function reorderPayload(courseId: number, sections: Section[]): ReorderBody {
  return { course_id: courseId, sections: sections.map((s) => ({ id: s.id, lessons: s.lessons.map((l) => l.id) })) };
}

/** Where a lesson is: its section index and its index in that section. */
export function findLesson(sections: Section[], lessonId: number): { si: number; li: number } | null {
  for (let si = 0; si < sections.length; si++) {
    const li = sections[si].lessons.findIndex((l) => l.id === lessonId);
    if (li !== -1) return { si, li };
  }
  return null;
}

/** Section `sectionId` to index `to` (clamped). */
export function moveSectionTo(sections: Section[], sectionId: number, to: number): Section[] | null {
  const from = sections.findIndex((s) => s.id === sectionId);
  if (from === -1) return null;
  const target = Math.max(0, Math.min(sections.length - 1, to));
  if (target === from) return null;
  const next = [...sections];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return renumber(next);
}

/** Drag and drop: section `sectionId` dropped before index `index` of the current order (length = at the end). */
export function dropSection(sections: Section[], sectionId: number, index: number): Section[] | null {
  const from = sections.findIndex((s) => s.id === sectionId);
  if (from === -1) return null;
  const before = Math.max(0, Math.min(sections.length, index));
  return moveSectionTo(sections, sectionId, before > from ? before - 1 : before);
}

/** One place up (-1) or down (+1). */
export function moveSection(sections: Section[], sectionId: number, delta: -1 | 1): Section[] | null {
  const from = sections.findIndex((s) => s.id === sectionId);
  if (from === -1) return null;
  const to = from + delta;
  if (to < 0 || to >= sections.length) return null;
  return moveSectionTo(sections, sectionId, to);
}

/**
 * Lesson `lessonId` into section `sectionId` at index `index` (counted in the target section as it
 * is before the move; clamped). Moving within the same section accounts for the removed slot.
 */
export function moveLessonTo(sections: Section[], lessonId: number, sectionId: number, index: number): Section[] | null {
  const at = findLesson(sections, lessonId);
  const tsi = sections.findIndex((s) => s.id === sectionId);
  if (!at || tsi === -1) return null;
  let target = Math.max(0, Math.min(sections[tsi].lessons.length, index));
  if (tsi === at.si) {
    if (target > at.li) target -= 1;
    if (target === at.li) return null;
  }
  const next = sections.map((s) => ({ ...s, lessons: [...s.lessons] }));
  const [moved] = next[at.si].lessons.splice(at.li, 1);
  next[tsi].lessons.splice(target, 0, moved);
  return renumber(next);
}

/**
 * One place up (-1) or down (+1). At the top of a section, up moves the lesson to the end of the
 * previous section; at the bottom, down moves it to the start of the next one.
 */
export function moveLesson(sections: Section[], lessonId: number, delta: -1 | 1): Section[] | null {
  const at = findLesson(sections, lessonId);
  if (!at) return null;
  const count = sections[at.si].lessons.length;
  if (delta === -1) {
    if (at.li > 0) return moveLessonTo(sections, lessonId, sections[at.si].id, at.li - 1);
    if (at.si === 0) return null;
    const prev = sections[at.si - 1];
    return moveLessonTo(sections, lessonId, prev.id, prev.lessons.length);
  }
  if (at.li < count - 1) return moveLessonTo(sections, lessonId, sections[at.si].id, at.li + 2);
  if (at.si === sections.length - 1) return null;
  return moveLessonTo(sections, lessonId, sections[at.si + 1].id, 0);
}

/** Can the lesson move up / down at all (for disabling the buttons)? */
export function lessonMoves(sections: Section[], lessonId: number): { up: boolean; down: boolean } {
  const at = findLesson(sections, lessonId);
  if (!at) return { up: false, down: false };
  return {
    up: at.li > 0 || at.si > 0,
    down: at.li < sections[at.si].lessons.length - 1 || at.si < sections.length - 1,
  };
}
