// Menu classes (SPEC 6): learner by default; super for "super" or any "sys-" role except the
// blog-and-tutorial admin, who is "approver"; any other role is "partner".
import type { CurrentRole, Role, UserInfo } from './types';

export type MenuClass = 'super' | 'partner' | 'learner' | 'approver';

export const APPROVER_ROLE = 'sys-blog-and-tutorial-admin';

export function menuClass(currentRole: { role?: string | null } | null | undefined): MenuClass {
  const role = currentRole?.role?.trim();
  if (!role) return 'learner';
  if (role === APPROVER_ROLE) return 'approver';
  if (role === 'super' || role.startsWith('sys-')) return 'super';
  return 'partner';
}

/** Role name shown to people: "sys-" prefix dropped; empty means Learner. */
export function displayRole(role: string | null | undefined): string {
  if (!role) return '';
  return role.replace(/^sys-/, '');
}

/** The Role entry of the user matching the current role (for its institution). */
export function currentRoleEntry(user: UserInfo | null | undefined): Role | null {
  const cur: CurrentRole | null | undefined = user?.currentrole;
  if (!user || !cur) return null;
  return user.roles.find((r) => r.id === cur.id) ?? null;
}
