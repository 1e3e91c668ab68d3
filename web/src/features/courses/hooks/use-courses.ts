import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fetchBatchCertificates,
  fetchBatches,
  fetchCourse,
  fetchEnrolments,
  fetchSyllabus,
  fetchTemplates,
  type EnrolmentStatus,
} from '../api/courses-api';
import type { CourseKind } from './course-kind';

export const COURSE_PAGE_SIZE = 12;
export const ENROLMENT_PAGE_SIZE = 20;

export const courseKeys = {
  all: ['courses'] as const,
  list: (page: number, search: string) => ['courses', 'list', page, search] as const,
  one: (id: number) => ['courses', 'one', id] as const,
  syllabus: (id: number) => ['courses', 'syllabus', id] as const,
  batches: (id: number) => ['courses', 'batches', id] as const,
  enrolments: (batchId: number) => ['courses', 'enrolments', batchId] as const,
  certificates: (batchId: number) => ['courses', 'certificates', batchId] as const,
  templates: ['courses', 'templates'] as const,
};

export function useCourseList(kind: CourseKind, page: number, search: string) {
  return useQuery({
    queryKey: kind.listPageKey(page, search),
    queryFn: () => kind.fetchList({ page, limit: COURSE_PAGE_SIZE, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useCourse(id: number) {
  return useQuery({ queryKey: courseKeys.one(id), queryFn: () => fetchCourse(id), enabled: id > 0 });
}

export function useSyllabus(courseId: number) {
  return useQuery({ queryKey: courseKeys.syllabus(courseId), queryFn: () => fetchSyllabus(courseId), enabled: courseId > 0 });
}

export function useBatches(courseId: number) {
  return useQuery({ queryKey: courseKeys.batches(courseId), queryFn: () => fetchBatches(courseId), enabled: courseId > 0 });
}

export function useEnrolments(batchId: number | null, page: number, field: EnrolmentStatus | '') {
  return useQuery({
    queryKey: [...courseKeys.enrolments(batchId ?? 0), page, field],
    queryFn: () => fetchEnrolments(batchId!, { page, limit: ENROLMENT_PAGE_SIZE, field: field || undefined }),
    enabled: !!batchId,
    placeholderData: keepPreviousData,
  });
}

/** A batch's certificates (none asked for without a batch). */
export function useBatchCertificates(batchId: number | null) {
  return useQuery({ queryKey: courseKeys.certificates(batchId ?? 0), queryFn: () => fetchBatchCertificates(batchId!), enabled: !!batchId });
}

export function useTemplates() {
  return useQuery({ queryKey: courseKeys.templates, queryFn: fetchTemplates, staleTime: 60_000 });
}
