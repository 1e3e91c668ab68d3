// The teacher's dashboard: the site's courses and the work waiting for an author.
import { api } from '../../../lib/api-client';
import { fetchCourseBatches, fetchCoursePage } from '../../../lib/authoring-api';
import type { DataEnvelope } from '../../../lib/types';

/** The part of a Course (docs/api-courses.md) the dashboard shows. */
export interface TeachingCourse {
  id: number;
  uuid: string;
  title: string;
  title_bn: string;
  thumbnail: string | null;
  published: boolean;
  lessons_count: number;
  /** Learners over all batches, when the list gives it (else summed from the batches). */
  enrolled_count?: number;
}

export function fetchTeachingCourses(limit: number) {
  return fetchCoursePage<TeachingCourse>({ page: 1, limit });
}

/** Learners of a course: the enrolled counts of its batches added up. */
export function fetchCourseLearners(courseId: number) {
  return fetchCourseBatches<{ enrolled_count?: number }>(courseId, { silent: true }).then((batches) =>
    batches.reduce((n, b) => n + (Number(b.enrolled_count) || 0), 0),
  );
}

interface PendingBase {
  enrollment_id: number;
  batch_id: number;
  batch_name: string;
  batch_name_bn: string;
  course_id: number;
  course_uuid: string;
  course_title: string;
  course_title_bn: string;
  user: { id: number; name: string; name_bn?: string | null; email: string | null };
}

export type PendingEnrolment = PendingBase & { requested_at: string | null };
export type PendingCertificate = PendingBase & { completed_at: string | null };

export interface PendingTasks {
  enrolments: PendingEnrolment[];
  enrolments_total: number;
  certificates: PendingCertificate[];
  certificates_total: number;
}

/** GET /api/v3/dashboard/pending-task: enrolments and certificates waiting for approval (20 of each, oldest first). */
export function fetchPendingTasks() {
  return api<DataEnvelope<PendingTasks>>('/api/v3/dashboard/pending-task', { silent: true }).then(
    (r): PendingTasks => ({
      enrolments: Array.isArray(r?.data?.enrolments) ? r.data.enrolments : [],
      enrolments_total: Number(r?.data?.enrolments_total) || 0,
      certificates: Array.isArray(r?.data?.certificates) ? r.data.certificates : [],
      certificates_total: Number(r?.data?.certificates_total) || 0,
    }),
  );
}
