// User management as queries and mutations. Keys carry the current role (another role, maybe
// another site's people), then the list's filters from the address. A 403 of a page's query
// replaces the page by the forbidden page; the role picker's list is a section of its page (a role
// may give people roles without managing the roles themselves).
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { ApiError } from '../../../lib/api-client';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { withParam } from '../../../lib/list-params';
import { ME_KEY, useCurrentUser } from '../../../lib/session';
import {
  addPerson,
  ALL_ROLES,
  changeRole,
  deleteRole,
  fetchActivity,
  fetchPeople,
  fetchPerson,
  fetchPersonRoles,
  fetchRole,
  fetchRoleModules,
  fetchRoles,
  fetchUserActivity,
  removeMembership,
  saveRole,
  type ListParams,
  type PeopleParams,
  type PeopleType,
  type Person,
  type PersonInput,
  type RoleInput,
  type SiteRole,
} from '../api/users-api';

export const userKeys = {
  all: ['users'] as const,
  roles: (role: number) => ['users', role, 'roles'] as const,
  roleList: (role: number, p: ListParams, limit: number) => ['users', role, 'roles', 'list', limit, p.page, p.search.trim()] as const,
  roleModules: (role: number) => ['users', role, 'roles', 'modules'] as const,
  role: (role: number, slug: string) => ['users', role, 'roles', 'one', slug] as const,
  people: (role: number) => ['users', role, 'people'] as const,
  peopleList: (role: number, p: PeopleParams) => ['users', role, 'people', 'list', p.type, p.role ?? '', p.page, p.search.trim()] as const,
  person: (role: number, id: number) => ['users', role, 'people', 'one', id] as const,
  personRoles: (role: number, service: string, id: number) => ['users', role, 'people', 'roles', service, id] as const,
  activity: (role: number, p: ListParams) => ['users', role, 'activity', 'site', p.page, p.search.trim()] as const,
  userActivity: (role: number, user: number, page: number) => ['users', role, 'activity', 'user', user, page] as const,
};

/** The current role's id (0: the learner view): the part of every key that tells roles apart. */
export function useRoleKey() {
  return useCurrentUser().user?.currentrole?.id ?? 0;
}

/** Not worth asking again: the server said no, or there is no such role or person. */
function retry(count: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return count < 2;
}

type Ctx = { signal?: AbortSignal };

export function peopleQuery(role: number, p: PeopleParams) {
  return { queryKey: userKeys.peopleList(role, p), queryFn: ({ signal }: Ctx) => fetchPeople(p, signal), retry };
}

export function roleListQuery(role: number, p: ListParams, limit: number) {
  return { queryKey: userKeys.roleList(role, p, limit), queryFn: ({ signal }: Ctx) => fetchRoles(p, limit, signal), retry };
}

export function roleModulesQuery(role: number) {
  return { queryKey: userKeys.roleModules(role), queryFn: ({ signal }: Ctx) => fetchRoleModules(signal), retry, staleTime: 10 * 60_000 };
}

export function roleQuery(role: number, slug: string) {
  return { queryKey: userKeys.role(role, slug), queryFn: ({ signal }: Ctx) => fetchRole(slug, signal), retry };
}

export function personQuery(role: number, id: number) {
  return { queryKey: userKeys.person(role, id), queryFn: ({ signal }: Ctx) => fetchPerson(id, signal), retry };
}

export function personRolesQuery(role: number, service: string, id: number) {
  return { queryKey: userKeys.personRoles(role, service, id), queryFn: ({ signal }: Ctx) => fetchPersonRoles(service, id, signal), retry };
}

export function activityQuery(role: number, p: ListParams) {
  return { queryKey: userKeys.activity(role, p), queryFn: ({ signal }: Ctx) => fetchActivity(p, signal), retry };
}

export function userActivityQuery(role: number, user: number, page: number) {
  return { queryKey: userKeys.userActivity(role, user, page), queryFn: ({ signal }: Ctx) => fetchUserActivity(user, page, signal), retry };
}

/** The address's ?search= and its setter (back to page 1, in place of the last address). */
export function useSearchParam(key = 'search') {
  const [params, setParams] = useSearchParams();
  const value = params.get(key) ?? '';
  const set = useCallback((v: string) => setParams((prev) => withParam(prev, key, v.trim()), { replace: true }), [key, setParams]);
  return [value, set] as const;
}

