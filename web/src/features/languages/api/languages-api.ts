// The language dictionary (docs/api-reference.md, "Language values"): every text of the web app by
// key (`namespace:dotted.key`, as the catalogues name them) with its English and Bangla value. The
// main site's super admins change a text, add keys of their own, and give a shipped key back its
// shipped text (or remove a key of their own) with the same DELETE.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

const S = '/admin-settings/language';

/** One key with both values (null: no value in that language). */
export interface LangValue {
  key: string;
  en: string | null;
  bn: string | null;
  /** An admin changed it or added it: a release's catalogues leave it as it is. */
  edited: boolean;
  updated_at: string;
}

export interface LangValueBody {
  key: string;
  en: string;
  bn: string;
}

export interface ValuesParams {
  page: number;
  limit?: number;
  /** Matches the key or either value. */
  search?: string;
  /** Only the keys an admin changed. */
  edited?: boolean;
}

export const VALUES_LIMIT = 20;

/** A page of the dictionary, by key. */
export function fetchValues({ page, limit = VALUES_LIMIT, search, edited }: ValuesParams) {
  return api<Page<LangValue>>(`${S}/values`, { query: { page, limit, search: search?.trim() || undefined, edited: edited ? true : undefined } });
}

/** 201 with the value; 422 per field (key: required, too_long, key_invalid; en, bn: required, too_long); 409 `duplicate_key`. */
export function createValue(body: LangValueBody) {
  return api<DataEnvelope<LangValue>>(`${S}/value/create`, { method: 'POST', body }).then((r) => r.data);
}

/** 200 with the value, now marked edited; 404 an unknown key. */
export function updateValue(body: LangValueBody) {
  return api<DataEnvelope<LangValue>>(`${S}/value/update`, { method: 'PUT', body }).then((r) => r.data);
}

/** The DELETE's address: the key is one path segment (its `:` and dots encoded where needed). */
export function valuePath(key: string): string {
  return `${S}/value/${encodeURIComponent(key)}`;
}

/** 204: a shipped key goes back to its shipped text, a key of the admins' own is removed. */
export function deleteValue(key: string) {
  return api<unknown>(valuePath(key), { method: 'DELETE' });
}
