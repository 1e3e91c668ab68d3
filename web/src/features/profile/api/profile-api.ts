// Calls of the profile pages (docs/api-accounts.md "Profile" and the signed-in password change),
// and the upazilas (sub-districts) a profile names beside its district.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { District, ReferenceItem } from '../../../lib/reference-api';
import { uploadForm, type UploadHandle } from '../../../lib/upload';
import type { DataEnvelope, UserInfo } from '../../../lib/types';
import type { AnnouncementChannel, AnnouncementChoice } from '../../auth/api/auth-api';

export type Gender = 'female' | 'male' | 'other';

/** The parts of a profile that count towards its completeness, as `missing` names them. */
export const PROFILE_PARTS = ['name_bn', 'email_verified', 'phone', 'photo', 'gender', 'date_of_birth', 'address', 'bio'] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

export interface Profile {
  id: number;
  name: string;
  name_bn: string | null;
  email: string | null;
  email_verified: boolean;
  /** E.164: +8801XXXXXXXXX. */
  phone: string | null;
  phone_verified: boolean;
  photo: string | null;
  gender: Gender | null;
  /** YYYY-MM-DD. */
  date_of_birth: string | null;
  address: string | null;
  bio: string | null;
  /** From the reference lists (lib/reference-api.ts); null: not given. */
  profession_id: number | null;
  district_id: number | null;
  /** One of the district's upazilas (useUpazilas); null: not given. */
  upazila_id: number | null;
  /** 0-100. */
  completeness: number;
  missing: ProfilePart[];
}

/** Body of update-profile: every field, an empty string (null for an id) clears an optional one. */
export interface ProfileBody {
  name: string;
  name_bn: string;
  email: string;
  phone: string;
  gender: Gender | '';
  date_of_birth: string;
  address: string;
  bio: string;
  profession_id: number | null;
  district_id: number | null;
  /** An upazila of `district_id` (the server refuses another district's, or one without a district). */
  upazila_id: number | null;
  /** Needed only when the e-mail address changes; "" otherwise. */
  current_password: string;
}

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** A new session: the password change ends every session, this one included. */
export interface SessionResult {
  token: string;
  user: UserInfo;
}

export function getProfile() {
  return api<DataEnvelope<Profile>>('/my-account/user/profile-info').then((r) => r.data);
}

export function updateProfile(body: ProfileBody) {
  return api<DataEnvelope<Profile>>('/my-account/user/update-profile', { method: 'POST', body }).then((r) => r.data);
}

/** Changes the signed-in user's password (no reset token); answers the session to go on with. */
export function changePassword(body: PasswordChange) {
  return api<DataEnvelope<SessionResult>>('/my-account/password/reset', { method: 'PUT', body }).then((r) => r.data);
}

/** An outside sign-in (myGov, Google, Facebook) linked to the account. */
export interface Identity {
  id: number;
  /** mygov, google or facebook. */
  provider: string;
  /** The e-mail address or phone the provider gave; null when it gave none. */
  login: string | null;
  /** When it was linked (ISO 8601). */
  created_at: string;
}

/** GET /my-account/user/identities: the outside sign-ins linked to the signed-in account. */
export function getIdentities() {
  return api<DataEnvelope<Identity[]>>('/my-account/user/identities').then((r) => r.data);
}

/** Unlinks one; 409 `last_way_in` when the account has no password and this is its only sign-in. */
export function deleteIdentity(id: number) {
  return api<DataEnvelope<{ done: boolean }>>(`/my-account/user/identities/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

/** GET /my-account/message-preferences: the site's announcements per address of the signed-in person (e-mail; mobile number once verified), maybe none. */
export function getAnnouncementChoices() {
  return api<DataEnvelope<AnnouncementChoice[]>>('/my-account/message-preferences').then((r) => r.data);
}

/** Leaving (`left`) or taking again the site's announcements by one channel. */
export interface AnnouncementPreference {
  channel: AnnouncementChannel;
  left: boolean;
}

/** PUT /my-account/message-preferences: every address's choice afterwards; 422 `no_address` when the person has none by that channel. */
export function setAnnouncementChoice(body: AnnouncementPreference) {
  return api<DataEnvelope<AnnouncementChoice[]>>('/my-account/message-preferences', { method: 'PUT', body }).then((r) => r.data);
}

/** One of a district's upazilas: `title` in English, `bn_title` in Bangla (categoryTitle() words it). */
export interface Upazila extends ReferenceItem {
  district_id: number;
}

/** An upazila with the district and the division it lies in. */
export interface UpazilaInfo extends Upazila {
  district: District;
  division: ReferenceItem;
}

/** GET /admin-settings/upazilas/{district_id}: the district's upazilas by English name (an unknown district has none). */
export function fetchUpazilas(districtId: number) {
  return api<DataEnvelope<Upazila[]>>(`/admin-settings/upazilas/${districtId}`, { silent: true }).then((r) => r.data);
}

/** GET /admin-settings/upazilaInfo/{id}: one upazila with its district and division; 404 for an unknown id. */
export function fetchUpazilaInfo(id: number) {
  return api<DataEnvelope<UpazilaInfo>>(`/admin-settings/upazilaInfo/${id}`, { silent: true }).then((r) => r.data);
}

/** Beside lib/reference-api.ts's referenceKeys: the upazilas by district, an upazila by id. */
export const upazilaKeys = {
  list: (districtId: number) => ['reference', 'upazilas', districtId] as const,
  info: (id: number) => ['reference', 'upazila-info', id] as const,
};

/** Reference data, the same for every site and rarely changed: read once per session (as the districts are). */
const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

/** The upazilas of district `districtId`; nothing is fetched without a district. */
export function useUpazilas(districtId: number | null) {
  return useQuery({
    queryKey: upazilaKeys.list(districtId ?? 0),
    queryFn: () => fetchUpazilas(districtId ?? 0),
    enabled: districtId != null,
    ...ONCE,
  });
}

/** Upazila `id` with its district and division; nothing is fetched without an id. */
export function useUpazilaInfo(id: number | null) {
  return useQuery({
    queryKey: upazilaKeys.info(id ?? 0),
    queryFn: () => fetchUpazilaInfo(id ?? 0),
    enabled: id != null,
    ...ONCE,
  });
}

/** The pictures the server takes as a profile photo, and how large. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Why the server would refuse this file as a photo, checked before sending it: 'type', 'size' or null. */
export function photoProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'type';
  return file.size > PHOTO_MAX_BYTES ? 'size' : null;
}

/**
 * POST /my-account/user/profile_photo (multipart `photo`) with upload progress: the signed-in user,
 * whose `photo` is the stored centre square. 422 `errors.photo` (not a picture, too large), 413.
 */
export function uploadProfilePhoto(file: File, onProgress: (percent: number) => void): UploadHandle<UserInfo> {
  const form = new FormData();
  form.append('photo', file, file.name);
  return uploadForm<UserInfo>('/my-account/user/profile_photo', form, onProgress);
}
