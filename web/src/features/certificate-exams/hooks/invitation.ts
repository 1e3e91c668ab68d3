// Opening a candidate's invitation (/exam/journey/:uuid?token=…): enrols the signed-in learner
// once per visit, like a mailed link (not retried, not kept once the page is left).
import { ApiError } from '../../../lib/api-client';
import { enrolByInvitation } from '../api/invitation-api';

/**
 * The server refused the invitation (404 invitation_not_found, 409 invitation_used, 422
 * batch_closed, or another reason enrolment can fail, a full batch say): the page explains it.
 * A network or server failure offers to try again instead.
 */
export function isInvitationRefused(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500;
}

export function invitationQuery(token: string) {
  return {
    queryKey: ['exam-invitation', token] as const,
    queryFn: () => enrolByInvitation(token),
    enabled: !!token,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  };
}
