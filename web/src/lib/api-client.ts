// fetch wrapper carrying the headers of the API contract (docs/api-foundation.md).
import { clearToken, getRoleHeaders, getToken } from './auth-storage';
import { finishLoading, startLoading } from './loading-bar';
import { langId, normalizeLang, type Lang } from './lang';
import { getCurrentSite, partnerSlug } from './site';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  status: number;
  code: string | null;
  fieldErrors: FieldErrors;

  constructor(status: number, message: string, code: string | null, fieldErrors: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** Turn a non-2xx response body (parsed JSON, text or nothing) into an ApiError. */
export function parseApiError(status: number, body: unknown): ApiError {
  let message = '';
  let code: string | null = null;
  const fieldErrors: FieldErrors = {};
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.message === 'string') message = b.message;
    if (typeof b.code === 'string' && b.code) code = b.code;
    if (b.errors && typeof b.errors === 'object') {
      for (const [field, v] of Object.entries(b.errors as Record<string, unknown>)) {
        if (Array.isArray(v)) fieldErrors[field] = v.map(String);
        else if (typeof v === 'string') fieldErrors[field] = [v];
      }
    }
  } else if (typeof body === 'string') {
    message = body.trim().slice(0, 300);
  }
  if (!code) {
    if (status === 0) code = 'network_error';
    else if (status === 401) code = 'unauthenticated';
    else if (status === 403) code = 'forbidden';
    else if (status === 404) code = 'not_found';
    else if (status === 409) code = 'conflict';
    else if (status === 422) code = 'validation_failed';
    else if (status === 429) code = 'too_many_attempts';
    else if (status >= 500) code = 'server_error';
  }
  if (!message) message = `HTTP ${status}`;
  return new ApiError(status, message, code, fieldErrors);
}

let currentLang: Lang = 'bn';
export function setApiLang(lang: string) {
  currentLang = normalizeLang(lang) ?? 'bn';
}

export function buildHeaders(extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = {
    Accept: 'application/json',
    lang: String(langId(currentLang)),
    'Accept-Language': currentLang,
  };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  const slug = partnerSlug(getCurrentSite());
  if (slug) h.roleid = slug;
  const { roleId, ownerId } = getRoleHeaders();
  if (roleId) h['Role-id'] = roleId;
  if (ownerId) h['Owner-id'] = ownerId;
  return { ...h, ...extra };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Do not drive the top loading bar (background polling). */
  silent?: boolean;
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, silent } = opts;
  const headers = buildHeaders({ ...(body !== undefined && { 'Content-Type': 'application/json' }), ...opts.headers });
  if (!silent) startLoading();
  let failed = true;
  try {
    let res: Response;
    try {
      res = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal,
      });
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw parseApiError(0, null);
    }
    const text = await res.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!res.ok) {
      if (res.status === 401 && path.startsWith('/api/user')) clearToken();
      throw parseApiError(res.status, parsed);
    }
    if (typeof parsed === 'string') {
      // An HTML page (e.g. the SPA fallback) where JSON was expected.
      throw parseApiError(res.status === 200 ? 502 : res.status, null);
    }
    failed = false;
    return parsed as T;
  } finally {
    if (!silent) finishLoading(failed);
  }
}
