// Question bank calls (partner admins and teachers of the site, super admins): questions of the
// 11 types and the folders that hold them.
import { api } from '../../../lib/api-client';
import type { SharedPerson } from '../../../lib/share-people';
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
  /** How many colleagues it is shared with one by one (its folder's shares not counted). */
  shared_count: number;
  updated_at: string;
}

export interface Question extends QuestionSummary {
  /** The question's picture, `/question-media/<name>` (a redirect to the picture itself); '' for none. */
  image: string;
  negative_marks: number;
  explanation: string;
  explanation_bn: string;
  options: QuestionOption[];
  blanks: string[][];
  accepted: string[];
  answer: string;
  /** Whom the author shared it with; [] when a colleague reads it. */
  shared_with: SharedPerson[];
  /** The author's name. */
  owner_name: string;
  created_at: string;
}

export interface QuestionInput {
  question_type: QuestionType;
  folder_id: number | null;
  category_id: number | null;
  text: string;
  text_bn: string;
  /** '' for none, or an address POST /question-bank/media gave (422 `errors.image` invalid_choice otherwise). */
  image: string;
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
  /** Whom the author shared it with (and so every question in it, at any depth); on every folder list. */
  shared_with: SharedPerson[];
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

/** A question to add as one's own: the one read (a colleague's, shared), in no folder. */
export function copyInput(q: Question): QuestionInput {
  return {
    question_type: q.question_type,
    folder_id: null,
    category_id: q.category_id,
    text: q.text,
    text_bn: q.text_bn,
    image: q.image ?? '',
    marks: q.marks,
    negative_marks: q.negative_marks,
    explanation: q.explanation,
    explanation_bn: q.explanation_bn,
    options: q.options.map((o) => ({ text: o.text, text_bn: o.text_bn, correct: o.correct })),
    blanks: q.blanks.map((b) => [...b]),
    accepted: [...q.accepted],
    answer: q.answer,
  };
}

/** Copies a question shared with the caller into their own bank: read it, then create it as theirs. */
export async function copyQuestion(id: number) {
  return createQuestion(copyInput(await fetchQuestion(id)));
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

/** Every folder at every level in one page, each with whom it is shared (pickers, breadcrumbs, a folder's page). */
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

/**
 * POST /question-bank/media: a picture of the caller's file manager (own or shared with them)
 * copied for questions; its address goes in the question's `image`. 422 `errors.file_id`:
 * invalid_choice (not a file of theirs), invalid_file (not a stored picture: links are refused).
 */
export function attachQuestionMedia(fileId: number) {
  return api<DataEnvelope<{ url: string }>>('/question-bank/media', { method: 'POST', body: { file_id: fileId } }).then((r) => r.data.url);
}

/** Replaces whom the caller's question is shared with (the whole list; [] unshares). 422 `errors.users` not_a_colleague, too_many. */
export function shareQuestion(id: number, users: string[]) {
  return api<DataEnvelope<Question>>('/my-account/sharing/share', { method: 'POST', body: { table: 'questions', id, users } }).then((r) => r.data);
}

/** The same for a folder: every question in it and in its subfolders is shared. */
export function shareFolder(id: number, users: string[]) {
  return api<DataEnvelope<Folder>>('/my-account/sharing/share', { method: 'POST', body: { table: 'question_folders', id, users } }).then((r) => r.data);
}

/** A question a colleague shared with the caller (one by one or through a folder), and whose it is. */
export interface SharedQuestion extends QuestionSummary {
  owner_name: string;
}

export type SharedQuestionParams = Omit<QuestionListParams, 'folder_id'>;

export function fetchSharedQuestions(params: SharedQuestionParams) {
  return api<Page<SharedQuestion>>('/my-account/sharing/shared-with-me', { query: { table: 'questions', module: 'question-bank', ...params } });
}

