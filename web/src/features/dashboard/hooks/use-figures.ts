// The dashboard's figures as queries. Each card shows its own loading and error (meta
// SECTION_QUERY: a 403 there must hide the section, not replace the dashboard with the forbidden
// page). Keys carry the current role (another role, another site's figures) and the range.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { fieldProblem } from '../../../lib/field-error-text';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { useCurrentUser } from '../../../lib/session';
import { todayInDhaka } from '../../calendar/hooks/calendar-dates';
import { fetchLearnTrack, fetchPlatformStats, fetchSiteFigure, fetchUpcomingClasses, type SiteFigure } from '../api/figures-api';
import { DEFAULT_RANGE_DAYS, lastDays, rangeFromParams, rangeQuery, rangeRefusal, withRange, type FigureRange, type RangeProblem, type RangeRefusal } from './figures-range';

export const figuresKeys = {
  all: ['dashboard', 'figures'] as const,
  site: (role: number, figure: SiteFigure, range: FigureRange) => ['dashboard', 'figures', role, 'site', figure, range.from, range.to] as const,
  learnTrack: (role: number, range: FigureRange) => ['dashboard', 'figures', role, 'learn-track', range.from, range.to] as const,
  upcomingClasses: (role: number) => ['dashboard', 'figures', role, 'upcoming-classes'] as const,
  platform: () => ['dashboard', 'figures', 'platform'] as const,
};

function useRoleKey() {
  const { user } = useCurrentUser();
  return user?.currentrole?.id ?? 0;
}

/** The query of one of the site's figures (for tests and prefetching). */
export function siteFigureQuery<K extends SiteFigure>(role: number, figure: K, range: FigureRange) {
  return {
    queryKey: figuresKeys.site(role, figure, range),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSiteFigure(figure, rangeQuery(range), signal),
    meta: SECTION_QUERY,
  };
}

/** One of the site's figures over the range; not asked while `enabled` is false (a range the server would refuse). */
export function useSiteFigure<K extends SiteFigure>(figure: K, range: FigureRange, enabled: boolean) {
  const role = useRoleKey();
  // The figures of the range before stay on screen while a new range's come.
  return useQuery({ ...siteFigureQuery(role, figure, range), enabled, placeholderData: keepPreviousData });
}

/** Every figure of the site over the range. */
export function useSiteFigures(range: FigureRange, enabled: boolean) {
  return {
    learners: useSiteFigure('learners', range, enabled),
    courses: useSiteFigure('courses', range, enabled),
    exams: useSiteFigure('exams', range, enabled),
    certificates: useSiteFigure('certificates', range, enabled),
    genders: useSiteFigure('genders', range, enabled),
    completeness: useSiteFigure('completeness', range, enabled),
    enrolment: useSiteFigure('enrolment', range, enabled),
    upcoming: useSiteFigure('upcoming', range, enabled),
    search_analysis: useSiteFigure('search_analysis', range, enabled),
  };
}

/** The range of the address, whether it can be asked about, and a way to set it. */
export function useFigureRange() {
  const [params, setParams] = useSearchParams();
  const today = todayInDhaka();
  const range = rangeFromParams(params, today);
  const refusal = rangeRefusal(range.from, range.to);
  const setRange = (next: FigureRange) => setParams((prev) => withRange(prev, next), { replace: true });
  return { range, refusal, today, setRange };
}

/** The learner's track over the last 30 days (Dhaka). */
export function useLearnTrack() {
  const role = useRoleKey();
  const range = lastDays(DEFAULT_RANGE_DAYS, todayInDhaka());
  return useQuery({ queryKey: figuresKeys.learnTrack(role, range), queryFn: ({ signal }) => fetchLearnTrack(rangeQuery(range), signal), meta: SECTION_QUERY });
}

export function useUpcomingClasses() {
  const role = useRoleKey();
  return useQuery({ queryKey: figuresKeys.upcomingClasses(role), queryFn: ({ signal }) => fetchUpcomingClasses(signal), meta: SECTION_QUERY });
}

export function platformStatsQuery() {
  return { queryKey: figuresKeys.platform(), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchPlatformStats(signal), meta: SECTION_QUERY };
}

export function usePlatformStats(enabled = true) {
  return useQuery({ ...platformStatsQuery(), enabled, staleTime: 60_000 });
}

/** The server says the caller may not see these figures: the section is not theirs. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The server's refusal of the range (422 on start_date or end_date), on the form's field. */
export function serverRangeRefusal(error: unknown): RangeRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  for (const [param, field] of [['start_date', 'from'], ['end_date', 'to']] as const) {
    const p = fieldProblem(error, param);
    if (!p) continue;
    if ('code' in p) return isRangeProblem(p.code) ? { field, code: p.code } : { field, message: error.fieldErrors[param]?.[0] ?? error.message };
    return { field, message: p.message };
  }
  return error.code && isRangeProblem(error.code) ? { field: 'to', code: error.code } : null;
}

function isRangeProblem(code: string): code is RangeProblem {
  return code === 'invalid_date' || code === 'date_range_reversed' || code === 'date_range_too_long';
}
