// Files the API sends as downloads (Content-Disposition: attachment). They need the app's headers
// (Authorization, role), so a plain link cannot fetch them: the file is fetched, then saved from an
// object URL through a temporary <a download>.
import { buildHeaders, buildUrl, parseApiError, type RequestOptions } from './api-client';
import { finishLoading, startLoading } from './loading-bar';

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` or `filename="…"`), else `fallback`. */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      const name = decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
      if (name) return safeName(name, fallback);
    } catch {
      /* badly encoded: try the plain form */
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name ? safeName(name, fallback) : fallback;
}

/** No folders in a suggested name. */
function safeName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base || fallback;
}

/** Saves a blob under `filename` through a temporary <a download>. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A download asked for with a POST and a JSON body (the file manager's `download-file { id }`). */
export interface DownloadRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
}

/**
 * GETs `path` (or POSTs `request.body` as JSON) with the app's headers and saves the answer as a
 * file, named as the server says (else `fallbackName`). Rejects with an ApiError as `api` does.
 */
export async function downloadFile(path: string, query: RequestOptions['query'], fallbackName: string, request: DownloadRequest = {}): Promise<void> {
  startLoading();
  let failed = true;
  try {
    let res: Response;
    const { method = 'GET', body } = request;
    try {
      res = await fetch(buildUrl(path, query), {
        method,
        headers: buildHeaders({ Accept: '*/*', ...(body !== undefined && { 'Content-Type': 'application/json' }) }),
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw parseApiError(0, null);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let body: unknown = text || null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      throw parseApiError(res.status, body);
    }
    if ((res.headers.get('Content-Type') ?? '').startsWith('text/html')) {
      // The app's own page (the SPA fallback) where a file was expected.
      throw parseApiError(502, null);
    }
    const blob = await res.blob();
    saveBlob(blob, filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName));
    failed = false;
  } finally {
    finishLoading(failed);
  }
}
