import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchBatchResults, fetchCandidates, fetchExamCourse } from '../api/certificate-exams-api';

export const CANDIDATE_PAGE_SIZE = 20;

export const examCourseKeys = {
  list: ['certificate-exams', 'list'] as const,
  listPage: (page: number, search: string) => ['certificate-exams', 'list', page, search] as const,
  one: (uuid: string) => ['certificate-exams', 'one', uuid] as const,
  candidates: (batchId: number) => ['certificate-exams', 'candidates', batchId] as const,
  results: (batchId: number) => ['certificate-exams', 'results', batchId] as const,
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
