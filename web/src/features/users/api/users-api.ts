// User management (docs/api-users.md): the site's roles and their permission maps, the people who
// hold a role on the site and its learners, and the site's activity log. The site is the host's: a
// partner admin manages their own institution's, the super admin the main site's.
import { api } from '../../../lib/api-client';
import type { PermissionMap } from '../../../lib/access';
import type { DataEnvelope, Page, SiteInfo } from '../../../lib/types';

export type { PermissionMap } from '../../../lib/access';

/** `super` and `approver`: system roles of the main site; `partner`: an institution's. */
export type RoleClass = 'super' | 'approver' | 'partner';

export interface SiteRole {
  slug: string;
  name: string;
  name_bn: string | null;
  /** Defined in code: cannot be edited or deleted. */
  built_in: boolean;
  class: RoleClass;
  permissions: PermissionMap;
  /** How many people hold it on this site. */
  members: number;
  /** null for built-in roles. */
  updated_at: string | null;
}

/** A module the site's roles may hold, with its actions. */
export interface RoleModule {
  key: string;
  actions: string[];
}

/** A person's role on this site; `id` is the membership's, used to change or remove it. */
export interface PersonRole {
  id: number;
  slug: string;
  name: string;
  name_bn: string | null;
}

export interface Person {
  id: number;
  name: string;
  name_bn: string | null;
  email: string | null;
  phone: string | null;
  photo: string | null;
  created_at: string | null;
  roles: PersonRole[];
}

export interface ActivityLog {
  id: number;
  user_id: number | null;
  user_name: string | null;
  role: string | null;
  /** null for open calls (a learner's own writes). */
  module: string | null;
  action: string | null;
  method: string;
  path: string;
  subject: string | null;
  status: number;
  ip: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** `system`: people holding a role on this site; `learner`: people learning on it. */
export type PeopleType = 'system' | 'learner';

export interface PeopleParams {
  type: PeopleType;
  search: string;
  /** A role's slug: its holders only ('' for every role). */
  role?: string;
  page: number;
}

export interface ListParams {
  search: string;
  page: number;
}

export interface RoleInput {
  /** The role to update; without it a role is created (its slug made from `name`). */
  slug?: string;
  name: string;
  name_bn: string;
  permissions: PermissionMap;
}

export interface PersonInput {
  /** An e-mail address or a mobile number. */
  login: string;
  /** The role's slug. */
  role: string;
  /** Makes an account for someone who has none (they set a password with "forgot password"). */
  name?: string;
}

export const USERS_BASE = '/user-management';
export const PAGE_SIZE = 20;
/** The pickers read every role of the site at once (the API's largest page). */
export const ALL_ROLES = 100;

/** The `service` of the membership calls: the site's slug (the main site's is `main`). */
export function siteService(site: Pick<SiteInfo, 'slug' | 'is_main'> | null | undefined): string {
  return site?.slug || 'main';
}

const seg = (s: string | number) => encodeURIComponent(String(s));

// ---- roles ----

/** GET /admin-settings/role-list/view: a page of the site's roles, built-in first. */
export function fetchRoles({ search, page }: ListParams, limit = PAGE_SIZE, signal?: AbortSignal) {
  return api<Page<SiteRole>>('/admin-settings/role-list/view', { query: { search: search.trim(), page, limit }, signal });
}

/** GET /admin-settings/manage-roles/view: the modules the site's roles may hold, each with its actions. */
export function fetchRoleModules(signal?: AbortSignal) {
  return api<DataEnvelope<{ modules: RoleModule[] }>>('/admin-settings/manage-roles/view', { signal }).then((r) => r.data.modules);
}

/** GET /my-account/system-user/role-access-view/{slug}: one role and its map (404 unknown slug). */
export function fetchRole(slug: string, signal?: AbortSignal) {
  return api<DataEnvelope<SiteRole>>(`/my-account/system-user/role-access-view/${seg(slug)}`, { signal }).then((r) => r.data);
}

/** POST /admin-settings/new-role/create: creates a role (201), or updates the one `slug` names (200). */
export function saveRole(input: RoleInput) {
  return api<DataEnvelope<SiteRole>>('/admin-settings/new-role/create', { method: 'POST', body: input }).then((r) => r.data);
}

/** DELETE /admin-settings/manage-roles/delete/{slug}: 204; 409 `role_in_use` while people hold it. */
export function deleteRole(slug: string) {
  return api<unknown>(`/admin-settings/manage-roles/delete/${seg(slug)}`, { method: 'DELETE' });
}

// ---- people ----

/** POST /my-account/system-user/view: a page of the site's system users or learners. */
export function fetchPeople({ type, search, role, page }: PeopleParams, signal?: AbortSignal) {
  const body: Record<string, unknown> = { type, page, limit: PAGE_SIZE };
  if (search.trim()) body.search = search.trim();
  if (role) body.role = role;
  return api<Page<Person>>('/my-account/system-user/view', { method: 'POST', body, signal });
}

/** GET /my-account/system-user/view/{id}: one person, with their roles on this site. */
export function fetchPerson(id: number, signal?: AbortSignal) {
  return api<DataEnvelope<Person>>(`/my-account/system-user/view/${seg(id)}`, { signal }).then((r) => r.data);
}

/** GET /my-account/system-user/view-userrole/{service}/{id}: a person's roles on this site. */
export function fetchPersonRoles(service: string, id: number, signal?: AbortSignal) {
  return api<DataEnvelope<PersonRole[]>>(`/my-account/system-user/view-userrole/${seg(service)}/${seg(id)}`, { signal }).then((r) => r.data);
}

/**
 * POST /my-account/system-user/create: gives someone (by e-mail or phone) a role on this site,
 * making their account when there is none and a name is given (422 `user_not_found` on `login`
 * without one; 409 `already_member`).
 */
export function addPerson(input: PersonInput) {
  const body: PersonInput = { login: input.login.trim(), role: input.role };
  if (input.name?.trim()) body.name = input.name.trim();
  return api<DataEnvelope<Person>>('/my-account/system-user/create', { method: 'POST', body }).then((r) => r.data);
}

/** PUT /my-account/system-user/update: another role for a membership (409 `last_super_admin`, 403 `own_role`). */
export function changeRole(membership: number, role: string) {
  return api<DataEnvelope<Person>>('/my-account/system-user/update', { method: 'PUT', body: { id: membership, role } }).then((r) => r.data);
}

/** DELETE /my-account/system-user/delete/{service}/{membership}: 204 (409 `last_super_admin`, 403 `own_role`). */
export function removeMembership(service: string, membership: number) {
  return api<unknown>(`/my-account/system-user/delete/${seg(service)}/${seg(membership)}`, { method: 'DELETE' });
}

// ---- activity ----

/** GET /my-account/activity/view: a page of the site's activity log, newest first. */
export function fetchActivity({ search, page }: ListParams, signal?: AbortSignal) {
  return api<Page<ActivityLog>>('/my-account/activity/view', { query: { search: search.trim(), page, limit: PAGE_SIZE }, signal });
}

/** GET /my-account/activity/viewlogs/{user}: a page of one person's activity on this site. */
export function fetchUserActivity(user: number, page: number, signal?: AbortSignal) {
  return api<Page<ActivityLog>>(`/my-account/activity/viewlogs/${seg(user)}`, { query: { page, limit: PAGE_SIZE }, signal });
}
