// Course catalogue shared by the shell (header search), the home page, the search page and the
// dashboard (docs/api-courses.md "Catalogue and search").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useToken } from './session';
import type { CatalogueParams } from './search-query';

export interface InstitutionRef {
  id: number;
  slug: string;
  institution_name: string;
  institution_name_en: string;
  /** Site origin. */
  url: string;
}

export type CourseLevel = 'beginner' | 'intermediate' | 'advanced';
/** `exam`: a certificate exam (its pages are under /exam: lib/course-paths.ts). */
export type CourseType = 'course' | 'webinar' | 'masterclass' | 'exam' | 'training';

export interface CatalogueCourse {
  uuid: string;
  slug: string;
  title: string;
  title_bn: string;
  summary: string | null;
  thumbnail: string | null;
  category_id: number | null;
  level: CourseLevel;
  language: 'bn' | 'en';
  course_type: CourseType;
  price: number;
  institution: InstitutionRef | null;
  instructor: { id: number; name: string } | null;
  rating: number;
  reviews_count: number;
  enrolled_count: number;
  published_at: string | null;
  /** Absolute link to /course/details/{uuid} on the owning site. */
  url: string;
}

export interface CatalogueResult {
  data: CatalogueCourse[];
  total: number;
  /** More than `total` match: the server counts up to a cap. */
  totalCapped: boolean;
  start: number;
  rows: number;
}

export interface Suggestion {
  term: string;
  payload: string;
  url: string | null;
}

export function fetchCatalogue(params: CatalogueParams, opts: { signal?: AbortSignal; silent?: boolean } = {}) {
  type Wire = Omit<CatalogueResult, 'totalCapped'> & { total_capped?: boolean };
  return api<Wire>('/learner-course/course-search-solr', { query: { ...params }, ...opts }).then(
    (r): CatalogueResult => ({
      data: Array.isArray(r?.data) ? r.data : [],
      total: Number(r?.total) || 0,
      totalCapped: r?.total_capped === true,
      start: Number(r?.start) || 0,
      rows: Number(r?.rows) || params.rows,
    }),
  );
}

/** One page of the catalogue; the previous page stays on screen while the next one loads. */
export function useCatalogue(params: CatalogueParams, opts: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: ['catalogue', params],
    queryFn: ({ signal }) => fetchCatalogue(params, { signal, silent: opts.silent }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Courses recommended to the signed-in learner (from the categories of the courses they take). */
export function useRecommendations(rows = 10) {
  // Per signed-in session: another learner signing in on this browser must not see these.
  const token = useToken();
  return useQuery({
    queryKey: ['catalogue', 'recommended', token, rows],
    queryFn: ({ signal }) =>
      api<{ data?: CatalogueCourse[] }>('/course/course/suggest/course/recommend', { query: { rows }, signal, silent: true }).then((r) =>
        Array.isArray(r?.data) ? r.data : [],
      ),
    staleTime: 60_000,
  });
}

/** Suggestions (at most 8): `data`, or the older `suggest.suggest[term].suggestions` shape. */
export function fetchSuggestions(search: string, signal?: AbortSignal): Promise<Suggestion[]> {
  return api<{ data?: Suggestion[]; suggest?: { suggest?: Record<string, { suggestions?: Suggestion[] }> } }>(
    '/learner-course/search-suggest',
    { query: { search }, signal, silent: true },
  ).then((r) => {
    if (Array.isArray(r?.data)) return r.data;
    const nested = r?.suggest?.suggest ?? {};
    return nested[search]?.suggestions ?? Object.values(nested)[0]?.suggestions ?? [];
  });
}
