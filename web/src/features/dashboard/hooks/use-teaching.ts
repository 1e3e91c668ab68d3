import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approveEnrolment, setCertificate } from '../../../lib/authoring-api';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { useCurrentUser } from '../../../lib/session';
import { fetchCourseLearners, fetchPendingTasks, fetchTeachingCourses, type TeachingCourse } from '../api/teaching-api';

export const TEACHING_COURSES_SHOWN = 5;

/** Per role: another role (or institution) sees other courses and other work. */
function useRoleKey() {
  const { user } = useCurrentUser();
  return user?.currentrole?.id ?? 0;
}

export const teachingKeys = {
  all: ['dashboard', 'teaching'] as const,
  courses: (role: number) => ['dashboard', 'teaching', role, 'courses'] as const,
  learners: (role: number, courseId: number) => ['dashboard', 'teaching', role, 'learners', courseId] as const,
  pending: (role: number) => ['dashboard', 'teaching', role, 'pending'] as const,
};

// Each section shows its own error (meta SECTION_QUERY): a 403 or 404 there must not hide the dashboard.

export function useTeachingCourses() {
  const role = useRoleKey();
  return useQuery({ queryKey: teachingKeys.courses(role), queryFn: () => fetchTeachingCourses(TEACHING_COURSES_SHOWN), meta: SECTION_QUERY });
}

/** A course's learners: from the course when the list gives them, else from its batches. */
export function useCourseLearners(course: TeachingCourse) {
  const role = useRoleKey();
  const given = typeof course.enrolled_count === 'number';
  const query = useQuery({
    queryKey: teachingKeys.learners(role, course.id),
    queryFn: () => fetchCourseLearners(course.id),
    enabled: !given,
    meta: SECTION_QUERY,
    staleTime: 60_000,
  });
  return given ? (course.enrolled_count as number) : (query.data ?? null);
}

export function usePendingTasks() {
  const role = useRoleKey();
  return useQuery({ queryKey: teachingKeys.pending(role), queryFn: fetchPendingTasks, meta: SECTION_QUERY });
}

/** Approve an enrolment request or issue a waiting certificate, then reload the dashboard's lists. */
export function usePendingAction(kind: 'enrolment' | 'certificate') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (enrollmentId: number): Promise<void> => {
      if (kind === 'enrolment') await approveEnrolment(enrollmentId);
      else await setCertificate({ course_enrollment_id: enrollmentId, status: 1 });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: teachingKeys.all }),
  });
}
