import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isPageForbidden, SECTION_QUERY } from './forbidden';

describe('forbidden pages', () => {
  const e = (status: number) => new ApiError(status, 'x', null, {});
  it('turns a 403 of a page query into the forbidden page', () => {
    expect(isPageForbidden(e(403), undefined)).toBe(true);
    expect(isPageForbidden(e(403), {})).toBe(true);
  });
  it('leaves other errors and section queries to the page', () => {
    expect(isPageForbidden(e(404), undefined)).toBe(false);
    expect(isPageForbidden(e(401), undefined)).toBe(false);
    expect(isPageForbidden(new Error('boom'), undefined)).toBe(false);
    expect(isPageForbidden(e(403), SECTION_QUERY)).toBe(false);
  });
});
