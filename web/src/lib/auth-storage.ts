// Token and role headers kept in localStorage (SPEC 4 "Authentication", "Role switching").
// A tiny external store so React re-renders on sign-in / sign-out.

const TOKEN_KEY = 'token';
export const ROLE_ID_KEY = 'Role-id';
export const OWNER_ID_KEY = 'Owner-id';
const AUTH_COOKIE = 'authenticated';
const COOKIE_MAX_AGE = 604800; // SPEC 9: 7 days

type Listener = () => void;
const listeners = new Set<Listener>();

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function emit() {
  listeners.forEach((l) => l());
}

function setAuthCookie(value: boolean) {
  if (typeof document === 'undefined') return;
  document.cookie = `${AUTH_COOKIE}=${value}; max-age=${COOKIE_MAX_AGE}; path=/; SameSite=Lax`;
}

export function getToken(): string | null {
  return safeStorage()?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string) {
  safeStorage()?.setItem(TOKEN_KEY, token);
  setAuthCookie(true);
  emit();
}

export function clearToken() {
  const s = safeStorage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(ROLE_ID_KEY);
  s?.removeItem(OWNER_ID_KEY);
  setAuthCookie(false);
  emit();
}

export function getRoleHeaders(): { roleId: string | null; ownerId: string | null } {
  const s = safeStorage();
  return { roleId: s?.getItem(ROLE_ID_KEY) ?? null, ownerId: s?.getItem(OWNER_ID_KEY) ?? null };
}

/** Store the role picked by switch-role; role 0 (learner) removes the headers. */
export function setRoleHeaders(roleId: number, ownerId: number | null) {
  const s = safeStorage();
  if (!s) return;
  if (roleId === 0) {
    s.removeItem(ROLE_ID_KEY);
    s.removeItem(OWNER_ID_KEY);
  } else {
    s.setItem(ROLE_ID_KEY, String(roleId));
    if (ownerId != null) s.setItem(OWNER_ID_KEY, String(ownerId));
    else s.removeItem(OWNER_ID_KEY);
  }
  emit();
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
