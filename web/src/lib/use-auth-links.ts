import { useLocation } from 'react-router';
import { authLink, redirectTarget, stateFrom } from './redirect';

const AUTH_PAGES = ['/login', '/registration'];

/**
 * Login and sign-up links that bring the visitor back afterwards: to the page that sent them here
 * (router state `from`), else to the current page; on the login and sign-up pages themselves, to
 * the target those pages were given.
 */
export function useAuthLinks() {
  const { pathname, search, state } = useLocation();
  const back = AUTH_PAGES.includes(pathname) ? redirectTarget(state, search) : (stateFrom(state) ?? `${pathname}${search}`);
  return { login: authLink('/login', back), registration: authLink('/registration', back), back };
}
