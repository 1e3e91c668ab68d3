// "Accounts on this device": the accounts signed in one after another on this browser (a shared
// phone, a cyber-cafe computer), and switching between them.
import { useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { AFTER_SIGN_IN } from '../../../lib/redirect';
import { useToken } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { deviceAccounts, switchAccount, type AuthResult, type DeviceAccount } from '../api/auth-api';
import { useSignIn } from './use-sign-in';

const DEVICE_ACCOUNTS = ['device-accounts'] as const;

/** Per token: the list is the asking session's (its own account marked current). */
export const deviceAccountsKey = (token: string | null) => [...DEVICE_ACCOUNTS, token] as const;

export function deviceAccountsQuery(token: string | null) {
  return { queryKey: deviceAccountsKey(token), queryFn: deviceAccounts, enabled: !!token, staleTime: 30_000 };
}

/** This device's accounts, read while `wanted` (the account menu is open) and signed in. */
export function useDeviceAccounts(wanted = true) {
  const query = deviceAccountsQuery(useToken());
  return useQuery({ ...query, enabled: query.enabled && wanted });
}

/** The accounts one may switch to: all but the signed-in one. */
export const otherAccounts = (list: DeviceAccount[] | undefined) => (list ?? []).filter((a) => !a.current);

/** Logging out signs out every account on the device: its label says so when there are several. */
export const signOutLabelKey = (list: DeviceAccount[] | undefined) => ((list?.length ?? 0) > 1 ? 'common:nav.logout_all' : 'common:nav.logout');

/**
 * Switches to the account `id` and goes on as signing in does (`signIn`: useSignIn's), to the
 * dashboard. An account no longer signed in here (404 `account_not_on_device`) leaves the list,
 * which is read again; every failure is told with `onFailed`.
 */
export function switchAccountMutation(
  qc: QueryClient,
  signIn: (result: AuthResult, to: string) => void,
  onFailed: (err: Error) => void,
): UseMutationOptions<AuthResult, Error, number> {
  return {
    mutationFn: (id) => switchAccount(id),
    onSuccess: (result) => signIn(result, AFTER_SIGN_IN),
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'account_not_on_device') void qc.invalidateQueries({ queryKey: DEVICE_ACCOUNTS });
      onFailed(err);
    },
  };
}

/** Switching accounts from the account menu; a failure is told in a toast. */
export function useSwitchAccount() {
  const qc = useQueryClient();
  const signIn = useSignIn();
  const toast = useToast();
  const errorText = useErrorText();
  return useMutation(switchAccountMutation(qc, signIn, (err) => toast.show(errorText(err), { severity: 'error' })));
}
