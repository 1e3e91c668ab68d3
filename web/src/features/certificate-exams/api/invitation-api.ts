// A candidate's invitation to a restricted batch, the learner's side (docs/api-certificate-exams.md
// "Learners"). Apart from the authors' calls: the journey's chunk carries only this.
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';

export interface EnrolmentStarted {
  enrollment_id: number;
  status: 'active' | 'pending';
  batch_id: number;
  /** The certificate exam to open. */
  course_uuid: string;
}

/**
 * Enrols the signed-in learner through the invitation `token`: 201, or 200 when this link enrolled
 * them already; 404 `invitation_not_found`, 409 `invitation_used`, 422 `batch_closed`.
 */
export function enrolByInvitation(token: string) {
  return api<DataEnvelope<EnrolmentStarted>>('/assessment-front/batch/restricted-user-enroll', { query: { token } }).then((r) => r.data);
}
