// The reports as queries. Keys carry the current role (another role, another site's figures), the
// range and the list's page and search. A 403 replaces the page by the forbidden page (the reports
// are the site's admins'), as a page's query does.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { usePageParam, useClampPageParam } from '../../../components/ui/pager';
import { ApiError } from '../../../lib/api-client';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { withParam } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { rangeQuery, type FigureRange } from '../../dashboard/hooks/figures-range';
import {
  fetchCourseStat,
  fetchCourseStats,
  fetchForecast,
  FORECAST_WEEKS,
  fetchLearnerStat,
  fetchLearnerStats,
  fetchReportList,
  type ReportList,
  type ReportListParams,
} from '../api/reports-api';

export const reportKeys = {
  all: ['reports'] as const,
  list: (role: number, list: ReportList, p: ReportListParams) => ['reports', role, 'list', list, p.id ?? null, p.page, p.search.trim()] as const,
  courseStats: (role: number, r: FigureRange) => ['reports', role, 'course-stats', r.from, r.to] as const,
  courseStat: (role: number, id: number, r: FigureRange) => ['reports', role, 'course-stat', id, r.from, r.to] as const,
  learnerStats: (role: number, r: FigureRange) => ['reports', role, 'learner-stats', r.from, r.to] as const,
  learnerStat: (role: number, id: number) => ['reports', role, 'learner-stat', id] as const,
  forecast: (role: number, id: number, weeks: number) => ['reports', role, 'forecast', id, weeks] as const,
  /** The caller's background exports (use-exports.ts). */
  exports: (role: number) => ['reports', role, 'exports'] as const,
};

export function useRoleKey() {
  return useCurrentUser().user?.currentrole?.id ?? 0;
}

/** Not worth asking again: the server said no, or there is no such course or learner. */
export function retry(count: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return count < 2;
}

export function courseStatsQuery(role: number, range: FigureRange) {
  return { queryKey: reportKeys.courseStats(role, range), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchCourseStats(rangeQuery(range), signal), retry };
}

export function courseStatQuery(role: number, id: number, range: FigureRange) {
  return { queryKey: reportKeys.courseStat(role, id, range), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchCourseStat(id, rangeQuery(range), signal), retry };
}

export function learnerStatsQuery(role: number, range: FigureRange) {
  return { queryKey: reportKeys.learnerStats(role, range), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchLearnerStats(rangeQuery(range), signal), retry };
}

export function learnerStatQuery(role: number, id: number) {
  return { queryKey: reportKeys.learnerStat(role, id), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchLearnerStat(id, signal), retry };
}

export function forecastQuery(role: number, id: number, weeks = FORECAST_WEEKS) {
  return { queryKey: reportKeys.forecast(role, id, weeks), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchForecast(id, weeks, signal), retry };
}

export function reportListQuery<L extends ReportList>(role: number, list: L, params: ReportListParams) {
  return { queryKey: reportKeys.list(role, list, params), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchReportList(list, params, signal), retry };
}

/** The site's courses' stats over the range; not asked while `enabled` is false (a range the server would refuse). */
export function useCourseStats(range: FigureRange, enabled: boolean) {
  return useQuery({ ...courseStatsQuery(useRoleKey(), range), enabled, placeholderData: keepPreviousData });
}

export function useCourseStat(id: number, range: FigureRange, enabled: boolean) {
  return useQuery({ ...courseStatQuery(useRoleKey(), id, range), enabled, placeholderData: keepPreviousData });
}

/** The course's enrolment forecast: a section of the course's page (a 403 shows in its card, not as the forbidden page). */
export function useForecast(id: number, enabled: boolean) {
  return useQuery({ ...forecastQuery(useRoleKey(), id), enabled, meta: SECTION_QUERY });
}

export function useLearnerStats(range: FigureRange, enabled: boolean) {
  return useQuery({ ...learnerStatsQuery(useRoleKey(), range), enabled, placeholderData: keepPreviousData });
}

export function useLearnerStat(id: number, enabled = true) {
  return useQuery({ ...learnerStatQuery(useRoleKey(), id), enabled });
}

/**
 * A list of the address: ?search= and ?page= (page 1 without it); typing a search goes back to
 * page 1, a page past the last shows the last.
 */
export function useReportList<L extends ReportList>(list: L, id?: number) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [page, setPage] = usePageParam();
  const query = useQuery({ ...reportListQuery(useRoleKey(), list, { page, search, id }), placeholderData: keepPreviousData });
  useClampPageParam(query.data?.last_page);
  const setSearch = (value: string) => setParams((prev) => withParam(prev, 'search', value.trim()), { replace: true });
  return { query, page, setPage, search, setSearch };
}

/** The server says there is no such course or learner (on the site). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
