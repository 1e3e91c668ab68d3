import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { getToken, setRoleHeaders, setToken } from '../../../lib/auth-storage';
import { redirectTarget } from '../../../lib/redirect';
import { ME_KEY } from '../../../lib/session';
import type { UserInfo } from '../../../lib/types';
import type { AuthResult } from '../api/auth-api';

/**
 * Stores a new session: the token kept, the user query of its token seeded. Role headers left from
 * an earlier session (maybe someone else's) are dropped: they would be refused, and without them
 * the server acts in the role the session is in (its default, or the one an account on this device
 * last used).
 *
 * When it replaces another person's session on this browser (switching to or adding another
 * account, someone else's password reset link), every cached query is reset as well: nothing read
 * for the previous person may stay on screen, and what is shown is read again with the new token.
 * Removing the queries would not do: a component that does not render again would keep showing its
 * data. The same person's new session (an outside sign-in linked from the account settings, whose
 * query is the one signing in) keeps what was read.
 */
export function storeSession(qc: QueryClient, result: AuthResult) {
  const previous = getToken();
  const otherPerson = previous !== null && qc.getQueryData<UserInfo>([...ME_KEY, previous])?.id !== result.user.id;
  // The previous token's user goes; its readers follow the token to the seeded one.
  qc.removeQueries({ queryKey: ME_KEY });
  qc.setQueryData([...ME_KEY, result.token], result.user);
  setRoleHeaders(0, null);
  setToken(result.token);
  // After the token changed, so that what is read again is read as the new person.
  if (otherPerson) void qc.resetQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
}

/**
 * Store the token, seed the user query and go back to the page the visitor came from (router
 * state `from` or `?redirect=`, same-site paths only), else to /dashboard; or to `to` when given
 * (an outside sign-in, whose page the provider sent back to, remembers its own; a new account
 * without an e-mail address goes to verify its phone; switching accounts goes to the dashboard),
 * with router `state` for that page. For logging in (adding an account too), signing up, setting a
 * new password and switching to another account on this device: each answers a token and the user.
 */
export function useSignIn() {
  return signInAndGo(useQueryClient(), useNavigate(), useLocation());
}

/** useSignIn's work with the router's `navigate` and `location` given (tests give stand-ins). */
export function signInAndGo(qc: QueryClient, navigate: NavigateFunction, location: { state: unknown; search: string }) {
  return (result: AuthResult, to?: string, state?: unknown) => {
    storeSession(qc, result);
    navigate(to ?? redirectTarget(location.state, location.search), { replace: true, state });
  };
}
