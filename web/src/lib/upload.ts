// Uploads with progress. XMLHttpRequest rather than fetch, for the upload progress events. Forms
// go up as multipart (the browser sets the Content-Type with its boundary); a part of a file as
// raw bytes.
import { buildHeaders, parseApiError } from './api-client';
import type { DataEnvelope } from './types';

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

/**
 * Sends `body` to `url` with the API's headers (and `extra`) and resolves with the answer's
 * `data`. onProgress gets 0..100 while the bytes go up. Rejects with an ApiError (status 0 when
 * the network fails), or an AbortError when aborted.
 */
function sendXhr<T>(method: 'POST' | 'PUT', url: string, body: FormData | Blob, onProgress: (percent: number) => void, extra?: Record<string, string>): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open(method, url);
    for (const [k, v] of Object.entries(buildHeaders(extra))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300 && parsed && typeof parsed === 'object') {
        onProgress(100);
        resolve((parsed as DataEnvelope<T>).data);
      } else {
        reject(parseApiError(xhr.status >= 200 && xhr.status < 300 ? 502 : xhr.status, parsed));
      }
    };
    xhr.onerror = () => reject(parseApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

/** POSTs `form` to `url` (multipart) and resolves with the answer's `data`. */
export function uploadForm<T>(url: string, form: FormData, onProgress: (percent: number) => void): UploadHandle<T> {
  return sendXhr<T>('POST', url, form, onProgress);
}

/** PUTs `bytes` as they are (application/octet-stream) and resolves with the answer's `data`. */
export function uploadBytes<T>(url: string, bytes: Blob, onProgress: (percent: number) => void): UploadHandle<T> {
  return sendXhr<T>('PUT', url, bytes, onProgress, { 'Content-Type': 'application/octet-stream' });
}
