// A lesson's file, sent after the lesson is saved: an upload (POST /course/schedule/lesson/{id}/file
// as multipart, field `file`, with progress), or a copy of a stored file of the file manager
// (POST /course/schedule/lesson/{id}/file-manager `{file_id}`).
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';
import { uploadForm, type UploadHandle } from '../../../lib/upload';
import type { Lesson } from './courses-api';

/** onProgress gets 0..100 while the bytes go up. Rejects with an ApiError (status 0 when the network fails). */
export function uploadLessonFile(lessonId: number, file: File, onProgress: (percent: number) => void): UploadHandle<Lesson> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<Lesson>(`/course/schedule/lesson/${lessonId}/file`, form, onProgress);
}

/**
 * Gives the lesson a copy of a stored file of the caller's file manager (their own or one shared
 * with them). 422 `errors.file_id`: invalid_choice (not theirs nor shared with them),
 * not_a_stored_file (a link), invalid_file (a type lessons do not take, or too large).
 */
export function attachManagerFile(lessonId: number, fileId: number, signal?: AbortSignal) {
  return api<DataEnvelope<Lesson>>(`/course/schedule/lesson/${lessonId}/file-manager`, { method: 'POST', body: { file_id: fileId }, signal }).then((r) => r.data);
}

/** The file chosen for a lesson: one from the device, or one of the file manager. */
export type LessonFileChoice = { kind: 'upload'; file: File } | { kind: 'manager'; fileId: number };

/** Sends the chosen file to a saved lesson; abort() gives it up (an AbortError). */
export function sendLessonFile(lessonId: number, choice: LessonFileChoice, onProgress: (percent: number) => void): UploadHandle<Lesson> {
  if (choice.kind === 'upload') return uploadLessonFile(lessonId, choice.file, onProgress);
  const ctrl = new AbortController();
  return { promise: attachManagerFile(lessonId, choice.fileId, ctrl.signal), abort: () => ctrl.abort() };
}
