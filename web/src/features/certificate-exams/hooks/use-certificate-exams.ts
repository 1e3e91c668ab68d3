import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { fetchAttendance, fetchBatchResults, fetchCandidates, fetchExamCourse, saveAttendance, type AttendanceBody, type AttendanceSheet } from '../api/certificate-exams-api';
import { isDay } from './attendance';

export const CANDIDATE_PAGE_SIZE = 20;

export const examCourseKeys = {
  list: ['certificate-exams', 'list'] as const,
  listPage: (page: number, search: string) => ['certificate-exams', 'list', page, search] as const,
  one: (uuid: string) => ['certificate-exams', 'one', uuid] as const,
  candidates: (batchId: number) => ['certificate-exams', 'candidates', batchId] as const,
  results: (batchId: number) => ['certificate-exams', 'results', batchId] as const,
  attendance: (batchId: number, date: string) => ['certificate-exams', 'attendance', batchId, date] as const,
};

export function useExamCourse(uuid: string) {
  return useQuery({ queryKey: examCourseKeys.one(uuid), queryFn: () => fetchExamCourse(uuid), enabled: !!uuid });
}

export function useCandidates(batchId: number | null, page: number, search: string) {
  return useQuery({
    queryKey: [...examCourseKeys.candidates(batchId ?? 0), page, search],
    queryFn: () => fetchCandidates(batchId!, { page, limit: CANDIDATE_PAGE_SIZE, search: search || undefined }),
    enabled: !!batchId,
    placeholderData: keepPreviousData,
  });
}

export function useBatchResults(batchId: number | null) {
  return useQuery({ queryKey: examCourseKeys.results(batchId ?? 0), queryFn: () => fetchBatchResults(batchId!), enabled: !!batchId });
}

/** The batch's sheet for `date` (YYYY-MM-DD; none asked for while the date is not one). */
export function useAttendance(batchId: number | null, date: string) {
  return useQuery({ queryKey: examCourseKeys.attendance(batchId ?? 0, date), queryFn: () => fetchAttendance(batchId!, date), enabled: !!batchId && isDay(date) });
}

/** Saves marks; the answer is the day's sheet, shown as is (no second load). */
export function saveAttendanceMutation(qc: QueryClient, batchId: number): UseMutationOptions<AttendanceSheet, Error, AttendanceBody> {
  return {
    mutationFn: (body) => saveAttendance(batchId, body),
    onSuccess: (sheet, body) => qc.setQueryData(examCourseKeys.attendance(batchId, body.date), sheet),
  };
}
