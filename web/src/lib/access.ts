// The caller's permission map (docs/api-users.md): what the current role may do, module by module
// (`{module: {action: bool}}`, an absent module or action is refused). The side navigation shows an
// item only when its module may be viewed, and the pages of a module turn away a role that may not.
// The learner view (no role) is not narrowed by maps.
//
// The map comes with the signed-in user's record (`currentrole.permissions`); the spec's
// GET /my-account/system-user/users-access-given answers the same.
import { useCurrentUser } from './session';

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Every module a role may hold (`partners` on the main site only), in the API's order. */
export const MODULES = [
  'dashboard',
  'course',
  'classroom',
  'content',
  'exam',
  'question_bank',
  'training',
  'event',
  'accounts',
  'promotion',
  'publishing',
  'reports',
  'users',
  'roles',
  'activity',
  'settings',
  'partners',
] as const;
export type Module = (typeof MODULES)[number];

/** module -> action -> granted; what it leaves out is refused. */
export type PermissionMap = { [module: string]: { [action: string]: boolean } | undefined };

/** Whether the map grants `action` on `module`. */
export function allows(map: PermissionMap | null | undefined, module: string, action: string = 'view'): boolean {
  return map?.[module]?.[action] === true;
}

export interface CurrentAccess {
  /** The map to narrow by; null: not narrowed (the learner view, or a record without a map). */
  permissions: PermissionMap | null;
  /** The signed-in user's record has not come yet: nothing can be said. */
  pending: boolean;
}

/**
 * What the current role may do: its map comes with the signed-in user's record
 * (`currentrole.permissions`, from view-info, login and switch-role), so a role switch brings the
 * new map at once. A learner is not narrowed; a record without a map is not narrowed either (the
 * server still refuses what the role may not do).
 */
export function useAccess(): CurrentAccess {
  const { user, menuClass: cls, isLoading } = useCurrentUser();
  if (isLoading) return { permissions: null, pending: true };
  const role = user?.currentrole;
  if (!user || !role || cls === 'learner') return { permissions: null, pending: false };
  return { permissions: role.permissions ?? null, pending: false };
}

/** Whether the current role may `action` on `module` (true in the learner view); null while it is not known. */
export function useAllows(module: Module, action: Action = 'view'): boolean | null {
  const { permissions, pending } = useAccess();
  if (pending) return null;
  return !permissions || allows(permissions, module, action);
}
