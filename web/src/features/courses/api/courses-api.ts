// Authoring calls of the courses API contract (docs/api-courses.md, "Authoring").
import { api } from '../../../lib/api-client';
import { fetchCourseBatches, fetchCoursePage } from '../../../lib/authoring-api';
import type { DataEnvelope, Page } from '../../../lib/types';

export type CourseLevel = 'beginner' | 'intermediate' | 'advanced';
export type CourseLanguage = 'bn' | 'en';
/**
 * `exam`: a certificate exam, authored under /exam (features/certificate-exams); `training`: an
 * in-person programme, authored under /training (features/trainings).
 */
export type CourseType = 'course' | 'webinar' | 'masterclass' | 'exam' | 'training';

export const LEVELS: CourseLevel[] = ['beginner', 'intermediate', 'advanced'];
export const COURSE_LANGUAGES: CourseLanguage[] = ['bn', 'en'];
/** The types a course's author chooses from. */
export const COURSE_TYPES: CourseType[] = ['course', 'webinar', 'masterclass'];

export interface InstitutionRef {
  id: number;
  slug: string;
  institution_name: string;
  institution_name_en: string;
  url: string;
}

export interface Course {
  id: number;
  uuid: string;
  slug: string;
  title: string;
  title_bn: string;
  category_id: number | null;
  category: null | { id: number; title: string; bn_title: string | null };
  level: CourseLevel;
  language: CourseLanguage;
  summary: string;
  objectives: string[];
  thumbnail: string | null;
  price: number;
  course_type: CourseType;
  enforce_order: boolean;
  /** Only verified teachers may enrol (SPEC §4 type 3). */
  teachers_only?: boolean;
  published: boolean;
  featured: boolean;
  instructor: { id: number; name: string } | null;
  institution: InstitutionRef | null;
  lessons_count: number;
  created_at: string;
  updated_at: string;
}

/**
 * Lesson types an author may add now; quiz and exam lessons are taken through an exam of the Exam
 * Centre (`exam_id`). The other assessment types are refused until that work exists.
 */
