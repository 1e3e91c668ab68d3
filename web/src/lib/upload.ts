// Multipart uploads with progress. XMLHttpRequest rather than fetch, for the upload progress
// events; the browser sets the multipart Content-Type with its boundary.
import { buildHeaders, parseApiError } from './api-client';
import type { DataEnvelope } from './types';

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

/**
 * POSTs `form` to `url` and resolves with the answer's `data`. onProgress gets 0..100 while the
 * bytes go up. Rejects with an ApiError (status 0 when the network fails).
 */
export function uploadForm<T>(url: string, form: FormData, onProgress: (percent: number) => void): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
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
        resolve((body as DataEnvelope<T>).data);
      } else {
        reject(parseApiError(xhr.status >= 200 && xhr.status < 300 ? 502 : xhr.status, body));
      }
    };
    xhr.onerror = () => reject(parseApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
