// Course page, enrolment, learning, reviews and certificates (docs/api-courses.md).
import { api, buildHeaders, parseApiError } from '../../../lib/api-client';
import type { CatalogueCourse, CourseLevel, CourseType, InstitutionRef } from '../../../lib/catalogue';
import type { DataEnvelope, Page } from '../../../lib/types';

export type LessonType = 'video' | 'audio' | 'document' | 'image' | 'manual' | 'presentation' | 'discussion' | 'quiz' | 'exam';

export interface CategoryRef {
  id: number;
  title: string;
  bn_title: string | null;
}

export interface OutlineLesson {
  id: number;
  title: string;
  title_bn: string;
  lesson_type: LessonType | string;
  duration_minutes: number | null;
}

export interface OutlineSection {
  id: number;
  title: string;
  title_bn: string;
  lessons: OutlineLesson[];
}

export interface Batch {
  id: number;
  course_id: number;
  name: string;
  name_bn: string;
  start_date: string;
  end_date: string | null;
  enrolment_limit: number | null;
  let_enroll: 1 | 2;
  certificate_approval: boolean;
  published: boolean;
  featured: boolean;
  enrolled_count: number;
  pending_count: number;
  /** 0 = free; a paid batch is bought (checkout-api.ts) instead of enrolled in. */
  price_poisha: number;
  currency: 'BDT';
}

export interface Course {
  id: number;
  uuid: string;
  slug: string;
  title: string;
  title_bn: string;
  category_id: number | null;
  category: CategoryRef | null;
  level: CourseLevel;
  language: 'bn' | 'en';
  summary: string | null;
  objectives: string[];
  thumbnail: string | null;
  /** Taka: the lowest price among the published batches (0 = free). */
  price: number;
  course_type: CourseType;
  enforce_order: boolean;
  /** Only verified teachers may enrol (403 `teacher_verification_required` otherwise). */
  teachers_only?: boolean;
  published: boolean;
  featured: boolean;
  instructor: { id: number; name: string; name_bn?: string | null } | null;
  institution: InstitutionRef | null;
  lessons_count: number;
  created_at: string;
  updated_at: string;
}

export type CourseDetails = Course & {
  sections: OutlineSection[];
  batches: Batch[];
  rating: number;
  reviews_count: number;
  enrolled_count: number;
  wishlisted: boolean;
};

export type EnrolmentStatus = 'pending' | 'active' | 'completed';

export interface EnrolledCheck {
  enrolled: boolean;
  status: EnrolmentStatus | null;
  enrollment_id: number | null;
  batch_id: number | null;
}

export interface CertificateRef {
  tracking_code: string;
  status: CertificateStatus;
}

export interface JourneyStatus {
  enrollment_id: number;
  status: EnrolmentStatus;
  enforce_order: boolean;
  completed_lesson_ids: number[];
  total_lessons: number;
  completed_lessons: number;
  percent: number;
  next_lesson_id: number | null;
  last_lesson_id: number | null;
  certificate: CertificateRef | null;
}

export interface LessonMedia {
  url: string;
  kind: 'external' | 'file';
  mime: string | null;
}

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
  media: LessonMedia | null;
  /** Quiz and exam lessons: the Exam Centre exam taken at /exam/journey/{exam_uuid}. */
  exam_id?: number | null;
  /** null once the exam was removed. */
  exam_uuid?: string | null;
  exam_published?: boolean | null;
}

export interface Review {
  id: number;
  rating: number;
  body: string | null;
  user: { id: number; name: string; name_bn?: string | null } | null;
  created_at: string;
}

export type ReviewPage = Page<Review> & { summary?: { rating: number; count: number } };

export type CertificateStatus = 'issued' | 'pending' | 'revoked';

export interface Certificate {
  tracking_code: string;
  status: CertificateStatus;
  holder_name: string;
  course_title: string;
  course_title_bn: string;
  institution: InstitutionRef | null;
  issued_at: string | null;
  verify_url: string | null;
  pdf_url: string | null;
}

const enc = encodeURIComponent;

export function fetchCourseDetails(slug: string) {
  return api<DataEnvelope<CourseDetails>>(`/learner-course/details/${enc(slug)}`).then((r) => r.data);
}

export function fetchEnrolledCheck(uuid: string) {
  return api<DataEnvelope<EnrolledCheck>>(`/learner-course/enrolled/check/${enc(uuid)}`, { silent: true }).then((r) => r.data);
}