export const LESSON_TYPES = ['video', 'audio', 'document', 'image', 'manual', 'presentation', 'discussion', 'quiz', 'exam'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

export interface Lesson {
  id: number;
  section_id: number;
  title: string;
  title_bn: string;
  lesson_type: LessonType | string;
  position: number;
  duration_minutes: number | null;
  body: string | null;
  media_url: string | null;
  has_file: boolean;
  file_name: string | null;
  /** Quiz and exam lessons: the Exam Centre exam learners take. */
  exam_id: number | null;
  /** null once the exam was removed. */
  exam_uuid: string | null;
  /** Whether learners can take the exam yet (null without an exam). */
  exam_published: boolean | null;
}

export interface Section {
  id: number;
  title: string;
  title_bn: string;
  position: number;
  lessons: Lesson[];
}

export type CourseWithContent = Course & { sections?: Section[]; batches?: Batch[] };

/** let_enroll: 1 = open (enrolled at once), 2 = the author approves each enrolment. */
export type LetEnroll = 1 | 2;

export interface Batch {
  id: number;
  course_id: number;
  name: string;
  name_bn: string;
  start_date: string;
  end_date: string | null;
  enrolment_limit: number | null;
  let_enroll: LetEnroll;
  certificate_approval: boolean;
  template_id: number | null;
  /** Only listed candidates may enrol, each through their own link (a certificate exam's batch). */
  restricted: boolean;
  published: boolean;
  featured: boolean;
  featured_order: number;
  enrolled_count: number;
  pending_count: number;
  /** 0 = free. */
  price_poisha: number;
  currency: 'BDT';
}

export type EnrolmentStatus = 'pending' | 'active' | 'completed';
export type CertificateStatus = 'issued' | 'pending' | 'revoked';

export interface Enrolment {
  enrollment_id: number;
  user: { id: number; name: string; name_bn?: string | null; email: string | null };
  status: EnrolmentStatus;
  progress_percent: number;
  enrolled_at: string | null;
  completed_at: string | null;
  certificate: null | { tracking_code: string; status: CertificateStatus };
}

export interface TextPlacement {
  x: number;
  y: number;
  size: number;
}

export interface Placement {
  name: TextPlacement;
  course: TextPlacement;
  date: TextPlacement;
}

export interface Signature {
  name: string;
  title: string;
}

export interface CertificateTemplate {
  id: number;
  name: string;
  language: CourseLanguage;
  background: string | null;
  logo: string | null;
  signatures: Signature[];
  placement: Placement;
}

// ---- courses

export interface CourseBody {
  title?: string;
  title_bn?: string;
  category_id?: number | null;
  level?: CourseLevel;
  language?: CourseLanguage;
  summary?: string;
  objectives?: string[];
  course_type?: CourseType;
  enforce_order?: boolean;
  teachers_only?: boolean;
  /** A data URL replaces the thumbnail; null removes it (update only); absent keeps it. */
  thumbnail?: string | null;
}

export function fetchCourses(params: { page: number; limit?: number; search?: string }) {
  return fetchCoursePage<Course>(params);
}

export function fetchCourse(id: number | string) {
  return api<DataEnvelope<CourseWithContent>>('/course/course/view', { query: { id } }).then((r) => r.data);
}

export function createCourse(body: CourseBody) {
  return api<DataEnvelope<Course>>('/course/course/create', { method: 'POST', body }).then((r) => r.data);
}

export function updateCourse(id: number, body: CourseBody) {
  return api<DataEnvelope<Course>>(`/course/course/update/${id}`, { method: 'PUT', body }).then((r) => r.data);
}

export function deleteCourse(id: number) {
  return api<DataEnvelope<{ ok: boolean }>>(`/course/course/delete/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

export function setCoursePublishFeature(body: { id: number; published?: boolean; featured?: boolean }) {
  return api<DataEnvelope<Course>>('/course/update-publish-feature', { method: 'PUT', body }).then((r) => r.data);
}

// ---- syllabus

export interface LessonBody {
  section_id?: number;
  title?: string;
  title_bn?: string;
  lesson_type?: LessonType;
  media_url?: string | null;
  body?: string | null;
  duration_minutes?: number | null;
  /** Required for quiz and exam lessons (422 `exam_required` / `exam_not_found`), ignored otherwise. */
  exam_id?: number | null;
}

export interface ReorderBody {
  course_id: number;
  sections: { id: number; lessons: number[] }[];
}

export function fetchSyllabus(courseId: number | string) {
  return api<DataEnvelope<Section[]>>('/course/schedule/view-syllabus-all', { query: { course_id: courseId } }).then((r) => r.data ?? []);
}

export function createSection(body: { course_id: number; title: string; title_bn: string }) {
  return api<DataEnvelope<Section>>('/course/schedule/section', { method: 'POST', body }).then((r) => r.data);
}

export function updateSection(id: number, body: { title?: string; title_bn?: string }) {
  return api<DataEnvelope<Section>>(`/course/schedule/section/${id}`, { method: 'PUT', body }).then((r) => r.data);
}

export function deleteSection(id: number) {
  return api<DataEnvelope<{ ok: boolean }>>(`/course/schedule/section/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

export function createLesson(body: LessonBody & { section_id: number }) {
  return api<DataEnvelope<Lesson>>('/course/schedule/lesson', { method: 'POST', body }).then((r) => r.data);
}

export function updateLesson(id: number, body: LessonBody) {
  return api<DataEnvelope<Lesson>>(`/course/schedule/lesson/${id}`, { method: 'PUT', body }).then((r) => r.data);
}

export function deleteLesson(id: number) {
  return api<DataEnvelope<{ ok: boolean }>>(`/course/schedule/lesson/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

export function reorderSyllabus(body: ReorderBody) {
  return api<DataEnvelope<Section[]>>('/course/schedule/reorder', { method: 'PUT', body }).then((r) => r.data ?? []);
}

// ---- batches

export interface BatchBody {
  course_id?: number;
  name?: string;
  name_bn?: string;
  start_date?: string;
  end_date?: string | null;
  enrolment_limit?: number | null;
  let_enroll?: LetEnroll;
  certificate_approval?: boolean;
  template_id?: number | null;
  restricted?: boolean;
  /** Taka as typed ("1500", "১৫০০.৫০"); "0" = free. 422 `price_invalid` otherwise. */
  price?: string;
}

export function fetchBatches(courseId: number | string) {
  return fetchCourseBatches<Batch>(courseId);
}

export function createBatch(body: BatchBody & { course_id: number }) {
  return api<DataEnvelope<Batch>>('/course/batch/create', { method: 'POST', body }).then((r) => r.data);
}

export function updateBatch(body: BatchBody & { id: number }) {
  return api<DataEnvelope<Batch>>('/course/batch/update', { method: 'PUT', body }).then((r) => r.data);
}

export function cloneBatch(id: number) {
  return api<DataEnvelope<Batch>>(`/course/batch/clone/${id}`, { method: 'POST' }).then((r) => r.data);
}

export function setBatchPublishFeature(body: { id: number; published?: boolean; featured?: boolean }) {
  return api<DataEnvelope<Batch>>('/course/batch/update-publish-feature', { method: 'PUT', body }).then((r) => r.data);
}

export function orderBatches(body: { course_id: number; ids: number[] }) {
  return api<DataEnvelope<Batch[]>>('/course/batch/featured-orderise', { method: 'PUT', body }).then((r) => r.data ?? []);
}

export function deleteBatch(id: number) {
  return api<DataEnvelope<{ ok: boolean }>>(`/course/batch/delete/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

// ---- people

export function fetchEnrolments(batchId: number, params: { page: number; limit?: number; field?: EnrolmentStatus }) {
  return api<Page<Enrolment>>(`/course/batch/enrolled_users/${batchId}`, { query: params });
}

export function attachLearner(body: { batch_id: number; email: string }) {
  return api<DataEnvelope<unknown>>('/learner-course/course-enrollment/attach', { method: 'POST', body }).then((r) => r.data);
}

// ---- certificates

/** A learner's certificate as its authors list it (a batch's, newest first). */
export interface BatchCertificate {
  id: number;
  tracking_code: string;
  enrollment_id: number;
  user_id: number;
  /** The name printed on it. */
  holder_name: string;
  course_title: string;
  course_title_bn: string;
  template_id: number | null;
  status: CertificateStatus;
  /** When it was made (issued at once, or waiting for approval since). */
  issued_at: string;
}

export function fetchBatchCertificates(batchId: number) {
  return api<DataEnvelope<BatchCertificate[]>>(`/course/batch/course-certificate/${batchId}`).then((r) => r.data ?? []);
}

/** An issued certificate's PDF (public to whoever holds the code; fetched with the app's headers all the same). */
export const certificatePdfPath = (code: string) => `/learner-course/certificate-pdf/${encodeURIComponent(code)}`;

// ---- certificate templates

export interface TemplateBody {
  id?: number;
  name: string;
  language: CourseLanguage;
  /** Data URL to replace, null to remove, absent to keep. */
  background?: string | null;
  logo?: string | null;
  signatures: Signature[];
  placement: Placement;
}

export function fetchTemplates() {
  return api<DataEnvelope<CertificateTemplate[]>>('/course/template/certificates').then((r) => r.data ?? []);
}

export function saveTemplate(body: TemplateBody) {
  return api<DataEnvelope<CertificateTemplate>>('/course/template/certificate-store', { method: 'POST', body }).then((r) => r.data);
}
