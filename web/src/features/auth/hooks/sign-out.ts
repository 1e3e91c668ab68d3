// Logging out: the session ended on the server, then on this browser.
import type { QueryClient } from '@tanstack/react-query';
import { clearToken, getToken } from '../../../lib/auth-storage';
import { fetchMe, ME_KEY } from '../../../lib/session';
import type { UserInfo } from '../../../lib/types';
import { idpLogout, logout } from '../api/auth-api';

/**
 * Ends the session on the server (a failure is no reason to stay signed in here), clears the token,
 * the role headers and the user. A session that came from an outside sign-in (the user's `sso`)
 * ends with idp-logout, whose answer is the provider's logout page (myGov, Google) to go to next;
 * else null.
 */
export async function endSession(qc: QueryClient): Promise<string | null> {
  const token = getToken();
  let next: string | null = null;
  if (token) {
    // Opened straight (no page has read the user yet), the user is read first.
    const user = await qc.ensureQueryData<UserInfo>({ queryKey: [...ME_KEY, token], queryFn: fetchMe }).catch(() => null);
    if (user?.sso) {
      next = await idpLogout()
        .then((r) => r.url || null)
        .catch(() => null);
    } else {
      await logout().catch(() => undefined);
    }
  }
  clearToken();
  qc.removeQueries({ queryKey: ME_KEY });
  return next;
}

/**
 * The logout page's work: ends the session, then goes on to the provider's logout page (which
 * sends the browser back to /) when there is one, else `home()`.
 */
export async function logOut(qc: QueryClient, home: () => void) {
  const next = await endSession(qc);
  if (next) window.location.assign(next);
  else home();
}
