// Where to go after signing in or up: the page the visitor came from, given as router state
// `from` or as the `?redirect=` query parameter. Only same-site relative paths are accepted, so a
// crafted link cannot send a fresh session to another site.

export const AFTER_SIGN_IN = '/dashboard';
export const REDIRECT_PARAM = 'redirect';

/**
 * Pages that make no sense to come back to after signing in (a password reset link's token must
 * not travel on in a `?redirect=` either).
 */
const NOT_BACK_TO = ['/login', '/registration', '/logout', '/forgot-password', '/password-reset'];

/**
 * The path when it is a same-site relative one: starts with a single '/', not '//' nor '/\'
 * (browsers read both as another host), with no control characters or whitespace (a tab or
 * a newline inside '//' is dropped by URL parsers). Null otherwise.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (value[0] !== '/') return null;
  if (value[1] === '/' || value[1] === '\\') return null;
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return null;
  const path = value.split(/[?#]/)[0];
  if (NOT_BACK_TO.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  return value;
}

/** The target after signing in: router state `from`, then `?redirect=`, then /dashboard. */
export function redirectTarget(state: unknown, search: string): string {
  return stateFrom(state) ?? safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM)) ?? AFTER_SIGN_IN;
}

/** `/login`, `/registration` or `/forgot-password` carrying where to come back to (nothing to carry for home or /dashboard). */
export function authLink(page: '/login' | '/registration' | '/forgot-password', back: string | null | undefined): string {
  const target = safeRedirect(back);
  if (!target || target === '/' || target === AFTER_SIGN_IN) return page;
  return `${page}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

/** Router state `from` when it is a safe path. */
export function stateFrom(state: unknown): string | null {
  return state && typeof state === 'object' ? safeRedirect((state as { from?: unknown }).from) : null;
}
