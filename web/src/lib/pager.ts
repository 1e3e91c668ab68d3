// Pager rules (SPEC 2): query parameter `page`; page 1 removes the parameter; a page beyond the
// last shows the last; 3 page numbers with a window of 1 around the current page.

export const PAGE_WINDOW = 1;

/** Parse the `page` query value; anything invalid is page 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** Clamp a page to 1..last (last < 1 counts as 1). */
export function clampPage(page: number, last: number): number {
  const l = Math.max(1, Math.floor(last) || 1);
  return Math.min(Math.max(1, Math.floor(page) || 1), l);
}

/** The page numbers to show: up to 2*window+1 (3) consecutive pages around the current one. */
export function pageWindow(current: number, last: number, window = PAGE_WINDOW): number[] {
  const l = Math.max(1, Math.floor(last) || 1);
  const c = clampPage(current, l);
  const size = Math.min(l, 2 * window + 1);
  let start = c - window;
  start = Math.max(1, Math.min(start, l - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/** New query string for a page: page 1 removes the parameter, others set it. */
export function withPage(search: string | URLSearchParams, page: number): URLSearchParams {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  return params;
}
