// Query parameters of the admin list pages (filters, a record named by id). Apart from pager.ts,
// which the landing pages' first download carries, as only signed-in list pages need these.
/** New query string with `key` set to `value` (removed when empty), back on page 1: a list's filter changed. */
export function withParam(search: string | URLSearchParams, key: string, value: string): URLSearchParams {
  const params = new URLSearchParams(search);
  if (value) params.set(key, value);
  else params.delete(key);
  params.delete('page');
  return params;
}

/** A query value that names a record by its id (a positive whole number); null otherwise. */
export function idParam(value: string | null | undefined): number | null {
  const n = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(n) && n > 0 ? n : null;
}
