// The dashboard's figures (docs/api-dashboard.md): the site's, for its admins, between two Dhaka
// days; the learner's own track; the platform's, for the super admin. Every answer is `{ data }`.
import { api } from '../../../lib/api-client';
import type { CourseType } from '../../../lib/catalogue';
import type { DataEnvelope } from '../../../lib/types';

/** The days a figure was counted over, as the server used them ("YYYY-MM-DD", both included). */
export interface RangeUsed {
  start_date: string;
  end_date: string;
}

export interface RangeParams {
  start_date: string;
  end_date: string;
}

export interface LearnerTotals {
  range: RangeUsed;
  /** People enrolled in any course of the site now. */
  total: number;
  /** Those whose first enrolment on the site falls in the range. */
  new_in_range: number;
}

export interface CourseTypeTotal {
  course_type: Extract<CourseType, 'course' | 'exam' | 'training' | 'webinar'>;
  total: number;
}

export interface CourseTotals {
  range: RangeUsed;
  total: number;
  published: number;
  new_in_range: number;
  by_type: CourseTypeTotal[];
}

/** The single exams of the Exam Centre and their finished attempts. */
export interface ExamTotals {
  range: RangeUsed;
  total: number;
  published: number;
  attempts_in_range: number;
  passed_in_range: number;
}

export interface CertificateTotals {
  range: RangeUsed;
  /** Issued certificates. */
  total: number;
  /** Issued in the range. */
  in_range: number;
  /** Waiting for approval. */
  pending: number;
}

/** `unknown`: not given. */
export type Gender = 'female' | 'male' | 'other' | 'unknown';

export interface GenderCount {
  gender: Gender;
  count: number;
}

/** The site's learners now by gender: always all four, in this order. */
export interface GenderFigures {
  range: RangeUsed;
  total: number;
  genders: GenderCount[];
}

export interface Completeness {
  range: RangeUsed;
  enrolments: number;
  completed: number;
  /** 0..100, of completed / enrolments (0 when none). */
  completion_percent: number;
  in_range: { enrolled: number; completed: number };
}

export interface EnrolmentPoint {
  /** The day, or the Monday of the week. */
  date: string;
  enrolments: number;
  completions: number;
  /** Lessons completed. */
  lessons: number;
}

/** One point per day (a range up to 92 days) or per week from Monday (longer), zeros included. */
export interface EnrolmentSeries {
  range: RangeUsed;
  step: 'day' | 'week';
  points: EnrolmentPoint[];
}

export interface UpcomingItem {
  /** `batch`: a published batch of a published course starting; `event`. */
  kind: 'batch' | 'event';
  id: number | string;
  title: string;
  title_bn: string | null;
  starts_on: string;
  /** A web path: /course/details/<uuid>, /events/<id>. */
  link: string;
}

/** At most 10, soonest first, starting today or later. */
export interface Upcoming {
  range: RangeUsed;
  items: UpcomingItem[];
}

export interface LessonPoint {
  date: string;
  lessons: number;
}

/** The caller's own learning on this site. */
export interface LearnTrack {
  range: RangeUsed;
  enrolled: number;
  in_progress: number;
  completed: number;
  certificates: number;
  lessons_in_range: number;
  points: LessonPoint[];
}

export interface UpcomingClass {
  classroom_id: number;
  classroom_title: string;
  session_id: number;
  title: string;
  starts_at: string;
  ends_at: string;
}

/** The platform's figures (the super admin, on any host). */
export interface PlatformStats {
  partners: { active: number; pending: number };
  users: { total: number; new_last_30_days: number };
  catalogue: { courses: number; by_type: CourseTypeTotal[] };
  genders: GenderCount[];
}

/** A catalogue search's words (normalised: one spelling per query) and how often they were searched. */
export interface SearchTerm {
  term: string;
  searches: number;
  /** Of those searches, how many found nothing. */
  zero_results: number;
}

export interface SearchDay {
  date: string;
  searches: number;
  zero_results: number;
}

/**
 * Learners' catalogue searches in the range (first pages only): the 20 most searched terms, the 20
 * that most often found nothing, and every day of the range.
 */
export interface SearchAnalysis {
  range: RangeUsed;
  total_searches: number;
  zero_result_searches: number;
  top_terms: SearchTerm[];
  zero_result_terms: SearchTerm[];
  by_day: SearchDay[];
}

/** The site's figures, each a call taking the range. */
export const SITE_FIGURES = {
  learners: '/api/v3/dashboard/total/learner',
  courses: '/api/v3/dashboard/total/course',
  exams: '/api/v3/dashboard/total/exam',
  certificates: '/api/v3/dashboard/total/certificate',
  genders: '/api/v3/dashboard/total/learner_by_gender',
  completeness: '/api/v3/dashboard/completeness',
  enrolment: '/api/v3/dashboard/enrollment',
  upcoming: '/api/v3/dashboard/upcoming',
  search_analysis: '/api/v3/dashboard/search_analysis',
} as const;

export type SiteFigure = keyof typeof SITE_FIGURES;

export interface SiteFigureData {
  learners: LearnerTotals;
  courses: CourseTotals;
  exams: ExamTotals;
  certificates: CertificateTotals;
  genders: GenderFigures;
  completeness: Completeness;
  enrolment: EnrolmentSeries;
  upcoming: Upcoming;
  search_analysis: SearchAnalysis;
}

function get<T>(path: string, range?: RangeParams, signal?: AbortSignal) {
  return api<DataEnvelope<T>>(path, { query: range ? { ...range } : undefined, signal, silent: true }).then((r) => r.data);
}

/** GET one of the site's figures between two days (403 to anyone but the site's admins). */
export function fetchSiteFigure<K extends SiteFigure>(figure: K, range: RangeParams, signal?: AbortSignal): Promise<SiteFigureData[K]> {
  return get<SiteFigureData[K]>(SITE_FIGURES[figure], range, signal);
}

/** GET /api/v3/dashboard/learnTrack: the caller's own track between two days. */
export function fetchLearnTrack(range: RangeParams, signal?: AbortSignal) {
  return get<LearnTrack>('/api/v3/dashboard/learnTrack', range, signal);
}

/** GET /api/v3/dashboard/upcoming-classes: the caller's next class sessions (at most 10). */
export function fetchUpcomingClasses(signal?: AbortSignal) {
  return get<{ items: UpcomingClass[] }>('/api/v3/dashboard/upcoming-classes', undefined, signal).then((d) => (Array.isArray(d?.items) ? d.items : []));
}

/** GET /admin-settings/dashboard/stats: the platform's figures (403 to anyone but the super admin). */
export function fetchPlatformStats(signal?: AbortSignal) {
  return get<PlatformStats>('/admin-settings/dashboard/stats', undefined, signal);
}
