// The site's reports per course and per learner (docs/api-reports.md), for its admins: stats over
// a range of Dhaka days (as the dashboard's, docs/api-dashboard.md "Dates") and paged, searchable
// lists, each of which is also exported whole as a spreadsheet (CSV or Excel) in the background.
import { api } from '../../../lib/api-client';
import type { CourseType } from '../../../lib/catalogue';
import { downloadFile } from '../../../lib/download';
import type { DataEnvelope, Page } from '../../../lib/types';
import type { EnrolmentPoint, RangeParams, RangeUsed } from '../../dashboard/api/figures-api';

export type ReportCourseType = CourseType;

/** `pending`: waiting for approval. */
export type EnrolmentStatus = 'pending' | 'active' | 'completed';
export const ENROLMENT_STATUSES: readonly EnrolmentStatus[] = ['pending', 'active', 'completed'];

export interface CourseRow {
  id: number;
  uuid: string;
  title: string;
  title_bn: string | null;
  course_type: ReportCourseType;
  published: boolean;
  enrolments: number;
  completed: number;
  /** 0..100 */
  completion_percent: number;
  lessons_completed: number;
  certificates: number;
}

export interface LearnerRow {
  user_id: number;
  name: string;
  email: string | null;
  courses: number;
  completed: number;
  certificates: number;
  first_enrolled_at: string | null;
}

/** What an enrolment says of its progress (a course's learner, a learner's course). */
export interface EnrolmentProgress {
  enrollment_id: number;
  batch_id: number | null;
  batch_name: string | null;
  batch_name_bn: string | null;
  status: EnrolmentStatus;
  enrolled_at: string | null;
  completed_at: string | null;
  lessons_completed: number;
  lessons_total: number;
  /** 0..100 */
  percent: number;
  certificate_code: string | null;
}

export interface CourseUserRow extends EnrolmentProgress {
  user_id: number;
  name: string;
  email: string | null;
}

export interface LearnerCourseRow extends EnrolmentProgress {
  course_id: number;
  course_uuid: string;
  title: string;
  title_bn: string | null;
  course_type: ReportCourseType;
}

export interface CourseStats {
  range: RangeUsed;
  /** The site's courses now. */
  courses: number;
  published: number;
  /** Counts in the range. */
  enrolments: number;
  completions: number;
  lessons: number;
  certificates: number;
}

export interface CourseCounts {
  enrolments: number;
  completions: number;
  lessons: number;
  certificates: number;
}

export interface CourseBatch {
  id: number;
  name: string;
  name_bn: string | null;
  start_date: string | null;
  learners: number;
  completed: number;
}

export interface CourseStat {
  course: { id: number; uuid: string; title: string; title_bn: string | null; course_type: ReportCourseType; published: boolean };
  range: RangeUsed;
  all_time: CourseCounts;
  in_range: CourseCounts;
  step: 'day' | 'week';
  points: EnrolmentPoint[];
  batches: CourseBatch[];
}

export interface LearnerStats {
  range: RangeUsed;
  /** Everyone who ever enrolled. */
  learners: number;
  /** First enrolled in the range. */
  new_in_range: number;
  completions: number;
  certificates: number;
}

export interface LearnerStat {
  user: { id: number; name: string; email: string | null };
  enrolled: number;
  in_progress: number;
  completed: number;
  certificates: number;
  lessons_completed: number;
  first_enrolled_at: string | null;
  last_lesson_at: string | null;
}

/** The four lists; `course-users` and `learner-courses` are of one course or user (`id`). */
export type ReportList = 'courses' | 'learners' | 'course-users' | 'learner-courses';

export interface ReportListRows {
  courses: CourseRow;
  learners: LearnerRow;
  'course-users': CourseUserRow;
  'learner-courses': LearnerCourseRow;
}

export interface ReportListParams {
  page: number;
  search: string;
  /** The course (course-users) or the user (learner-courses). */
  id?: number;
}

export const REPORTS_BASE = '/course/reports';

/** The list's path: /course/reports/courses, /course/reports/course-users/<id>, ... */
export function reportListPath(list: ReportList, id?: number): string {
  return id === undefined ? `${REPORTS_BASE}/${list}` : `${REPORTS_BASE}/${list}/${id}`;
}

export const PAGE_SIZE = 20;

/** GET one page of a list (20 a page), searched. */
export function fetchReportList<L extends ReportList>(list: L, { page, search, id }: ReportListParams, signal?: AbortSignal) {
  return api<Page<ReportListRows[L]>>(reportListPath(list, id), { query: { page, limit: PAGE_SIZE, search: search.trim() }, signal });
}

export type SheetFormat = 'csv' | 'xlsx';

/** An export's state: waiting for its turn, being written, ready to download, failed, stopped. */
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** The states in which an export is still being made (the list is polled while one is). */
export const ACTIVE_EXPORT_STATUSES: readonly ExportStatus[] = ['queued', 'running'];

export function isActiveExport(status: ExportStatus | undefined): boolean {
  return !!status && ACTIVE_EXPORT_STATUSES.includes(status);
}

/**
 * A whole list (every row that matches the search) written as a spreadsheet in the background:
 * started with a POST, followed as it counts its rows, then downloaded. Kept 24 hours once finished.
 */
