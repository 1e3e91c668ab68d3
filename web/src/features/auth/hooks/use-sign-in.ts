import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { setRoleHeaders, setToken } from '../../../lib/auth-storage';
import { redirectTarget } from '../../../lib/redirect';
import { ME_KEY } from '../../../lib/session';
import type { AuthResult } from '../api/auth-api';

/**
 * Stores a new session: the user query of its token seeded, the token kept. It starts in its
 * default role: role headers left from an earlier one (a password reset opened while signed in,
 * maybe as someone else) would be refused.
 */
export function storeSession(qc: QueryClient, result: AuthResult) {
  qc.setQueryData([...ME_KEY, result.token], result.user);
  setRoleHeaders(0, null);
  setToken(result.token);
}

/**
 * Store the token, seed the user query and go back to the page the visitor came from (router
 * state `from` or `?redirect=`, same-site paths only), else to /dashboard; or to `to` when given
 * (an outside sign-in, whose page the provider sent back to, remembers its own; a new account
 * without an e-mail address goes to verify its phone), with router `state` for that page. For
 * logging in, signing up and setting a new password: each answers a token and the user.
 */
export function useSignIn() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (result: AuthResult, to?: string, state?: unknown) => {
    storeSession(qc, result);
    navigate(to ?? redirectTarget(location.state, location.search), { replace: true, state });
  };
}
