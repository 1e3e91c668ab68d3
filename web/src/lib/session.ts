import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { getToken, subscribeAuth } from './auth-storage';
import { currentRoleEntry, menuClass } from './menu-class';
import type { DataEnvelope, UserInfo } from './types';

export const ME_KEY = ['me'] as const;

export function useToken(): string | null {
  return useSyncExternalStore(subscribeAuth, getToken, () => null);
}

export function fetchMe() {
  return api<DataEnvelope<UserInfo>>('/api/user').then((r) => r.data);
}

/** The signed-in user (GET /api/user); disabled without a token. */
export function useCurrentUser() {
  const token = useToken();
  const query = useQuery({
    queryKey: [...ME_KEY, token],
    queryFn: fetchMe,
    enabled: !!token,
    staleTime: 60_000,
  });
  const user = token ? (query.data ?? null) : null;
  return {
    token,
    isSignedIn: !!token,
    user,
    menuClass: menuClass(user?.currentrole),
    roleEntry: currentRoleEntry(user),
    isLoading: !!token && query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}

export function useSetCurrentUser() {
  const qc = useQueryClient();
  return (user: UserInfo) => qc.setQueryData([...ME_KEY, getToken()], user);
}
