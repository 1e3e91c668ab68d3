import { describe, expect, it } from 'vitest';
import type { Lesson, Section } from '../api/courses-api';
import { dropSection, lessonMoves, moveLesson, moveLessonTo, moveSection, moveSectionTo, reorderPayload } from './syllabus-order';

function lesson(id: number, section_id: number): Lesson {
  return { id, section_id, title: `L${id}`, title_bn: '', lesson_type: 'video', position: 0, duration_minutes: null, body: null, media_url: null, has_file: false, file_name: null, exam_id: null, exam_uuid: null, exam_published: null };
}
function section(id: number, lessons: number[]): Section {
  return { id, title: `S${id}`, title_bn: '', position: 0, lessons: lessons.map((l) => lesson(l, id)) };
}
const syllabus = () => [section(1, [11, 12, 13]), section(2, [21]), section(3, [])];
const order = (s: Section[] | null) => (s ? reorderPayload(9, s).sections : null);

describe('syllabus order', () => {
  it('builds the complete reorder payload', () => {
    expect(reorderPayload(9, syllabus())).toEqual({
      course_id: 9,
      sections: [
        { id: 1, lessons: [11, 12, 13] },
        { id: 2, lessons: [21] },
        { id: 3, lessons: [] },
      ],
    });
  });

  it('moves a lesson up and down within its section', () => {
    expect(order(moveLesson(syllabus(), 12, -1))?.[0].lessons).toEqual([12, 11, 13]);
    expect(order(moveLesson(syllabus(), 12, 1))?.[0].lessons).toEqual([11, 13, 12]);
  });

  it('moves a lesson across section boundaries with up/down', () => {
    // Down from the bottom of section 1: first lesson of section 2.
    expect(order(moveLesson(syllabus(), 13, 1))).toEqual([
      { id: 1, lessons: [11, 12] },
      { id: 2, lessons: [13, 21] },
      { id: 3, lessons: [] },
    ]);
    // Up from the top of section 2: last lesson of section 1.
    expect(order(moveLesson(syllabus(), 21, -1))).toEqual([
      { id: 1, lessons: [11, 12, 13, 21] },
      { id: 2, lessons: [] },
      { id: 3, lessons: [] },
    ]);
    // Down from the last lesson of section 2 into the empty section 3.
    expect(order(moveLesson(syllabus(), 21, 1))?.[2].lessons).toEqual([21]);
  });

  it('refuses moves past either end', () => {
    expect(moveLesson(syllabus(), 11, -1)).toBeNull();
    const s = [section(1, [11]), section(2, [21])];
    expect(moveLesson(s, 21, 1)).toBeNull();
    expect(lessonMoves(s, 11)).toEqual({ up: false, down: true });
    expect(lessonMoves(s, 21)).toEqual({ up: true, down: false });
    expect(moveLesson(syllabus(), 999, 1)).toBeNull();
  });

  it('drops a lesson into another section at a position and renumbers', () => {
    const next = moveLessonTo(syllabus(), 11, 2, 1)!;
    expect(order(next)).toEqual([
      { id: 1, lessons: [12, 13] },
      { id: 2, lessons: [21, 11] },
      { id: 3, lessons: [] },
    ]);
    const moved = next[1].lessons[1];
    expect(moved.section_id).toBe(2);
    expect(moved.position).toBe(2);
    expect(next[0].lessons.map((l) => l.position)).toEqual([1, 2]);
  });

  it('drops within the same section before the target row', () => {
    // Dragging 11 onto "before 13" lands between 12 and 13.
    expect(order(moveLessonTo(syllabus(), 11, 1, 2))?.[0].lessons).toEqual([12, 11, 13]);
    // Dropping where it already is changes nothing.
    expect(moveLessonTo(syllabus(), 12, 1, 1)).toBeNull();
    expect(moveLessonTo(syllabus(), 12, 1, 2)).toBeNull();
    // At the end (index beyond the last is clamped).
    expect(order(moveLessonTo(syllabus(), 11, 1, 99))?.[0].lessons).toEqual([12, 13, 11]);
  });

  it('moves sections and keeps their lessons', () => {
    expect(order(moveSection(syllabus(), 2, -1))?.map((s) => s.id)).toEqual([2, 1, 3]);
    expect(moveSection(syllabus(), 1, -1)).toBeNull();
    expect(moveSection(syllabus(), 3, 1)).toBeNull();
    const dragged = moveSectionTo(syllabus(), 1, 2)!;
    expect(dragged.map((s) => [s.id, s.position])).toEqual([[2, 1], [3, 2], [1, 3]]);
    expect(dragged[2].lessons.map((l) => l.id)).toEqual([11, 12, 13]);
  });

  it('drops a section before another one or at the end', () => {
    expect(order(dropSection(syllabus(), 1, 2))?.map((s) => s.id)).toEqual([2, 1, 3]);
    expect(order(dropSection(syllabus(), 1, 3))?.map((s) => s.id)).toEqual([2, 3, 1]);
    expect(order(dropSection(syllabus(), 3, 0))?.map((s) => s.id)).toEqual([3, 1, 2]);
    expect(dropSection(syllabus(), 2, 1)).toBeNull();
    expect(dropSection(syllabus(), 2, 2)).toBeNull();
  });

  it('never changes its input', () => {
    const s = syllabus();
    const before = JSON.stringify(s);
    moveLesson(s, 13, 1);
    moveLessonTo(s, 11, 3, 0);
    moveSectionTo(s, 3, 0);
    expect(JSON.stringify(s)).toBe(before);
  });
});
