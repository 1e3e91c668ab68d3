// The public pages of a course. A certificate exam is a course with `course_type` "exam" whose
// pages live under /exam (docs/api-certificate-exams.md "Web routes"); a training's journey is
// under /training (docs/api-trainings.md), its public page a course's; a webinar's public page is
// /webinar/details/<uuid> (SPEC "Link builders"), its journey a course's; the others' under /course.

export type CoursePage = 'details' | 'journey';

/**
 * /course/details/<uuid>, /exam/journey/<uuid>, /webinar/details/<uuid>, /training/journey/<uuid>...
 * by the course's type: every link the app builds to a course's page goes through here.
 */
export function coursePagePath(course: { uuid: string; course_type?: string | null }, page: CoursePage): string {
  const type = course.course_type;
  const area = type === 'exam' ? 'exam' : type === 'training' && page === 'journey' ? 'training' : type === 'webinar' && page === 'details' ? 'webinar' : 'course';
  return `/${area}/${page}/${course.uuid}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment that is a uuid (a certificate exam's), not a numeric id (a single exam's). */
export function isUuid(segment: string | null | undefined): boolean {
  return !!segment && UUID.test(segment);
}
