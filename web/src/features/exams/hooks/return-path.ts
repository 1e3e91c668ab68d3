// The way back from an exam to the course lesson it was opened from: `?return=<path and query>`.
import { safeRedirect } from '../../../lib/redirect';

export const RETURN_PARAM = 'return';

/** The `?return=` path when it is one of this site (a single leading '/', not '//'); null otherwise. */
export function returnPath(params: URLSearchParams): string | null {
  return safeRedirect(params.get(RETURN_PARAM));
}

/** /exam/journey/<uuid> with the way back to `from` (and any other parameters, such as `result`). */
export function examJourneyHref(uuid: string, from: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  query.set(RETURN_PARAM, from);
  return `/exam/journey/${encodeURIComponent(uuid)}?${query.toString()}`;
}
