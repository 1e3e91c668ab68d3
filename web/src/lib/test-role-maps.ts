// Test fixtures: the permission maps of the built-in roles, exactly as the "Built-in roles" table
// of docs/api-users.md gives them (test-role-maps.test.ts holds them to it), in the shape the
// signed-in user's record carries its role's map (`currentrole.permissions`): every module the role
// holds anything on, each with its four actions, granted or not; a module left out is refused.
// In a test file:
//   testSession.user = signedInUser(3, builtInRole('teacher', 32, 4));
//   menuFor('partner', ROLE_MAPS.teacher);
// The app never imports this module.
import { ACTIONS, MODULES, type Action, type Module, type PermissionMap } from './access';
import type { CurrentRole } from './types';

/** The slugs of the built-in roles (docs/api-users.md). */
export const BUILT_IN_ROLES = ['super', 'sys-blog-and-tutorial-admin', 'partner-admin', 'teacher'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

const ALL = ACTIONS;
const VIEW = ['view'] as const satisfies readonly Action[];

/** A map granting each module the actions given with it, the module's other actions refused. */
export function permissionMap(grants: [Module, readonly Action[]][]): PermissionMap {
  const map: PermissionMap = {};
  for (const [module, granted] of grants) {
    map[module] = Object.freeze(Object.fromEntries(ACTIONS.map((a) => [a, granted.includes(a)])));
  }
  return Object.freeze(map);
}

/** Every action on each of `modules`. */
const every = (modules: readonly Module[]): [Module, readonly Action[]][] => modules.map((m) => [m, ALL]);

/** The built-in roles' maps (frozen: a test cannot change another's). */
export const ROLE_MAPS: Readonly<Record<BuiltInRole, PermissionMap>> = Object.freeze({
  // Everything.
  super: permissionMap(every(MODULES)),
  // dashboard.view, publishing.*
  'sys-blog-and-tutorial-admin': permissionMap([['dashboard', VIEW], ['publishing', ALL]]),
  // Every module but partners.
  'partner-admin': permissionMap(every(MODULES.filter((m) => m !== 'partners'))),
  // dashboard.view, course.*, classroom.*, content.*, exam.*, question_bank.*, training.*, event.*,
  // publishing.* (no reports: the server refuses a teacher the reports)
  teacher: permissionMap([
    ['dashboard', VIEW],
    ...every(['course', 'classroom', 'content', 'exam', 'question_bank', 'training', 'event', 'publishing']),
  ]),
});

/** A current role of built-in role `role`, with its map, as the signed-in user's record has it. */
export function builtInRole(role: BuiltInRole, id: number, ownerId: number | null): CurrentRole {
  return { id, role, owner_id: ownerId, permissions: ROLE_MAPS[role] };
}
