import { api } from '../../../lib/api-client';
import type { DataEnvelope, UserInfo } from '../../../lib/types';

export interface AuthResult {
  token: string;
  user: UserInfo;
}

/**
 * Logs in with a password; `link` (the token of an outside sign-in's `link` answer) links that
 * sign-in to the account. `add_account` with the current token (api() sends it) adds the account to
 * this device's accounts instead of replacing the session; 422 `device_accounts_full` (on `email`)
 * when the device has 5 already.
 */
export function login(body: { email: string; password: string; link?: string; add_account?: boolean }) {
  return api<DataEnvelope<AuthResult>>('/my-account/user/login', { method: 'POST', body }).then((r) => r.data);
}

export function register(body: { name: string; email: string; phone?: string; password: string }) {
  return api<DataEnvelope<AuthResult>>('/my-account/user/register', { method: 'POST', body }).then((r) => r.data);
}

/** Signs out every account signed in on this device (a shared phone keeps nobody signed in). */
export function logout() {
  return api<DataEnvelope<{ ok: boolean }>>('/my-account/user/logout', { method: 'POST' });
}

/** One of the accounts signed in on this browser (a shared phone, a cyber-cafe computer). */
export interface DeviceAccount {
  id: number;
  name: string;
  name_bn: string | null;
  photo: string | null;
  /** The e-mail address or phone, masked ("r***@example.com", "+8801*****678"). */
  login: string;
  /** The account of the token that asked. */
  current: boolean;
}

/** The accounts signed in on this device: the caller's own first, then the others in the order they signed in. */
export function deviceAccounts() {
  return api<DataEnvelope<DeviceAccount[]>>('/my-account/user/switch-account').then((r) => r.data);
}

/**
 * Switches to another account signed in on this device: its session, answered as logging in
 * answers (the user in the role it last used). 404 `account_not_on_device` when it is not signed
 * in here any more (its session expired, its password was reset).
 */
export function switchAccount(id: number) {
  return api<DataEnvelope<AuthResult>>(`/my-account/user/switch-account/${id}`, { method: 'POST' }).then((r) => r.data);
}

/**
 * Asks for a password reset: `email` is an e-mail address or a mobile number. An account that has
 * the mobile number verified is texted a 6-digit code (5 minutes, 5 tries); otherwise a matching
 * account is mailed a link. The answer is the same whichever happened, and when nothing matched.
 */
export function requestPasswordReset(email: string) {
  return api<DataEnvelope<{ ok: boolean }>>('/my-account/password/reset_code', { method: 'POST', body: { email } });
}

/** The account of a reset link that still works, its e-mail address partly hidden; 422 `reset_link_invalid` otherwise. */
export function verifyResetLink(token: string) {
  return api<DataEnvelope<{ email: string }>>('/my-account/password/reset_code_verification', { query: { token } }).then((r) => r.data);
}

/**
 * Sets a new password with a reset link (`token`) or a texted code (`phone`, `otp`) and signs in (a
 * fresh session, as logging in gives). A code's 422 names `otp` (`otp_wrong`, `otp_expired`,
 * `otp_too_many_tries`) or `phone` (`invalid_phone`); either's, the two passwords.
 */
export function resetPassword(body: ({ token: string } | { phone: string; otp: string }) & { password: string; password_confirmation: string }) {
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

/** The outside sign-ins this server offers (docs: sign-in with myGov, Google and Facebook). */
export type SsoProviderId = 'mygov' | 'google' | 'facebook';

export interface SsoProvider {
  id: SsoProviderId;
  name: string;
}

/** An outside sign-in whose e-mail or phone matches an account here: linking it takes the account's password. */
export interface SsoLink {
  /** Sent as `link` with the account's password (login). */
  token: string;
  /** The account's e-mail address or phone. */
  login: string;
  provider: SsoProviderId;
}

/** The answer of an outside sign-in: signed in (`created`: a new account was made), or an account to link first. */
export type SsoAnswer = (AuthResult & { created?: boolean }) | { link: SsoLink };

/** Where a start call goes: myGov's sign-in or sign-up, or Google's and Facebook's. */
export type SsoStartPath = 'mygov/login' | 'mygov/register' | 'sociallogin';

/** Only the providers configured on this server, in the order to show them. */
export function ssoProviders() {
  return api<DataEnvelope<SsoProvider[]>>('/my-account/sso/providers', { silent: true }).then((r) => r.data);
}

/** Starts an outside sign-in: the provider's page to send the browser to. */
export function startSso(path: SsoStartPath, body: { provider?: SsoProviderId; link?: boolean }) {
  return api<DataEnvelope<{ url: string }>>(`/my-account/user/${path}`, { method: 'POST', body }).then((r) => r.data.url);
}

/**
 * Finishes an outside sign-in with what the provider sent back. The state is single use: 422
 * `sso_state_invalid` the second time (and once 10 minutes have passed), 401 `sso_rejected`, 502
 * `sso_unavailable`, 404 `sso_provider_unknown`.
 */
export function verifySso(code: string, state: string) {
  return api<DataEnvelope<SsoAnswer>>('/my-account/verification-by-sso', { query: { token: code, state } }).then((r) => r.data);
}

/** Logs out a session that came from an outside sign-in: the provider's logout page to go to (null: none). */
export function idpLogout() {
  return api<DataEnvelope<{ url: string | null }>>('/my-account/user/idp-logout').then((r) => r.data);
}

/** A channel of the site's announcements (bulk messages), as the opt-out calls name it. */
export type AnnouncementChannel = 'email' | 'sms';

/** One address's choice about a site's announcements; account mails and notices about one's own enrolments are not announcements. */
export interface AnnouncementChoice {
  /** The site's name in Bangla and in English. */
  site_name: string;
  site_name_en: string;
  channel: AnnouncementChannel;
  /** An e-mail address, or a mobile number as +8801XXXXXXXXX. */
  address: string;
  /** The address gets no more of the site's announcements by this channel. */
  left: boolean;
}

/** What an announcement's unsubscribe link is about (no sign-in needed); 404 `unsubscribe_link_invalid` for a forged token or another site's. */
export function readUnsubscribeLink(token: string) {
  return api<DataEnvelope<AnnouncementChoice>>('/my-account/unsubscribe', { query: { token } }).then((r) => r.data);
}

/** Leaves (`left`) or takes again the site's announcements to the link's address: the choice as it now stands. */
export function setUnsubscribed(token: string, left: boolean) {
  return api<DataEnvelope<AnnouncementChoice>>('/my-account/unsubscribe', { method: left ? 'POST' : 'DELETE', query: { token } }).then((r) => r.data);
}
