// Single exams, the teacher's side (the same people as the question bank): the exam's settings and
// paper recipe, its attempts, the marking queue, overrides for one learner, and statistics.
// Contract: /tmp/notes/exam-api-contract.md (tenant-api, partner site host).
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

/** The question types of the bank (the exam shows and answers each of them). */
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

export const RESULTS_RELEASES = ['on_submit', 'after_close'] as const;
export type ResultsRelease = (typeof RESULTS_RELEASES)[number];

/** A part of the paper as sent: a bank question, or `pick` questions drawn from a folder per attempt. */
export type PartInput = { question_id: number } | { folder_id: number; pick: number };

export interface ExamInput {
  title: string;
  title_bn: string;
  instructions: string;
  instructions_bn: string;
  /** RFC 3339, UTC. */
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  attempts_allowed: number;
  pass_percent: number;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  results_release: ResultsRelease;
  show_answers: boolean;
  grace_seconds: number;
  published: boolean;
  parts: PartInput[];
}

export interface PartQuestion {
  id: number;
  question_type: QuestionType;
  text: string;
  text_bn: string;
  marks: number;
}

export interface ExamPart {
  position: number;
  question_id: number | null;
  folder_id: number | null;
  pick: number | null;
  question: PartQuestion | null;
  folder_name: string | null;
}

export interface Exam extends Omit<ExamInput, 'parts'> {
  id: number;
  uuid: string;
  owner_id: number;
  question_count: number;
  total_marks: number;
  created_at: string;
  updated_at: string;
  attempt_count: number;
  parts: ExamPart[];
}

export interface ExamSummary {
  id: number;
  uuid: string;
  title: string;
  title_bn: string;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  published: boolean;
  question_count: number;
  attempt_count: number;
  pending_marking: number;
}

/** Attempt states of the tenant schema; the screens show an unknown one as it comes. */
export type AttemptState = 'not_started' | 'in_progress' | 'overdue' | 'submitted' | 'finished' | 'abandoned' | (string & {});

export interface AttemptSummary {
  uuid: string;
  user_id: number;
  user_name: string;
  attempt_no: number;
  state: AttemptState;
  started_at: string | null;
  deadline: string | null;
  submitted_at: string | null;
  late: boolean;
  auto_closed: boolean;
  score: number | null;
  max_score: number;
  pending_marking: number;
  passed: boolean | null;
}

/** What a learner answered; which fields count depends on the question type. */
export interface Answer {
  /** Option ids (choice types). */
  choices: number[];
  /** true_false ("true"/"false"), short answer, paragraph, essay, date (DD/MM/YYYY), time (HH:MM). */
  text: string;
  /** fill_blanks, one per gap. */
  blanks: string[];
  /** assignment: the uploaded file. */
  file: string | null;
}

export interface MarkingItem {
  attempt: string;
  slot: number;
  user_name: string;
  question_type: QuestionType;
  text: string;
  text_bn: string;
  /** The most marks the answer can get. */
  marks: number;
  answer: Answer;
  file_url: string | null;
}

export interface Override {
  exam_id: number;
  user_id: number;
  extra_attempts: number;
  extra_minutes: number;
}

export interface ExamStats {
  computed_at: string | null;
  attempts: number;
  finished: number;
  in_progress: number;
  awaiting_marking: number;
  mean_percent: number | null;
  median_percent: number | null;
  min_percent: number | null;
  max_percent: number | null;
  sd_percent: number | null;
  pass_rate: number | null;
}

export interface QuestionStat {
  question_id: number;
  question_type: QuestionType;
  text: string;
  text_bn: string;
  answered: number;
  /** 0..1: the share of the marks learners got. */
  facility: number | null;
  /** -1..1. */
  discrimination: number | null;
  options: { id: number; text: string; text_bn: string; chosen: number }[];
}

export interface ExamListParams {
  page: number;
  limit?: number;
  search?: string;
}

export function fetchExams(params: ExamListParams) {
  return api<Page<ExamSummary>>('/course/exam/view-single', { query: { ...params } });
}

