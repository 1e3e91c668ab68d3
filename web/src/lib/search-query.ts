// Course search (SPEC 2 header search, /search/lists): query parameters <-> API parameters, and
// the header's keyboard rule. Pure functions, shared by the header and the search page.
import { parsePage } from './pager';

/** SPEC 9: course search default rows 15, start 0. */
export const SEARCH_ROWS = 15;

export type SortType = 'latest' | 'popular' | 'featured';
export const SORT_TYPES: SortType[] = ['latest', 'popular', 'featured'];
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const COURSE_LANGUAGES = ['bn', 'en'] as const;
export const COURSE_TYPES = ['course', 'webinar', 'masterclass'] as const;

export interface SearchFilters {
  search: string;
  category_id: string;
  type: SortType | '';
  course_type: string;
  payment_status: string;
  level: string;
  language: string;
  page: number;
}

/** The filter keys kept in the URL of /search/lists (page apart). */
export const FILTER_KEYS = ['search', 'category_id', 'type', 'course_type', 'payment_status', 'level', 'language'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** Read the filters of /search/lists; `category` is accepted as an older name of `category_id`. */
export function parseSearchFilters(params: URLSearchParams): SearchFilters {
  const digits = (v: string | null) => (v && /^\d+$/.test(v) ? v : '');
  return {
    search: (params.get('search') ?? '').trim(),
    category_id: digits(params.get('category_id') ?? params.get('category')),
    type: oneOf(params.get('type'), SORT_TYPES),
    course_type: oneOf(params.get('course_type'), COURSE_TYPES),
    payment_status: digits(params.get('payment_status')),
    level: oneOf(params.get('level'), LEVELS),
    language: oneOf(params.get('language'), COURSE_LANGUAGES),
    page: parsePage(params.get('page')),
  };
}

/** Page n (1-based) starts at (n-1)*rows. */
export function pageToStart(page: number, rows = SEARCH_ROWS): number {
  return (Math.max(1, Math.floor(page) || 1) - 1) * rows;
}

/** The page that holds `start`. */
export function startToPage(start: number, rows = SEARCH_ROWS): number {
  return Math.floor(Math.max(0, start) / rows) + 1;
}

/** Number of pages for `total` results (at least 1). */
export function lastPageFor(total: number, rows = SEARCH_ROWS): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / rows));
}

export type CatalogueParams = Partial<Record<FilterKey, string>> & { rows: number; start: number };

/** Parameters of GET /learner-course/course-search-solr for the filters. */
export function catalogueParams(f: Partial<SearchFilters>, rows = SEARCH_ROWS): CatalogueParams {
  const out: CatalogueParams = { rows, start: pageToStart(f.page ?? 1, rows) };
  for (const k of FILTER_KEYS) {
    const v = f[k];
    if (v !== undefined && v !== '') out[k] = String(v);
  }
  return out;
}

/** A /search/lists address for some filters (empty ones and page 1 left out). */
export function searchListUrl(f: Partial<SearchFilters>): string {
  const qs = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = f[k];
    if (v !== undefined && v !== '') qs.set(k, String(v));
  }
  if (f.page && f.page > 1) qs.set('page', String(f.page));
  const s = qs.toString();
  return s ? `/search/lists?${s}` : '/search/lists';
}

/** Change one filter: empty removes it, and the list goes back to page 1. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (key === 'category_id') next.delete('category');
  if (value) next.set(key, value);
  else next.delete(key);
  next.delete('page');
  return next;
}

export type SearchKeyAction = 'submit' | 'ignore' | 'close' | 'move' | 'suggest';

/**
 * What a key does in the header search (SPEC 2): Enter submits, Tab does nothing, every other key
 * fetches suggestions. While the list is open, the arrows move in it and Escape closes it.
 */
export function searchKeyAction(key: string, listOpen = false): SearchKeyAction {
  switch (key) {
    case 'Enter':
      return 'submit';
    case 'Tab':
      return 'ignore';
    case 'Escape':
      return 'close';
    case 'ArrowDown':
    case 'ArrowUp':
      return listOpen ? 'move' : 'suggest';
    default:
      return 'suggest';
  }
}

/** Suggestions are fetched for 1 character or more. */
export function canSuggest(text: string): boolean {
  return text.trim().length >= 1;
}

/**
 * Where a course link goes: a course on another origin (a partner's site, its url's) needs a full
 * page load there; otherwise the in-app path. The in-app path is used on the other site too: the
 * server's url always names /course/details/<uuid>, and a webinar's or certificate exam's page has
 * its own address (lib/course-paths.ts).
 */
export function courseLink(url: string | null | undefined, path: string, currentOrigin: string): { external: boolean; href: string } {
  if (url) {
    try {
      const u = new URL(url, currentOrigin);
      if (u.origin !== currentOrigin) return { external: true, href: new URL(path, u.origin).href };
    } catch {
      /* a malformed url: use the path */
    }
  }
  return { external: false, href: path };
}
