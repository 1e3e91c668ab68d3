// Query and mutations of the teacher verification (card of /profile/myprofile and its dialog).
import { useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ME_KEY, useToken } from '../../../lib/session';
import {
  confirmTeacher,
  getTeacherVerification,
  lookupTeacher,
  type ConfirmAnswer,
  type LookupAnswer,
  type TeacherVerificationBody,
} from '../api/teacher-verification-api';

/** Per session, beside the profile's (['profile', ...]): someone signing in after another never sees theirs. */
export const teacherVerificationKey = (token: string | null) => ['profile', 'teacher-verification', token] as const;

export function teacherVerificationQuery(token: string | null) {
  return { queryKey: teacherVerificationKey(token), queryFn: getTeacherVerification, enabled: !!token, staleTime: 30_000 };
}

/** GET /my-account/teacher-verification of the signed-in user. */
export function useTeacherVerification() {
  return useQuery(teacherVerificationQuery(useToken()));
}

/** The verified record changed (verified now, or found verified meanwhile): the card and the signed-in user (pdsid, teacher) are fetched again. */
export function refreshTeacher(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: ['profile', 'teacher-verification'] }), qc.invalidateQueries({ queryKey: ME_KEY })]);
}

/** Step 1: looks the ID up (again: texts a new code). */
export function lookupMutation(): UseMutationOptions<LookupAnswer, Error, Omit<TeacherVerificationBody, 'step' | 'otp' | 'agree'>> {
  return { mutationFn: (body) => lookupTeacher(body) };
}

/** Step 2: confirms; once verified, the card and the signed-in user are fetched again. */
export function confirmMutation(qc: QueryClient): UseMutationOptions<ConfirmAnswer, Error, Omit<TeacherVerificationBody, 'step'>> {
  return {
    mutationFn: (body) => confirmTeacher(body),
    onSuccess: (answer) => {
      if (answer.status === 100) void refreshTeacher(qc);
    },
  };
}