/** The page's list of people (?search=, ?role= for system users, ?page=). */
export function usePeople(type: PeopleType) {
  const [search, setSearch] = useSearchParam('search');
  const [roleFilter, setRoleFilter] = useSearchParam('role');
  const [page, setPage] = usePageParam();
  const role = type === 'system' ? roleFilter : '';
  const query = useQuery({ ...peopleQuery(useRoleKey(), { type, search, role, page }), placeholderData: keepPreviousData });
  useClampPageParam(query.data?.last_page);
  return { query, search, setSearch, role, setRole: setRoleFilter, page, setPage };
}

/** The site's roles, a page of the address (?search=, ?page=). */
export function useRoleList() {
  const [search, setSearch] = useSearchParam('search');
  const [page, setPage] = usePageParam();
  const query = useQuery({ ...roleListQuery(useRoleKey(), { search, page }, 20), placeholderData: keepPreviousData });
  useClampPageParam(query.data?.last_page);
  return { query, search, setSearch, page, setPage };
}

/** Every role of the site, for the pickers and the filter (a section of its page: its own error). */
export function useAllRoles(enabled = true) {
  return useQuery({ ...roleListQuery(useRoleKey(), { search: '', page: 1 }, ALL_ROLES), enabled, meta: SECTION_QUERY, select: (p) => p.data });
}

export function useRoleModules() {
  return useQuery(roleModulesQuery(useRoleKey()));
}

export function useRole(slug: string, enabled = true) {
  return useQuery({ ...roleQuery(useRoleKey(), slug), enabled });
}

export function usePerson(id: number) {
  return useQuery(personQuery(useRoleKey(), id));
}

export function usePersonRoles(service: string, id: number) {
  return useQuery({ ...personRolesQuery(useRoleKey(), service, id), meta: SECTION_QUERY });
}

/** The site's activity log (?search=, ?page=). */
export function useActivity() {
  const [search, setSearch] = useSearchParam('search');
  const [page, setPage] = usePageParam();
  const query = useQuery({ ...activityQuery(useRoleKey(), { search, page }), placeholderData: keepPreviousData });
  useClampPageParam(query.data?.last_page);
  return { query, search, setSearch, page, setPage };
}

/** One person's activity (?page=). */
export function useUserActivity(user: number) {
  const [page, setPage] = usePageParam();
  const query = useQuery({ ...userActivityQuery(useRoleKey(), user, page), placeholderData: keepPreviousData });
  useClampPageParam(query.data?.last_page);
  return { query, page, setPage };
}

/** The server says there is no such role or person (on this site). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

// ---- mutations ----

/** Roles changed: the lists, the counts, and the caller's own map (their role's may be the one edited). */
function rolesChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: userKeys.all });
  void qc.invalidateQueries({ queryKey: ME_KEY });
}

/** Creates a role, or saves the one `slug` names (422 on `name`, `permissions`; `built_in_role`). */
export function saveRoleMutation(qc: QueryClient): UseMutationOptions<SiteRole, Error, RoleInput> {
  return {
    mutationFn: (input) => saveRole(input),
    onSuccess: () => rolesChanged(qc),
  };
}

/** Deletes a role of the site's own (409 `role_in_use`, 422 `built_in_role`). */
export function deleteRoleMutation(qc: QueryClient): UseMutationOptions<unknown, Error, SiteRole> {
  return {
    mutationFn: (role) => deleteRole(role.slug),
    onSuccess: () => rolesChanged(qc),
  };
}

/** People changed: their lists, the person's page and the roles' member counts are read again. */
function peopleChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: userKeys.all });
}

/** Gives someone a role by e-mail or phone (422 `user_not_found`, `login_invalid`; 409 `already_member`). */
export function addPersonMutation(qc: QueryClient): UseMutationOptions<Person, Error, PersonInput> {
  return { mutationFn: (input) => addPerson(input), onSuccess: () => peopleChanged(qc) };
}

/** Another role for one of a person's memberships (409 `last_super_admin`, 403 `own_role`). */
export function changeRoleMutation(qc: QueryClient): UseMutationOptions<Person, Error, { membership: number; role: string }> {
  return { mutationFn: ({ membership, role }) => changeRole(membership, role), onSuccess: () => peopleChanged(qc) };
}

/** Takes a role from a person (409 `last_super_admin`, 403 `own_role`). */
export function removeMembershipMutation(qc: QueryClient, service: string): UseMutationOptions<unknown, Error, { membership: number }> {
  return { mutationFn: ({ membership }) => removeMembership(service, membership), onSuccess: () => peopleChanged(qc) };
}
