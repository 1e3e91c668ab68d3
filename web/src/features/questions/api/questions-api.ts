// Question bank calls (partner admins and teachers of the site, super admins): questions of the
// 11 types and the folders that hold them.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

export const QUESTION_TYPES = [
  'multiple_choice',
  'multiple_select',
  'true_false',
  'dropdown',
  'fill_blanks',
  'short_answer',
  'paragraph',
  'essay',
  'assignment',
  'date',
  'time',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface QuestionOption {
  text: string;
  text_bn: string;
  correct: boolean;
}

export interface QuestionSummary {
  id: number;
  version: number;
  question_type: QuestionType;
  folder_id: number | null;
  category_id: number | null;
  owner_id: number;
  text: string;
  text_bn: string;
  marks: number;
  updated_at: string;
}

export interface Question extends QuestionSummary {
  negative_marks: number;
  explanation: string;
  explanation_bn: string;
  options: QuestionOption[];
  blanks: string[][];
  accepted: string[];
  answer: string;
  created_at: string;
}

export interface QuestionInput {
  question_type: QuestionType;
  folder_id: number | null;
  category_id: number | null;
  text: string;
  text_bn: string;
  marks: number;
  negative_marks: number;
  explanation: string;
  explanation_bn: string;
  options: QuestionOption[];
  blanks: string[][];
  accepted: string[];
  answer: string;
}

export interface Folder {
  id: number;
  parent_id: number | null;
  name: string;
  question_count: number;
  folder_count: number;
}

export interface QuestionListParams {
  page: number;
  limit?: number;
  search?: string;
  type?: QuestionType;
  category_id?: number;
  folder_id?: number;
}

export function fetchQuestions(params: QuestionListParams) {
  return api<Page<QuestionSummary>>('/question-bank/view', { query: { ...params } });
}

export function fetchQuestion(id: number) {
  return api<DataEnvelope<Question>>(`/question-bank/view/${id}`).then((r) => r.data);
}

export function createQuestion(body: QuestionInput) {
  return api<DataEnvelope<Question>>('/question-bank/create', { method: 'POST', body }).then((r) => r.data);
}

export function updateQuestion(id: number, body: QuestionInput) {
  return api<DataEnvelope<Question>>(`/question-bank/update/${id}`, { method: 'PUT', body }).then((r) => r.data);
}

export function deleteQuestion(id: number) {
  return api<DataEnvelope<{ ok: boolean }>>(`/question-bank/delete/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

export interface FolderListParams {
  page?: number;
  limit?: number;
  search?: string;
  /** Absent: the top-level folders. */
  parent_id?: number;
}

export function fetchFolders(params: FolderListParams) {
  return api<Page<Folder>>('/question-bank/view-folder', { query: { ...params } });
}

/** Every folder at every level in one page (pickers, breadcrumbs). */
export function fetchAllFolders() {
  return api<Page<Folder>>('/question-bank/view-folder', { query: { no_pagination: 1 } }).then((r) => r.data ?? []);
}

export function createFolder(body: { name: string; parent_id: number | null }) {
  return api<DataEnvelope<Folder>>('/question-bank/create-folder', { method: 'POST', body }).then((r) => r.data);
}

export function updateFolder(id: number, body: { name: string; parent_id: number | null }) {
  return api<DataEnvelope<Folder>>(`/question-bank/folder-update/${id}`, { method: 'PUT', body }).then((r) => r.data);
}

/** withQuestions: the folder, its subfolders and their questions go; otherwise they move up to its parent. */
export function deleteFolder(id: number, withQuestions: boolean) {
  return api<DataEnvelope<{ ok: boolean }>>(`/question-bank/delete-folder/${id}`, {
    method: 'DELETE',
    query: withQuestions ? { withfolder: 1 } : undefined,
  }).then((r) => r.data);
}
