import { api } from '../../../lib/api-client';
import type { DataEnvelope, UserInfo } from '../../../lib/types';

export interface AuthResult {
  token: string;
  user: UserInfo;
}

export function login(body: { email: string; password: string }) {
  return api<DataEnvelope<AuthResult>>('/my-account/user/login', { method: 'POST', body }).then((r) => r.data);
}

export function register(body: { name: string; email: string; phone?: string; password: string }) {
  return api<DataEnvelope<AuthResult>>('/my-account/user/register', { method: 'POST', body }).then((r) => r.data);
}

export function logout() {
  return api<DataEnvelope<{ ok: boolean }>>('/my-account/user/logout', { method: 'POST' });
}

/** Mails a password reset link when an account matches `email` (e-mail or mobile number); answers the same when none does. */
export function requestPasswordReset(email: string) {
  return api<DataEnvelope<{ ok: boolean }>>('/my-account/password/reset_code', { method: 'POST', body: { email } });
}

/** The account of a reset link that still works, its e-mail address partly hidden; 422 `reset_link_invalid` otherwise. */
export function verifyResetLink(token: string) {
  return api<DataEnvelope<{ email: string }>>('/my-account/password/reset_code_verification', { query: { token } }).then((r) => r.data);
}

/** Sets a new password with a reset link and signs in (a fresh session, as logging in gives). */
export function resetPassword(body: { token: string; password: string; password_confirmation: string }) {
  return api<DataEnvelope<AuthResult>>('/my-account/password/reset', { method: 'PUT', body }).then((r) => r.data);
}

/** Verifies the account's e-mail address with a mailed link: the address verified; 422 `verification_link_invalid` when unknown, expired or used. */
export function verifyEmailLink(token: string) {
  return api<DataEnvelope<{ email: string }>>('/my-account/verification-by-mail', { query: { token } }).then((r) => r.data);
}

/**
 * Texts a 6-digit code (valid 5 minutes, 5 tries) to the signed-in account's phone. 429
 * `too_many_attempts` (one a minute, five an hour), 409 `already_verified`, 422 `phone_missing`.
 */
export function sendPhoneCode() {
  return api<DataEnvelope<{ ok: boolean }>>('/my-account/verify/resend_code', { method: 'POST', body: { channel: 'phone' } });
}

/** Verifies the account's phone with the texted code; 422 `otp_wrong`, `otp_expired`, `otp_too_many_tries` (messages in `errors.otp`). */
export function verifyPhoneCode(otp: string) {
  return api<DataEnvelope<{ phone: string }>>('/my-account/verification-by-phone', { method: 'PUT', body: { otp } }).then((r) => r.data);
}
