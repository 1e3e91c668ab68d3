// E-mail address verification calls shared by several features (the verification link's page, the
// dashboard's reminder, ...). Registration mails a link to /verification-by-mail?token=… (valid
// 24 h); a signed-in user whose address is not verified yet can have a fresh one sent.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api-client';
import { ME_KEY } from './session';
import type { DataEnvelope } from './types';

/**
 * POST /my-account/verify/resend_code: mails a fresh link to the account's address. Refused with
 * 409 `already_verified`, 422 `email_missing` or 429 `too_many_attempts`.
 */
export function resendVerification() {
  return api<DataEnvelope<{ ok: boolean }>>('/my-account/verify/resend_code', { method: 'POST', body: {} });
}

/** The address was verified meanwhile (in another tab, say). */
export const isAlreadyVerified = (err: unknown) => err instanceof ApiError && err.code === 'already_verified';

/** Mutation options of the resend: an address verified meanwhile refreshes the signed-in user, which ends the reminders. */
export function resendVerificationMutation(qc: QueryClient) {
  return {
    mutationFn: () => resendVerification(),
    onError: (err: unknown) => {
      if (isAlreadyVerified(err)) void qc.invalidateQueries({ queryKey: ME_KEY });
    },
  };
}

/** The resend, for a button: `isPending`, `isSuccess` and `error` to show. */
export function useResendVerification() {
  return useMutation(resendVerificationMutation(useQueryClient()));
}
