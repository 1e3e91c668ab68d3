// The rules the profile and password forms check before sending (the server's,
// docs/api-accounts.md) and the body of update-profile. Loaded with the forms' chunk: it imports
// nothing but types from the pages' modules.
import type { Gender, ProfileBody } from '../api/profile-api';
import type { ProfileFormValues } from './profile-values';

export const GENDERS: readonly Gender[] = ['female', 'male', 'other'];

export const NAME_MAX = 120;
export const ADDRESS_MAX = 300;
export const BIO_MAX = 1000;
export const BIRTH_YEAR_MIN = 1900;
export const MIN_PASSWORD = 8;

/** The e-mail address differs from the saved one (as the server compares them: trimmed, any case). */
export function emailChanged(email: string, saved: string | null | undefined): boolean {
  return email.trim().toLowerCase() !== (saved ?? '').trim().toLowerCase();
}

/** Body of update-profile: every field; the current password only with a new e-mail address. */
export function profileBody(v: ProfileFormValues, savedEmail: string | null | undefined): ProfileBody {
  return {
    name: v.name.trim(),
    name_bn: v.name_bn.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    gender: v.gender,
    date_of_birth: v.date_of_birth.trim(),
    address: v.address.trim(),
    bio: v.bio.trim(),
    profession_id: v.profession_id ?? null,
    district_id: v.district_id ?? null,
    upazila_id: v.district_id == null ? null : (v.upazila_id ?? null),
    current_password: emailChanged(v.email, savedEmail) ? v.current_password : '',
  };
}

/** Where the profile says one lives: a district and one of its upazilas. */
export type Place = Pick<ProfileFormValues, 'district_id' | 'upazila_id'>;

/**
 * The place after choosing district `districtId` (null: none): another district than the chosen one
 * clears the upazila, which the server would refuse as not in it.
 */
export function chooseDistrict(place: Place, districtId: number | null): Place {
  return { district_id: districtId, upazila_id: districtId != null && districtId === place.district_id ? place.upazila_id : null };
}

/** A Bangladeshi mobile number in any spelling the server takes (lib/phone.ts). */
export { isMobileNumber } from '../../../lib/phone';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Today in the browser's calendar, as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** A birth date the server takes: YYYY-MM-DD, from 1900, before today ('' is no date). */
export function birthDateProblem(value: string, today = todayIso()): 'invalid' | 'out_of_range' | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return 'invalid';
  if (Number(value.slice(0, 4)) < BIRTH_YEAR_MIN || value >= today) return 'out_of_range';
  return null;
}