export function enrol(batch: Pick<Batch, 'id' | 'let_enroll'>) {
  return api<DataEnvelope<{ enrollment_id: number; status: 'active' | 'pending'; course_uuid: string }>>(
    '/learner-course/course-enrollment',
    { method: 'POST', body: { batch_id: batch.id, let_enroll: batch.let_enroll } },
  ).then((r) => r.data);
}

export function toggleWishlist(uuid: string) {
  return api<DataEnvelope<{ wishlisted: boolean }>>('/learner-course/my/wishlist', { method: 'POST', body: { uuid } }).then((r) => r.data);
}

export function fetchReviews(courseId: number, page: number) {
  return api<ReviewPage>(`/learner-course/reviews/${courseId}`, { query: { page }, silent: true });
}

export function createReview(courseId: number, body: { rating: number; body: string }) {
  return api<DataEnvelope<Review>>(`/assessment-front/batch/create-review/${courseId}`, { method: 'POST', body }).then((r) => r.data);
}

/** An instructor's public profile (`user-info/{id}`). */
export interface InstructorProfile {
  id: number;
  name: string;
  name_bn: string | null;
  photo: string | null;
  courses_count: number;
  learners_count: number;
  rating: number;
  courses: CatalogueCourse[];
}

export function fetchInstructor(id: string) {
  return api<DataEnvelope<InstructorProfile>>(`/learner-course/user-info/${enc(id)}`, { query: { rows: 24 }, silent: true }).then((r) => r.data);
}

export function fetchRelated(course: Pick<Course, 'uuid' | 'category_id' | 'level'>) {
  return api<DataEnvelope<CatalogueCourse[]>>('/learner-course/related-course', {
    query: { uuid: course.uuid, cat_id: course.category_id, course_level: course.level },
    silent: true,
  }).then((r) => (Array.isArray(r.data) ? r.data : []));
}

export function fetchEnrolledCourse(uuid: string) {
  return api<DataEnvelope<Course & { sections: OutlineSection[] }>>(`/learner-course/enroll-course-details/${enc(uuid)}`).then((r) => r.data);
}

export function fetchJourneyStatus(uuid: string) {
  return api<DataEnvelope<JourneyStatus>>(`/learner-course/journey/status/${enc(uuid)}`).then((r) => r.data);
}

export function fetchLesson(id: number) {
  return api<DataEnvelope<Lesson>>(`/assessment-front/course/lesson/${id}`).then((r) => r.data);
}

export function completeLesson(id: number) {
  return api<DataEnvelope<JourneyStatus>>(`/course/batch/completed_lesson/${id}`).then((r) => r.data);
}

/**
 * A quiz or exam lesson: hands in the learner's open attempt at its exam, if any, then completes the
 * lesson (409 `quiz_not_attempted` when nothing was handed in). Answers as completeLesson does.
 */
export function submitQuizLesson(id: number) {
  return api<DataEnvelope<JourneyStatus>>(`/assessment-front/course/quiz-submit/${id}`, { method: 'POST' }).then((r) => r.data);
}

export function fetchCertificate(code: string) {
  return api<DataEnvelope<Certificate>>(`/learner-course/certificate-details/${enc(code)}`).then((r) => r.data);
}

export function fetchMyCertificates() {
  return api<DataEnvelope<Certificate[]>>('/learner-course/certificate/me').then((r) => (Array.isArray(r.data) ? r.data : []));
}

export function certificatePdfPath(code: string) {
  return `/learner-course/certificate-pdf/${enc(code)}`;
}

/**
 * Download a certificate PDF. On this origin it is fetched with the bearer token and saved from an
 * object URL; a PDF on another origin (a partner's certificate listed on the main site) is opened
 * directly, which works for issued certificates (public to anyone holding the code).
 */
export async function downloadCertificate(code: string, pdfUrl?: string | null) {
  const filename = `certificate-${code}.pdf`;
  if (pdfUrl) {
    const u = new URL(pdfUrl, window.location.origin);
    if (u.origin !== window.location.origin) {
      window.open(u.href, '_blank', 'noopener');
      return;
    }
  }
  let res: Response;
  try {
    res = await fetch(certificatePdfPath(code), { headers: buildHeaders({ Accept: 'application/pdf' }) });
  } catch {
    throw parseApiError(0, null);
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      /* not JSON */
    }
    throw parseApiError(res.status, body);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
