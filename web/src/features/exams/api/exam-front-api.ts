// Single exams, the learner's side (/exam/journey/:uuid): the exam's intro, starting or resuming
// an attempt, saving answers one slot at a time, uploading an assignment's file, submitting, and
// the result. Contract: /tmp/notes/exam-api-contract.md "Learner".
import { api } from '../../../lib/api-client';
import { uploadForm, type UploadHandle } from '../../../lib/upload';
import type { DataEnvelope } from '../../../lib/types';
import type { Answer, AttemptState, QuestionType } from './exams-api';

export type IntroReason = 'exam_not_open' | 'exam_closed' | 'attempts_exhausted';

export interface IntroAttempt {
  uuid: string;
  attempt_no: number;
  state: AttemptState;
  score: number | null;
  max_score: number;
  passed: boolean | null;
  submitted_at: string | null;
  results_available: boolean;
}

export interface ExamIntro {
  uuid: string;
  title: string;
  title_bn: string;
  instructions: string;
  instructions_bn: string;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  attempts_allowed: number;
  attempts_used: number;
  question_count: number;
  pass_percent: number;
  server_now: string;
  active_attempt: string | null;
  attempts: IntroAttempt[];
  can_start: boolean;
  reason: IntroReason | null;
}

export interface PaperOption {
  id: number;
  text: string;
  text_bn: string;
}

export interface PaperQuestion {
  slot: number;
  question_type: QuestionType;
  text: string;
  text_bn: string;
  /** The question's picture (`/question-media/<name>`, a redirect to it); '' for none. */
  image: string;
  marks: number;
  negative_marks: number;
  options: PaperOption[];
  gaps: number;
}

export interface SavedSlot {
  slot: number;
  client_seq: number;
  answer: Answer;
}

export interface AttemptPaper {
  uuid: string;
  exam_uuid: string;
  title: string;
  title_bn: string;
  state: AttemptState;
  attempt_no: number;
  started_at: string | null;
  deadline: string | null;
  server_now: string;
  grace_seconds: number;
  questions: PaperQuestion[];
  answers: SavedSlot[];
}

export interface SavedAnswer {
  slot: number;
  /** The sequence number the server keeps for the slot; one other than the one sent means this save changed nothing. */
  client_seq: number;
  saved_at: string;
  late: boolean;
}

export type ReviewStatus = 'auto' | 'needs_marking' | 'marked' | 'unanswered';

export interface ReviewQuestion {
  slot: number;
  question_type: QuestionType;
  text: string;
  text_bn: string;
  /** As on the paper; '' for none. */
  image: string;
  marks: number;
  options: { id: number; text: string; text_bn: string; correct: boolean | null }[];
  gaps: number;
  answer: Answer | null;
  awarded: number | null;
  status: ReviewStatus | null;
  comment: string;
  key: { answer: string; blanks: string[][]; accepted: string[] } | null;
  explanation: string;
  explanation_bn: string;
}

export interface AttemptResult {
  uuid: string;
  exam_uuid: string;
  state: AttemptState;
  attempt_no: number;
  submitted_at: string | null;
  late: boolean;
  auto_closed: boolean;
  results_available: boolean;
  score: number | null;
  max_score: number;
  percent: number | null;
  passed: boolean | null;
  pending_marking: number;
  questions: ReviewQuestion[];
}

export function fetchIntro(uuid: string) {
  return api<DataEnvelope<ExamIntro>>(`/exam-front/single/${uuid}`).then((r) => r.data);
}

/** Starts an attempt, or returns the one already open. */
export function startAttempt(uuid: string) {
  return api<DataEnvelope<AttemptPaper>>(`/exam-front/single/${uuid}/start`, { method: 'POST' }).then((r) => r.data);
}

export function fetchAttempt(uuid: string) {
  return api<DataEnvelope<AttemptPaper>>(`/exam-front/attempt/${uuid}`).then((r) => r.data);
}

/** Background saves do not drive the top loading bar. */
export function saveAnswer(uuid: string, body: { slot: number; client_seq: number; answer: Answer }, signal?: AbortSignal) {
  return api<DataEnvelope<SavedAnswer>>(`/exam-front/attempt/${uuid}/answer`, { method: 'PUT', body, silent: true, signal }).then((r) => r.data);
}

export function submitAttempt(uuid: string) {
  return api<DataEnvelope<AttemptResult>>(`/exam-front/attempt/${uuid}/submit`, { method: 'POST' }).then((r) => r.data);
}

export function fetchResult(uuid: string) {
  return api<DataEnvelope<AttemptResult>>(`/exam-front/attempt/${uuid}/result`).then((r) => r.data);
}

/** POST /exam-front/attempt/{uuid}/file/{slot} as multipart (fields `client_seq` and `file`), with progress. */
export function uploadAnswerFile(uuid: string, slot: number, clientSeq: number, file: File, onProgress: (percent: number) => void): UploadHandle<SavedAnswer> {
  const form = new FormData();
  form.append('client_seq', String(clientSeq));
  form.append('file', file, file.name);
  return uploadForm<SavedAnswer>(`/exam-front/attempt/${uuid}/file/${slot}`, form, onProgress);
}
