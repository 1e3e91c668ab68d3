// Queries and mutations of the profile pages.
import { useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { getRoleHeaders, getToken, setToken } from '../../../lib/auth-storage';
import { ME_KEY, useToken } from '../../../lib/session';
import type { UserInfo } from '../../../lib/types';
import { fieldErrorsOf } from '../../../lib/use-error-text';
import type { AnnouncementChoice } from '../../auth/api/auth-api';
import { ANNOUNCEMENTS_KEY } from '../../auth/hooks/unsubscribe';
import { changePassword, deleteIdentity, getAnnouncementChoices, getIdentities, getProfile, setAnnouncementChoice, updateProfile, type AnnouncementPreference, type Identity, type PasswordChange, type Profile, type ProfileBody, type SessionResult } from '../api/profile-api';
import { PROFILE_FIELDS, type ProfileField } from './profile-values';

/** Per session, so that someone signing in after another on this browser never sees their profile. */
export const profileKey = (token: string | null) => ['profile', 'info', token] as const;

export function profileQuery(token: string | null) {
  return { queryKey: profileKey(token), queryFn: getProfile, enabled: !!token, staleTime: 30_000 };
}

/** GET /my-account/user/profile-info of the signed-in user. */
export function useProfile() {
  return useQuery(profileQuery(useToken()));
}

/**
 * Saves the profile: the answer becomes the profile shown, and the signed-in user (name, e-mail,
 * phone, completeness of the menus and the dashboard) is fetched again.
 */
export function updateProfileMutation(qc: QueryClient): UseMutationOptions<Profile, Error, ProfileBody> {
  return {
    mutationFn: (body) => updateProfile(body),
    onSuccess: (profile) => {
      qc.setQueryData(profileKey(getToken()), profile);
      void qc.invalidateQueries({ queryKey: ME_KEY });
    },
  };
}

/**
 * Goes on with the session a password change answers (every other one, the old one included, has
 * ended): the token stored as logging in does, the user query of the new token seeded, the old
 * token's profile kept. The role chosen on this browser stays: the role headers name one of the
 * same person's roles, which the new session accepts as the old one did.
 */
export function continueSession(qc: QueryClient, result: SessionResult) {
  const old = getToken();
  const previous = qc.getQueryData<UserInfo>([...ME_KEY, old]);
  const keepsRole = getRoleHeaders().roleId !== null && previous;
  qc.setQueryData<UserInfo>([...ME_KEY, result.token], keepsRole ? { ...result.user, currentrole: previous.currentrole } : result.user);
  const profile = qc.getQueryData<Profile>(profileKey(old));
  if (profile) qc.setQueryData(profileKey(result.token), profile);
  setToken(result.token);
  // Confirm the seeded user with the new session (its role as the headers choose it).
  void qc.invalidateQueries({ queryKey: ME_KEY });
}

/** Changes the password and continues with the new session; `onDone` runs once it is stored. */
export function changePasswordMutation(qc: QueryClient, onDone?: () => void): UseMutationOptions<SessionResult, Error, PasswordChange> {
  return {
    mutationFn: (body) => changePassword(body),
    onSuccess: (result) => {
      continueSession(qc, result);
      onDone?.();
    },
  };
}

export const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

/** The server's messages (already in the user's language) for the password fields. */
export function passwordErrors(err: unknown): Partial<Record<PasswordField, string>> {
  const all = fieldErrorsOf(err);
  const out: Partial<Record<PasswordField, string>> = {};
  for (const f of PASSWORD_FIELDS) if (all[f]) out[f] = all[f];
  return out;
}

/** The server's messages (already in the user's language) for the profile fields. */
export function profileErrors(err: unknown): Partial<Record<ProfileField, string>> {
  const all = fieldErrorsOf(err);
  const out: Partial<Record<ProfileField, string>> = {};
  for (const f of PROFILE_FIELDS) if (all[f]) out[f] = all[f];
  return out;
}

/** The linked outside sign-ins, per session as the profile is. */
export const identitiesKey = (token: string | null) => ['profile', 'identities', token] as const;

export function identitiesQuery(token: string | null) {
  return { queryKey: identitiesKey(token), queryFn: getIdentities, enabled: !!token, staleTime: 30_000 };
}

/** Unlinks an outside sign-in: gone from the list at once, the list read again. */
export function unlinkIdentityMutation(qc: QueryClient, onDone?: (id: number) => void): UseMutationOptions<unknown, Error, number> {
  return {
    mutationFn: (id) => deleteIdentity(id),
    onSuccess: (_, id) => {
      const key = identitiesKey(getToken());
      qc.setQueryData<Identity[]>(key, (list) => list?.filter((i) => i.id !== id));
      void qc.invalidateQueries({ queryKey: key });
      onDone?.(id);
    },
  };
}

/** The site's announcements per address of the signed-in person, per session as the profile is. */
export const announcementsKey = (token: string | null) => [...ANNOUNCEMENTS_KEY, token] as const;

export function announcementsQuery(token: string | null) {
  return { queryKey: announcementsKey(token), queryFn: getAnnouncementChoices, enabled: !!token, staleTime: 30_000 };
}

/** Leaves or takes again one channel's announcements: the answer (every address's choice) is the list shown. */
export function announcementsMutation(qc: QueryClient): UseMutationOptions<AnnouncementChoice[], Error, AnnouncementPreference> {
  return {
    mutationFn: (change) => setAnnouncementChoice(change),
    onSuccess: (choices) => qc.setQueryData(announcementsKey(getToken()), choices),
  };
}
