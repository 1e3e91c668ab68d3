// POST /course/schedule/lesson/{id}/file as multipart (field `file`), with progress.
import { uploadForm, type UploadHandle } from '../../../lib/upload';
import type { Lesson } from './courses-api';

/** onProgress gets 0..100 while the bytes go up. Rejects with an ApiError (status 0 when the network fails). */
export function uploadLessonFile(lessonId: number, file: File, onProgress: (percent: number) => void): UploadHandle<Lesson> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<Lesson>(`/course/schedule/lesson/${lessonId}/file`, form, onProgress);
}
