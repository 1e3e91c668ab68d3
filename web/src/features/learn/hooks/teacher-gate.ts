// Courses for verified teachers only (SPEC §4 type 3): an enrolment or a purchase refused with 403
// `teacher_verification_required` opens the teacher verification dialog (its code fetched then,
// not with the course page), and once the account is verified the same request is made again,
// once: a second refusal is shown, not asked about again.
import { ApiError } from '../../../lib/api-client';

/** The refusal of a course for verified teachers to an account without a verified teacher ID. */
export const needsTeacher = (err: unknown) => err instanceof ApiError && err.status === 403 && err.code === 'teacher_verification_required';

/** The dialog's module, fetched when a refusal first needs it. */
export const loadTeacherDialog = () => import('../../profile/components/teacher-verification-dialog');

/**
 * Makes `attempt` (which reports its failure to the callback it is given); when the course refuses
 * it for want of a verified teacher ID, `ask` gets the continuation the dialog runs once verified:
 * the same attempt, made once more without asking again.
 */
export function withTeacherGate(attempt: (refused: (err: unknown) => void) => void, ask: (retry: () => void) => void) {
  attempt((err) => {
    if (needsTeacher(err)) ask(() => attempt(() => {}));
  });
}
