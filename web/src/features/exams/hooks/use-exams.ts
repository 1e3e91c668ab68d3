import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fetchAttempts,
  fetchBankFolders,
  fetchBankQuestions,
  fetchExam,
  fetchExams,
  fetchExamStats,
  fetchMarking,
  fetchQuestionStats,
  fetchSharedBankQuestions,
  type BankQuestionParams,
  type ExamListParams,
} from '../api/exams-api';

export const EXAM_PAGE_SIZE = 15;
export const ATTEMPT_PAGE_SIZE = 20;
export const PICKER_PAGE_SIZE = 10;

export const examKeys = {
  all: ['exams'] as const,
  list: (params: ExamListParams) => ['exams', 'list', params] as const,
  one: (id: number) => ['exams', 'one', id] as const,
  attempts: (id: number, page: number) => ['exams', 'attempts', id, page] as const,
  attemptsOf: (id: number) => ['exams', 'attempts', id] as const,
  marking: (id: number) => ['exams', 'marking', id] as const,
  stats: (id: number) => ['exams', 'stats', id] as const,
  questionStats: (id: number) => ['exams', 'q-analytics', id] as const,
  bank: (params: object) => ['exams', 'bank', params] as const,
  folders: ['exams', 'bank-folders'] as const,
};

export function useExamList(params: ExamListParams) {
  return useQuery({
    queryKey: examKeys.list(params),
    queryFn: () => fetchExams({ limit: EXAM_PAGE_SIZE, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useExam(id: number) {
  return useQuery({ queryKey: examKeys.one(id), queryFn: () => fetchExam(id), enabled: id > 0 });
}

export function useAttempts(id: number, page: number) {
  return useQuery({
    queryKey: examKeys.attempts(id, page),
    queryFn: () => fetchAttempts(id, { page, limit: ATTEMPT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}

export function useMarking(id: number) {
  return useQuery({ queryKey: examKeys.marking(id), queryFn: () => fetchMarking(id), enabled: id > 0 });
}

export function useExamStats(id: number) {
  return useQuery({ queryKey: examKeys.stats(id), queryFn: () => fetchExamStats(id), enabled: id > 0 });
}

export function useQuestionStats(id: number) {
  return useQuery({ queryKey: examKeys.questionStats(id), queryFn: () => fetchQuestionStats(id), enabled: id > 0 });
}

/** Whose questions the picker lists: the author's own (the bank), or those colleagues shared with them. */
export type BankSource = 'mine' | 'shared';

/** One page of the bank for the question picker. */
export function useBankQuestions(source: BankSource, params: Omit<BankQuestionParams, 'limit'>, enabled: boolean) {
  return useQuery({
    queryKey: examKeys.bank({ source, ...params }),
    queryFn: () => (source === 'shared' ? fetchSharedBankQuestions : fetchBankQuestions)({ limit: PICKER_PAGE_SIZE, ...params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every folder of the bank (the folder picker of random parts). */
export function useBankFolders() {
  return useQuery({ queryKey: examKeys.folders, queryFn: fetchBankFolders, staleTime: 30_000 });
}
