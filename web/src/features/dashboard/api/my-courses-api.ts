import { api } from '../../../lib/api-client';
import type { CatalogueCourse } from '../../../lib/catalogue';
import type { Page } from '../../../lib/types';

export interface MyCourse {
  course: CatalogueCourse;
  status: 'pending' | 'active' | 'completed';
  progress_percent: number;
  completed_at: string | null;
  /** The journey on the owning site (may be another origin). */
  url: string | null;
}

/** POST /learner-course/my-courses-enrollment-list {page}: the learner's enrolments. */
export function fetchMyCourses(page: number) {
  return api<Page<MyCourse>>('/learner-course/my-courses-enrollment-list', { method: 'POST', body: { page }, silent: true });
}