export function fetchExam(id: number) {
  return api<DataEnvelope<Exam>>(`/course/exam/view-single/${id}`).then((r) => r.data);
}

export function createExam(body: ExamInput) {
  return api<DataEnvelope<Exam>>('/course/exam/create-single', { method: 'POST', body }).then((r) => r.data);
}

export function updateExam(id: number, body: ExamInput) {
  return api<DataEnvelope<Exam>>(`/course/exam/update-single/${id}`, { method: 'PUT', body }).then((r) => r.data);
}

export function deleteExam(id: number) {
  return api<DataEnvelope<{ ok: boolean }>>(`/course/exam/delete-single/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

export function fetchAttempts(id: number, params: { page: number; limit?: number }) {
  return api<Page<AttemptSummary>>(`/course/exam/attempts/${id}`, { query: { ...params } });
}

export function fetchMarking(id: number) {
  return api<DataEnvelope<MarkingItem[]>>(`/course/exam/marking/${id}`).then((r) => r.data ?? []);
}

export function manualMark(body: { attempt: string; slot: number; marks: number; comment: string }) {
  return api<DataEnvelope<AttemptSummary>>('/course/batch/manual_mark', { method: 'POST', body }).then((r) => r.data);
}

export function increaseAttempt(body: { exam_id: number; user_id: number; extra_attempts: number; extra_minutes: number }) {
  return api<DataEnvelope<Override>>('/course/batch/increase_attempt', { method: 'PUT', body }).then((r) => r.data);
}

export function fetchExamStats(id: number) {
  return api<DataEnvelope<ExamStats>>(`/course/exam/view-stat/${id}`).then((r) => r.data);
}

export function fetchQuestionStats(id: number) {
  return api<DataEnvelope<QuestionStat[]>>(`/course/exam/q-analytics/${id}`).then((r) => r.data ?? []);
}

// The question bank, as the paper builder reads it (the same calls as the question bank screens).

export interface BankQuestion {
  id: number;
  question_type: QuestionType;
  folder_id: number | null;
  text: string;
  text_bn: string;
  marks: number;
  /** On questions shared with the author: whose it is. */
  owner_name?: string;
}

export interface BankFolder {
  id: number;
  parent_id: number | null;
  name: string;
  question_count: number;
  folder_count: number;
  /** A colleague's folder shared with the author (set here, from the list it came in). */
  shared?: boolean;
}

export interface BankQuestionParams {
  page: number;
  limit?: number;
  search?: string;
  type?: QuestionType;
}

export function fetchBankQuestions(params: BankQuestionParams & { folder_id?: number }) {
  return api<Page<BankQuestion>>('/question-bank/view', { query: { ...params } });
}

/** A question a colleague shared with the author, and whose it is. */
export interface SharedBankQuestion extends BankQuestion {
  owner_name: string;
}

/** Questions colleagues shared with the author: they may go on the paper as fixed questions. */
export function fetchSharedBankQuestions(params: BankQuestionParams) {
  return api<Page<SharedBankQuestion>>('/my-account/sharing/shared-with-me', { query: { table: 'questions', module: 'question-bank', ...params } });
}

/**
 * Every folder a random pick may draw from, at every level: the author's own, then those colleagues
 * shared with them (and the folders inside those), marked `shared`.
 */
export async function fetchBankFolders() {
  const list = (shared: 0 | 1) =>
    api<Page<BankFolder>>('/question-bank/view-folder', { query: { no_pagination: 1, ...(shared ? { shared } : {}) } }).then((r) => r.data ?? []);
  const [own, shared] = await Promise.all([list(0), list(1)]);
  return withSharedFolders(own, shared);
}

/** The own folders, then the shared ones not among them (a site's admin owns them all already). */
export function withSharedFolders(own: BankFolder[], shared: BankFolder[]): BankFolder[] {
  const ids = new Set(own.map((f) => f.id));
  return [...own, ...shared.filter((f) => !ids.has(f.id)).map((f) => ({ ...f, shared: true }))];
}
