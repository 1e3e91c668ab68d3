// The profile as the pages show it and as the edit form starts from.
import { intlLocale } from '../../../lib/lang';
import type { Profile, ProfileBody } from '../api/profile-api';

/** The edit form holds exactly what update-profile takes. */
export type ProfileFormValues = ProfileBody;

/** Fields of the edit form, which the server may name in a 422 of update-profile. */
export const PROFILE_FIELDS = ['name', 'name_bn', 'email', 'phone', 'gender', 'date_of_birth', 'profession_id', 'district_id', 'upazila_id', 'address', 'bio', 'current_password'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A stored phone (+8801XXXXXXXXX) as people write it here: 01XXXXXXXXX. */
export function localPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.replace(/^\+?88(?=01\d{9}$)/, '');
}

export function profileValues(p: Profile): ProfileFormValues {
  return {
    name: p.name ?? '',
    name_bn: p.name_bn ?? '',
    email: p.email ?? '',
    phone: localPhone(p.phone),
    gender: p.gender ?? '',
    date_of_birth: p.date_of_birth ?? '',
    address: p.address ?? '',
    bio: p.bio ?? '',
    profession_id: p.profession_id ?? null,
    district_id: p.district_id ?? null,
    // An upazila counts only with its district (the server refuses one without).
    upazila_id: p.district_id == null ? null : (p.upazila_id ?? null),
    current_password: '',
  };
}

/** A calendar date (YYYY-MM-DD) in the interface's language and digits: "7 March 1995", "৭ মার্চ, ১৯৯৫". */
export function formatDay(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}
