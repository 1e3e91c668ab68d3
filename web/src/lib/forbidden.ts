// A 403 of the API while loading a page means the page is not for the current role: the page is
// replaced by the forbidden page instead of showing half of itself. Queries that load one optional
// section of a page (and show their own error there) opt out with `meta: SECTION_QUERY`.
import { ApiError } from './api-client';

export const SECTION_QUERY = { errorScope: 'section' } as const;

export function isPageForbidden(error: unknown, meta: Record<string, unknown> | undefined): boolean {
  return error instanceof ApiError && error.status === 403 && meta?.errorScope !== 'section';
}
