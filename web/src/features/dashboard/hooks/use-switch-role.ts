import { useMutation } from '@tanstack/react-query';
import { setRoleHeaders } from '../../../lib/auth-storage';
import { useSetCurrentUser } from '../../../lib/session';
import type { Role } from '../../../lib/types';
import { switchRole } from '../api/dashboard-api';

/** Switch role, then keep Role-id / Owner-id for later requests and reload the user info. */
export function useSwitchRole() {
  const setUser = useSetCurrentUser();
  return useMutation({
    mutationFn: (role: Role | null) => switchRole(role?.id ?? 0),
    onSuccess: (user, role) => {
      const cur = user?.currentrole;
      if (!role) setRoleHeaders(0, null);
      else setRoleHeaders(cur?.id ?? role.id, cur?.owner_id ?? role.owner?.id ?? null);
      setUser(user);
    },
  });
}
