// Rules of the forgotten-password pages: links to them, the reset link check and the new password's errors.
import type { UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { authLink } from '../../../lib/redirect';
import { fieldErrorsOf } from '../../../lib/use-error-text';
import { resetPassword, verifyResetLink, type AuthResult } from '../api/auth-api';
import { typedCode } from './phone-verify';

export const FORGOT_PASSWORD = '/forgot-password';
/** Fields of the new-password forms the server may name in a 422: the texted code (a reset by SMS), the new password twice. */
export const NEW_PASSWORD_FIELDS = ['otp', 'password', 'password_confirmation'] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];
export interface NewPassword {
  password: string;
  password_confirmation: string;
  /** The texted code as typed (a reset by SMS; ASCII or Bangla digits). */
  otp?: string;
}

/**
 * The forgotten-password page, with the e-mail or mobile number typed so far and the page to come
 * back to after signing in (`back`, the login page's own target).
 */
export function forgotPasswordLink(login: string, back: string | null): string {
  const link = authLink(FORGOT_PASSWORD, back);
  const typed = login.trim();
  return typed ? `${link}${link.includes('?') ? '&' : '?'}${new URLSearchParams({ email: typed }).toString()}` : link;
}

/** The e-mail or mobile number the forgotten-password page starts with (`?email=`, as the login page links to it). */
export const typedLogin = (search: string) => new URLSearchParams(search).get('email')?.trim() ?? '';

/** The login page from the forgotten-password page, keeping where to go after signing in. */
export const loginLink = (back: string | null) => authLink('/login', back);

/** A link that is unknown, expired or already used: the verification's 422, or `token` named by the reset. */
export function isLinkInvalid(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'reset_link_invalid' || 'token' in err.fieldErrors);
}

/** The server's messages (already in the user's language) for the new-password fields. */
export function newPasswordErrors(err: unknown): Partial<Record<NewPasswordField, string>> {
  const all = fieldErrorsOf(err);
  const out: Partial<Record<NewPasswordField, string>> = {};
  for (const f of NEW_PASSWORD_FIELDS) if (all[f]) out[f] = all[f];
  return out;
}

/** Checks the link once per visit: not retried, not kept once the page is left (it is spent on success). */
export function resetLinkQuery(token: string) {
  return {
    queryKey: ['password-reset-link', token] as const,
    queryFn: () => verifyResetLink(token),
    enabled: !!token,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  };
}

/**
 * Sets the new password with the mailed link's token, or `{ phone }` (01XXXXXXXXX) and the code
 * texted to it; the answer is a session, as logging in gives, handed to `signIn`.
 */
export function resetPasswordMutation(by: string | { phone: string }, signIn: (result: AuthResult) => void): UseMutationOptions<AuthResult, Error, NewPassword> {
  const proof = (otp = '') => (typeof by === 'string' ? { token: by } : { phone: by.phone, otp: typedCode(otp) ?? otp.trim() });
  return {
    mutationFn: (v) => resetPassword({ ...proof(v.otp), password: v.password, password_confirmation: v.password_confirmation }),
    onSuccess: (result) => signIn(result),
  };
}
