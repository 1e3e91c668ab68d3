// Rules of the login page: a plain sign-in, or "Add another account" (the page opened with
// ?add_account=1 while signed in), which adds the account to those signed in on this device.
import type { UseMutationOptions } from '@tanstack/react-query';
import { login, type AuthResult } from '../api/auth-api';

export interface LoginForm {
  email: string;
  password: string;
}

/**
 * Logs in, then signs in as any sign-in does. `addAccount`: the account joins this device's
 * accounts (the current token, which api() sends, says which device) instead of replacing the
 * session there; nothing is sent otherwise, so a plain sign-in's body stays as it was.
 */
export function loginMutation(addAccount: boolean, signIn: (result: AuthResult) => void): UseMutationOptions<AuthResult, Error, LoginForm> {
  return {
    mutationFn: (v) => login(addAccount ? { ...v, add_account: true } : v),
    onSuccess: (result) => signIn(result),
  };
}
