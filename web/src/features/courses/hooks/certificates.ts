// Learners' certificates as their authors handle them: issuing (approving a waiting one) or
// revoking one, and a batch's certificates counted by status.
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { setCertificate } from '../../../lib/authoring-api';
import type { BatchCertificate, CertificateStatus } from '../api/courses-api';
import type { CourseKind } from './course-kind';

/** The course (or certificate exam) whose certificates /course/certificate/:id shows. */
export const certificateCourseQuery = (kind: CourseKind, courseId: number) => ({
  queryKey: ['courses', 'certificates-of', kind.home, courseId] as const,
  queryFn: () => kind.fetchById(courseId),
});

/** 1 issues the certificate (approving a waiting one, or issuing a revoked one again), 0 revokes it. */
export interface CertificateDecision {
  enrollmentId: number;
  status: 0 | 1;
}

/** What a decision changes: the batches' certificates, the People tab's enrolments, the batches' counts. */
export function certificateDecisionMutation(qc: QueryClient): UseMutationOptions<unknown, Error, CertificateDecision> {
  return {
    mutationFn: ({ enrollmentId, status }) => setCertificate({ course_enrollment_id: enrollmentId, status }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['courses', 'certificates'] }),
        qc.invalidateQueries({ queryKey: ['courses', 'enrolments'] }),
        qc.invalidateQueries({ queryKey: ['courses', 'batches'] }),
      ]),
  };
}

/** The decision a certificate in this state is open to: revoke an issued one, else issue it. */
export const decisionFor = (status: CertificateStatus | null): 0 | 1 => (status === 'issued' ? 0 : 1);

export function certificateCounts(certificates: readonly Pick<BatchCertificate, 'status'>[]): Record<CertificateStatus, number> {
  const counts = { issued: 0, pending: 0, revoked: 0 };
  for (const c of certificates) if (c.status in counts) counts[c.status] += 1;
  return counts;
}
