// Authoring calls used by more than one feature (the course screens and the teacher's dashboard):
// docs/api-courses.md "Authoring". The callers give the shape they read.
import { api } from './api-client';
import type { DataEnvelope, Page } from './types';

/** GET /course/course/view?page&limit&search&course_type: the site's courses (of one type: its trainings), newest first. */
export function fetchCoursePage<T>(params: { page: number; limit?: number; search?: string; course_type?: string }) {
  return api<Page<T>>('/course/course/view', { query: params });
}

/** GET /course/batch/view-enrolled-batches?course_id: a course's batches with their counts. */
export function fetchCourseBatches<T>(courseId: number | string, opts: { silent?: boolean } = {}) {
  return api<DataEnvelope<T[]>>('/course/batch/view-enrolled-batches', { query: { course_id: courseId }, silent: opts.silent }).then((r) => r.data ?? []);
}

/** PUT /course/batch/approve_enroll/{id}: a pending enrolment becomes active. */
export function approveEnrolment(enrollmentId: number) {
  return api<DataEnvelope<{ enrollment_id: number; status: 'pending' | 'active' | 'completed' }>>(`/course/batch/approve_enroll/${enrollmentId}`, {
    method: 'PUT',
  }).then((r) => r.data);
}

/** PUT /course/batch/approve-certificate: status 1 issues the certificate, 0 revokes it. */
export function setCertificate(body: { course_enrollment_id: number; status: 0 | 1 }) {
  return api<DataEnvelope<{ tracking_code: string; status: 'issued' | 'pending' | 'revoked' }>>('/course/batch/approve-certificate', {
    method: 'PUT',
    body,
  }).then((r) => r.data);
}
