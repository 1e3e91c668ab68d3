import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllFolders, fetchFolders, fetchQuestion, fetchQuestions, type QuestionListParams } from '../api/questions-api';

export const QUESTION_PAGE_SIZE = 15;
export const FOLDER_PAGE_SIZE = 24;

export const questionKeys = {
  all: ['question-bank'] as const,
  list: (params: QuestionListParams) => ['question-bank', 'list', params] as const,
  one: (id: number) => ['question-bank', 'one', id] as const,
  folders: ['question-bank', 'folders'] as const,
  folderPage: (parentId: number | null, page: number) => ['question-bank', 'folders', 'page', parentId, page] as const,
  allFolders: ['question-bank', 'folders', 'all'] as const,
};

export function useQuestionList(params: QuestionListParams) {
  return useQuery({
    queryKey: questionKeys.list(params),
    queryFn: () => fetchQuestions({ limit: QUESTION_PAGE_SIZE, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useQuestion(id: number) {
  return useQuery({ queryKey: questionKeys.one(id), queryFn: () => fetchQuestion(id), enabled: id > 0 });
}

/** One page of folders: the top level (parentId null) or the subfolders of a folder. */
export function useFolderPage(parentId: number | null, page: number) {
  return useQuery({
    queryKey: questionKeys.folderPage(parentId, page),
    queryFn: () => fetchFolders({ page, limit: FOLDER_PAGE_SIZE, parent_id: parentId ?? undefined }),
    placeholderData: keepPreviousData,
  });
}

/** Every folder at every level (pickers, breadcrumbs, folder filter). */
export function useAllFolders() {
  return useQuery({ queryKey: questionKeys.allFolders, queryFn: fetchAllFolders, staleTime: 30_000 });
}
