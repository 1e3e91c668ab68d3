import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import {
  copyQuestion,
  fetchAllFolders,
  fetchFolders,
  fetchQuestion,
  fetchQuestions,
  fetchSharedQuestions,
  shareFolder,
  shareQuestion,
  type Folder,
  type Question,
  type QuestionListParams,
  type SharedQuestionParams,
} from '../api/questions-api';

export const QUESTION_PAGE_SIZE = 15;
export const FOLDER_PAGE_SIZE = 24;

export const questionKeys = {
  all: ['question-bank'] as const,
  list: (params: QuestionListParams) => ['question-bank', 'list', params] as const,
  shared: (params: SharedQuestionParams) => ['question-bank', 'shared', params] as const,
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

/** A page of the questions colleagues shared with the caller. */
export function useSharedQuestions(params: SharedQuestionParams) {
  return useQuery({
    queryKey: questionKeys.shared(params),
    queryFn: () => fetchSharedQuestions({ limit: QUESTION_PAGE_SIZE, ...params }),
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

/** Every folder at every level, each with whom it is shared (pickers, breadcrumbs, folder filter, a folder's page). */
export function useAllFolders() {
  return useQuery({ queryKey: questionKeys.allFolders, queryFn: fetchAllFolders, staleTime: 30_000 });
}

/** Shares a question (the share dialog's save); the lists and the question are read again. */
export async function shareQuestionSaved(qc: QueryClient, id: number, users: string[]): Promise<Question> {
  const saved = await shareQuestion(id, users);
  qc.setQueryData(questionKeys.one(id), saved);
  void qc.invalidateQueries({ queryKey: questionKeys.all });
  return saved;
}

/** Shares a folder (and every question in it); the folder lists are read again. */
export async function shareFolderSaved(qc: QueryClient, id: number, users: string[]): Promise<Folder> {
  const saved = await shareFolder(id, users);
  void qc.invalidateQueries({ queryKey: questionKeys.folders });
  return saved;
}

/** "Copy to my bank": the shared question becomes the caller's own (no folder). */
export function copyQuestionMutation(qc: QueryClient): UseMutationOptions<Question, Error, number> {
  return {
    mutationFn: copyQuestion,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['question-bank', 'list'] }),
  };
}
