// Where a class's pages live. A webinar's live room is a class (docs/api-classrooms.md: its
// `course_type` is "webinar") whose pages are under /webinarroom, with the way back to My webinars;
// the classrooms' components draw both, told which by this kind.
import type { Classroom } from '../api/classrooms-api';

export type RoomKind = 'classroom' | 'webinar';

/** The kind's list: /classroom (My classes) or /webinarroom (My webinars). */
export function roomListPath(kind: RoomKind = 'classroom'): string {
  return kind === 'webinar' ? '/webinarroom' : '/classroom';
}

/** A room's page: /classroom/details/<id> or /webinarroom/details/<id>. */
export function roomPath(id: number, kind: RoomKind = 'classroom'): string {
  return `${roomListPath(kind)}/details/${id}`;
}

/** The kind of a class's own pages: a webinar's live room, else a class. */
export function roomKindOf(c: Pick<Classroom, 'course_type'>): RoomKind {
  return c.course_type === 'webinar' ? 'webinar' : 'classroom';
}
