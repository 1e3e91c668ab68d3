// Links people type. The add-URL check (SPEC 5 "Add URL popup"): a link kept as a file of the file
// manager, here and not in features/files because the file picker (components/ui) adds links too;
// and the plainer http(s) check of the forms' link fields (an event's online link, a post's, ...).
import { ApiError } from './api-client';
import { fieldProblem } from './field-error-text';

export type UrlProblem = 'required' | 'invalid';

/** The longest link the server keeps. */
export const URL_MAX = 2000;

/**
 * Why a link cannot be added (SPEC 5), checked as the server checks it: http(s):// to a host-like
 * name (labels of letters, digits and hyphens with a dot between, or localhost), no user name or
 * password, at most 2,000 characters.
 */
export function urlProblem(value: string): UrlProblem | null {
  const url = value.trim();
  if (!url) return 'required';
  if (url.length > URL_MAX || !/^https?:\/\/[^\s/?#]/i.test(url)) return 'invalid';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.username || parsed.password) return 'invalid';
  // URL gives international names in their ASCII (punycode) form, as the server reads them.
  const host = parsed.hostname.toLowerCase();
  const labelsOk = host.split('.').every((l) => /^[a-z0-9-]+$/.test(l));
  return labelsOk && (host.includes('.') || host === 'localhost') ? null : 'invalid';
}

/** What the server's refusal of the link's `url` field is: required, else invalid. */
export function urlServerProblem(err: unknown): UrlProblem | null {
  const p = fieldProblem(err, 'url');
  if (!p) return err instanceof ApiError && err.code === 'invalid_url' ? 'invalid' : null;
  return 'code' in p && p.code === 'required' ? 'required' : 'invalid';
}

/** Whether a link typed into a form (spaces around allowed) is an http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}
