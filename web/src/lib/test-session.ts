// For component tests (*.test.tsx) of what a signed-in user sees, whose token a static render does
// not have: stands in for lib/session with the user the test sets. In a test file:
//   vi.mock('<path to>/lib/session', () => import('<path to>/lib/test-session'));
//   testSession.user = signedInUser(3, { id: 8, role: 'teacher', owner_id: 1 });
// A role's permission map comes with its record (`currentrole.permissions`): the built-in roles'
// are in lib/test-role-maps. `testSession.loading` stands for a record not come yet.
// The app never imports this module.
import { currentRoleEntry, menuClass } from './menu-class';
import type { CurrentRole, UserInfo } from './types';

export const testSession: { user: UserInfo | null; loading?: boolean } = { user: null };

/** A user signed in with `currentrole` (null: a learner). */
export function signedInUser(id: number, currentrole: CurrentRole | null): UserInfo {
  return {
    id,
    name: 'Rina Das',
    email: 'rina@example.com',
    phone: null,
    email_verified: true,
    phone_verified: false,
    photo: null,
    roles: currentrole ? [{ id: currentrole.id, role: currentrole.role, owner: null }] : [],
    currentrole,
  };
}

/** lib/session's useToken: a token while signed in (`testSession.user`, or its record not come yet). */
export const useToken = (): string | null => (testSession.user || testSession.loading ? 'token' : null);

/** lib/session's useCurrentUser, for `testSession.user` (none yet while `testSession.loading`). */
export function useCurrentUser() {
  const loading = !!testSession.loading;
  const user = loading ? null : testSession.user;
  return {
    token: useToken(),
    isSignedIn: !!user || loading,
    user,
    menuClass: menuClass(user?.currentrole),
    roleEntry: currentRoleEntry(user),
    isLoading: loading,
    error: null,
    refetch: () => undefined,
  };
}
