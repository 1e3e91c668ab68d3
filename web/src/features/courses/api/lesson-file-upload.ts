// POST /course/schedule/lesson/{id}/file as multipart (field `file`). XMLHttpRequest rather than
// fetch, for the upload progress events.
import { buildHeaders, parseApiError } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';
import type { Lesson } from './courses-api';

export interface UploadHandle {
  promise: Promise<Lesson>;
  abort: () => void;
}

/** onProgress gets 0..100 while the bytes go up. Rejects with an ApiError (status 0 when the network fails). */
export function uploadLessonFile(lessonId: number, file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Lesson>((resolve, reject) => {
    xhr.open('POST', `/course/schedule/lesson/${lessonId}/file`);
    // The browser sets the multipart Content-Type with its boundary.
    for (const [k, v] of Object.entries(buildHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        onProgress(100);
        resolve((body as DataEnvelope<Lesson>).data);
      } else {
        reject(parseApiError(xhr.status >= 200 && xhr.status < 300 ? 502 : xhr.status, body));
      }
    };
    xhr.onerror = () => reject(parseApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
