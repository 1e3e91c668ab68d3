// Calls of the profile pages (docs/api-accounts.md "Profile" and the signed-in password change).
import { api } from '../../../lib/api-client';
import { uploadForm, type UploadHandle } from '../../../lib/upload';
import type { DataEnvelope, UserInfo } from '../../../lib/types';

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
