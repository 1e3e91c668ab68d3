// Certificate exams, the authors' calls (docs/api-certificate-exams.md): the exam itself through
// /assessment/course/*, its restricted batches' candidates, its batches' results and attendance.
// Its syllabus and batches are the course calls (features/courses/api/courses-api.ts).
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Done, Page } from '../../../lib/types';
import { uploadForm, type UploadHandle } from '../../../lib/upload';
import type { Course, CourseBody, CourseWithContent } from '../../courses/api/courses-api';

// ---- the exam

export function fetchExamCourses(params: { page: number; limit?: number; search?: string }) {
  return api<Page<Course>>('/assessment/course/view', { query: params });
}

export function fetchExamCourse(uuid: string) {
  return api<DataEnvelope<CourseWithContent>>(`/assessment/course/find/${encodeURIComponent(uuid)}`).then((r) => r.data);
}

export function fetchExamCourseById(id: number) {
  return api<DataEnvelope<CourseWithContent>>(`/assessment/course/view/${id}`).then((r) => r.data);
}

/** `course_type` is not sent: the server makes it "exam". */
export function createExamCourse(body: CourseBody) {
  return api<DataEnvelope<Course>>('/assessment/course/create', { method: 'POST', body }).then((r) => r.data);
}

export function updateExamCourse(id: number, body: CourseBody) {
  return api<DataEnvelope<Course>>('/assessment/course/update', { method: 'PUT', body: { ...body, id } }).then((r) => r.data);
}

/** 409 `course_has_enrolments`. */
export function deleteExamCourse(id: number) {
  return api<DataEnvelope<Done>>(`/assessment/course/delete/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

/** 422 `course_has_no_lessons` when publishing an exam without parts. */
export function setExamCoursePublishFeature(body: { id: number; published?: boolean; featured?: boolean }) {
  return api<DataEnvelope<Course>>('/assessment/update-publish-feature', { method: 'PUT', body }).then((r) => r.data);
}

// ---- results

export interface ExamPart {
  lesson_id: number;
  title: string;
  title_bn: string;
  exam_id: number;
  /** The share of the marks that passes, 0-100. */
  pass_percent: number;
}

export interface PartResult {
  lesson_id: number;
  /** The best attempt's state; null: never attempted. */
  state: string | null;
  /** The best handed-in attempt's; null while its marking is pending. */
  score: number | null;
  /** What the attempt's paper was out of. */
  max_score: number | null;
  passed: boolean | null;
  attempts: number;
}

export interface LearnerResults {
  enrollment_id: number;
  user_id: number;
  name: string;
  /** The enrolment's status. */
  status: 'pending' | 'active' | 'completed' | (string & {});
  certificate_code: string | null;
  parts: PartResult[];
}

export interface ExamBatchResults {
  parts: ExamPart[];
  learners: LearnerResults[];
}

export function fetchBatchResults(batchId: number) {
  return api<DataEnvelope<ExamBatchResults>>(`/assessment/evaluation-results/${batchId}`).then((r) => r.data);
}

// ---- attendance

export interface AttendanceRow {
  enrollment_id: number;
  user_id: number;
  name: string;
  /** Null until marked. */
  present: boolean | null;
  /** Started an attempt at one of the exam's parts that day (Dhaka time): a hint for the marker. */
  started_exam: boolean;
}

export interface AttendanceSheet {
  batch_id: number;
  /** YYYY-MM-DD. */
  date: string;
  rows: AttendanceRow[];
}

export interface AttendanceBody {
  date: string;
  rows: { enrollment_id: number; present: boolean }[];
}

/** A batch's sheet for a day (YYYY-MM-DD). 422 `date` `invalid_date`. */
export function fetchAttendance(batchId: number, date: string) {
  return api<DataEnvelope<AttendanceSheet>>(`/assessment/attendance/view/${batchId}`, { query: { date } }).then((r) => r.data);
}

/** Marks replace earlier ones; answers the day's sheet. 422 `rows` `invalid_choice` (an enrolment not the batch's). */
export function saveAttendance(batchId: number, body: AttendanceBody) {
  return api<DataEnvelope<AttendanceSheet>>(`/assessment/attendance/store/${batchId}`, { method: 'POST', body }).then((r) => r.data);
}

// ---- restricted candidates

export interface Candidate {
  id: number;
  batch_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  user_id: number | null;
  enrolled_at: string | null;
  invited_at: string | null;
  /** The candidate's own enrolment page: /exam/journey/<exam uuid>?token=<token>. */
  link: string;
}

/** An empty e-mail or phone is none (on update: removed). */
export interface CandidateBody {
  name: string;
  email: string;
  phone: string;
}

export function fetchCandidates(batchId: number, params: { page: number; limit: number; search?: string }) {
  return api<Page<Candidate>>(`/assessment/view-restricted-user/${batchId}`, { query: params });
}

/** An invitation goes by e-mail (or SMS). 409 `candidate_exists`; 422 with field errors. */
export function createCandidate(batchId: number, body: CandidateBody) {
  return api<DataEnvelope<Candidate>>('/assessment/create-restricted-user', { method: 'POST', body: { batch_id: batchId, ...body } }).then((r) => r.data);
}

export function updateCandidate(id: number, body: CandidateBody) {
  return api<DataEnvelope<Candidate>>('/assessment/update-restricted-user', { method: 'PUT', body: { id, ...body } }).then((r) => r.data);
}

/** 409 `candidate_enrolled`. */
export function deleteCandidate(id: number) {
  return api<DataEnvelope<Done>>(`/assessment/delete-restricted-user/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

export interface CandidateImport {
  added: number;
}

/**
 * POST /assessment/create-csv-restricted-user (multipart `batch_id`, `file`), with upload
 * progress. All or nothing: any bad row answers 422 with the per-row report and adds nobody.
 */
export function importCandidates(batchId: number, file: File, onProgress: (percent: number) => void): UploadHandle<CandidateImport> {
  const form = new FormData();
  form.append('batch_id', String(batchId));
  form.append('file', file, file.name);
  return uploadForm<CandidateImport>('/assessment/create-csv-restricted-user', form, onProgress);
}