export interface ReportExport {
  id: string;
  list: ReportList;
  /** The course (course-users) or the user (learner-courses); null for the site's lists. */
  target_id: number | null;
  search: string;
  format: SheetFormat;
  status: ExportStatus;
  rows_done: number;
  /** Not known until the export has counted its rows. */
  rows_total: number | null;
  size_bytes: number | null;
  file_name: string;
  /** Why it failed: a message code. */
  error: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
}

/** What starting an export sends: the list, its course or user (`id`), the search and the format. */
export interface ExportRequest {
  list: ReportList;
  id?: number;
  search?: string;
  format: SheetFormat;
}

export const EXPORTS_PATH = `${REPORTS_BASE}/exports`;

/** /course/reports/exports/<id> */
export function exportPath(id: string): string {
  return `${EXPORTS_PATH}/${encodeURIComponent(id)}`;
}

/** The body that starts the export of a list as its search has it (no search: none sent). */
export function exportRequest(list: ReportList, format: SheetFormat, search: string, id?: number): ExportRequest {
  const searched = search.trim();
  return { list, ...(id !== undefined && { id }), ...(searched && { search: searched }), format };
}

/**
 * POST: starts an export (202, queued). 422 per field, 404 for a course not of the site, 429
 * `too_many_exports` while the caller already has 3 queued or running.
 */
export function startExport(request: ExportRequest) {
  return api<DataEnvelope<ReportExport>>(EXPORTS_PATH, { method: 'POST', body: request }).then((r) => r.data);
}

/** The caller's exports, newest first (at most 20). `silent`: a poll, without the top loading bar. */
export function fetchExports(signal?: AbortSignal, silent = false) {
  return api<DataEnvelope<ReportExport[]>>(EXPORTS_PATH, { signal, silent }).then((r) => (Array.isArray(r?.data) ? r.data : []));
}

/** One export of the caller's; 404 when not theirs or expired. */
export function fetchExport(id: string, signal?: AbortSignal) {
  return api<DataEnvelope<ReportExport>>(exportPath(id), { signal }).then((r) => r.data);
}

/** The finished file, fetched with the app's headers and saved as the server names it. 409 `export_not_ready` before it is done. */
export function downloadExport(exp: Pick<ReportExport, 'id' | 'file_name' | 'list' | 'format'>) {
  return downloadFile(`${exportPath(exp.id)}/download`, undefined, exp.file_name || `${exp.list}.${exp.format}`);
}

/** DELETE (204): stops a queued or running export, or takes a finished one off the list. */
export function deleteExport(id: string) {
  return api<unknown>(exportPath(id), { method: 'DELETE' }).then(() => undefined);
}

function get<T>(path: string, range: RangeParams | undefined, signal?: AbortSignal) {
  return api<DataEnvelope<T>>(path, { query: range ? { ...range } : undefined, signal }).then((r) => r.data);
}

export function fetchCourseStats(range: RangeParams, signal?: AbortSignal) {
  return get<CourseStats>(`${REPORTS_BASE}/course-stats`, range, signal);
}

/** 404 `course_not_found` for a course not of the site. */
export function fetchCourseStat(id: number, range: RangeParams, signal?: AbortSignal) {
  return get<CourseStat>(`${REPORTS_BASE}/course-stat/${id}`, range, signal);
}

export function fetchLearnerStats(range: RangeParams, signal?: AbortSignal) {
  return get<LearnerStats>(`${REPORTS_BASE}/learner-stats`, range, signal);
}

/** 404 `learner_not_found` for a user who never enrolled on the site. */
export function fetchLearnerStat(id: number, signal?: AbortSignal) {
  return get<LearnerStat>(`${REPORTS_BASE}/learner-stat/${id}`, undefined, signal);
}

/** `trend`: a least-squares line; `trend_and_season`: the line and a four-week season; `none`: too little history. */
export type ForecastMethod = 'none' | 'trend' | 'trend_and_season';

export interface ForecastWeek {
  /** The week's first Dhaka day, "YYYY-MM-DD". */
  week_start: string;
  enrolments: number;
}

/** The model fitted without the last `weeks` weeks, against them; beside repeating the average of the weeks before. */
export interface ForecastHoldout {
  weeks: number;
  actual: number[];
  predicted: number[];
  mean_absolute_error: number;
  naive_mean_absolute_error: number;
}

/** docs/api-dashboard.md "Enrolment forecast". */
export interface Forecast {
  course_id: number;
  method: ForecastMethod;
  enough_history: boolean;
  min_weeks: number;
  /** Whole weeks from the first enrolment, the last ending yesterday (at most 104), zeros included. */
  history: ForecastWeek[];
  /** Empty without enough history. */
  forecast: ForecastWeek[];
  holdout: ForecastHoldout | null;
}

export const FORECAST_WEEKS = 4;

/** GET /ai/forecast: the course's weekly enrolments and the next `weeks` (1–12) forecast; 404 for a course not of the site. */
export function fetchForecast(courseId: number, weeks = FORECAST_WEEKS, signal?: AbortSignal) {
  return api<DataEnvelope<Forecast>>('/ai/forecast', { query: { course_id: courseId, weeks }, signal }).then((r) => r.data);
}
