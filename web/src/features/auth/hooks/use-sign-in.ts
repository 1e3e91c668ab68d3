import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { setRoleHeaders, setToken } from '../../../lib/auth-storage';
import { redirectTarget } from '../../../lib/redirect';
import { ME_KEY } from '../../../lib/session';
import type { AuthResult } from '../api/auth-api';

/**
 * Store the token, seed the user query and go back to the page the visitor came from (router
 * state `from` or `?redirect=`, same-site paths only), else to /dashboard. For logging in, signing
 * up and setting a new password with a reset link: each answers a token and the user.
 */
export function useSignIn() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (result: AuthResult) => {
    qc.setQueryData([...ME_KEY, result.token], result.user);
    // A new session starts in its default role: role headers left from an earlier one (a password
    // reset opened while signed in, maybe as someone else) would be refused.
    setRoleHeaders(0, null);
    setToken(result.token);
    navigate(redirectTarget(location.state, location.search), { replace: true });
  };
}
