// The platform's reference lists, kept by the main site's super admins (docs/api-reference.md):
// categories, education levels with their sub-levels and degrees, professions with their fields,
// disabilities, participant types, tags, and Bangladesh's divisions, districts and upazilas. Each
// list is read by its own call (the geography's by the generic read); the lists with write calls
// of their own are written through them, the others through the generic
// /admin-settings/reference/{kind}/* calls, which also export and import every list. A category's
// picture goes up and away by calls of its own.
import { api, buildHeaders, parseApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { finishLoading, startLoading } from '../../../lib/loading-bar';
import type { DataEnvelope, Page } from '../../../lib/types';
import { uploadForm, type UploadHandle } from '../../../lib/upload';

export const REFERENCE_KINDS = [
  'categories',
  'education_levels',
  'education_sublevels',
  'degrees',
  'professions',
  'profession_fields',
  'disabilities',
  'participant_types',
  'tags',
  'divisions',
  'districts',
  'upazilas',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** An entry of a list. */
export interface RefItem {
  id: number;
  title: string;
  bn_title: string;
  sort: number;
  /** The level of a sub-level or degree, the profession of a field, the division of a district, the district of an upazila; else null. */
  parent_id: number | null;
  /** A category's picture (others null). */
  image: string | null;
}

export interface RefBody {
  id?: number;
  title: string;
  bn_title: string;
  sort?: number;
  parent_id?: number;
}

export interface RefListParams {
  page: number;
  limit?: number;
  search?: string;
  /** The parent the list is narrowed to (sub-levels, degrees, fields, districts, upazilas); null: every item. */
  parent?: number | null;
  /** Every item in one page (a parent picker). */
  all?: boolean;
}

interface KindCalls {
  /** The read call's path for a parent (null: none chosen). */
  read: (parent: number | null) => string;
  /** The parent's filter goes in the query as parent_id (sub-levels, the geography). */
  parentQuery?: boolean;
  /** Read with a POST and a JSON body (tags). */
  post?: boolean;
  /** The base of the list's own create/update/delete calls; else the generic ones. */
  write?: string;
  /** The list whose items are this list's parents. */
  parent?: ReferenceKind;
}

const S = '/admin-settings';

export const KIND_CALLS: Record<ReferenceKind, KindCalls> = {
  categories: { read: () => `${S}/categories`, write: `${S}/categories` },
  education_levels: { read: () => `${S}/education/levels`, write: `${S}/education/levels` },
  education_sublevels: { read: () => `${S}/education/sublevel`, parentQuery: true, write: `${S}/education/sublevel`, parent: 'education_levels' },
  degrees: { read: (p) => `${S}/education/degreeBylevel/${p ?? 0}`, write: `${S}/education/degree`, parent: 'education_levels' },
  professions: { read: () => `${S}/employment/professions`, write: `${S}/employment/profession` },
  profession_fields: { read: (p) => `${S}/employment/fieldByprofession/${p ?? 0}`, parent: 'professions' },
  disabilities: { read: () => `${S}/disabilities/view` },
  participant_types: { read: () => `${S}/participant_types` },
  tags: { read: () => `${S}/tags/search`, post: true },
  // Bangladesh's geography: the generic read, narrowed by ?parent_id= (a district's division, an upazila's district).
  divisions: { read: () => `${S}/reference/divisions`, parentQuery: true },
  districts: { read: () => `${S}/reference/districts`, parentQuery: true, parent: 'divisions' },
  upazilas: { read: () => `${S}/reference/upazilas`, parentQuery: true, parent: 'districts' },
};

/** The list whose items are `kind`'s parents; null when its items have none. */
export function parentKind(kind: ReferenceKind): ReferenceKind | null {
  return KIND_CALLS[kind].parent ?? null;
}

/** The list among `kinds` whose items are `kind`'s children (professions -> fields, divisions -> districts); null when none is. */
export function childKind(kind: ReferenceKind, kinds: readonly ReferenceKind[] = REFERENCE_KINDS): ReferenceKind | null {
  return kinds.find((k) => parentKind(k) === kind) ?? null;
}

function writeBase(kind: ReferenceKind): string {
  return KIND_CALLS[kind].write ?? `${S}/reference/${kind}`;
}

/** A page of a list, in its sort order then by title. */
export function fetchRefList(kind: ReferenceKind, { page, limit = 20, search, parent = null, all }: RefListParams) {
  const calls = KIND_CALLS[kind];
  const path = calls.read(parent);
  const q = search?.trim() || undefined;
  const paging = all ? { pagination: 'none' } : { page, limit };
  if (calls.post) {
    return api<Page<RefItem>>(path, { method: 'POST', body: { search: q ?? '', ...(all ? { pagination: 'none' } : { page, limit }) } });
  }
  return api<Page<RefItem>>(path, { query: { ...paging, search: q, ...(calls.parentQuery && parent ? { parent_id: parent } : {}) } });
}

/** 201 with the item; 422 per field (title, bn_title: required, too_long; title: duplicate_name; parent_id: required, unknown_parent, in_use). */
export function createRefItem(kind: ReferenceKind, body: RefBody) {
  return api<DataEnvelope<RefItem>>(`${writeBase(kind)}/create`, { method: 'POST', body }).then((r) => r.data);
}

export function updateRefItem(kind: ReferenceKind, body: RefBody & { id: number }) {
  return api<DataEnvelope<RefItem>>(`${writeBase(kind)}/update`, { method: 'PUT', body }).then((r) => r.data);
}

/** 204; 409 `in_use` when something still uses the item. */
export function deleteRefItem(kind: ReferenceKind, id: number) {
  return api<unknown>(`${writeBase(kind)}/${id}`, { method: 'DELETE' });
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Saves the whole list as a file (header id,title,bn_title,sort,parent_id). */
export function exportRefList(kind: ReferenceKind, format: ExportFormat) {
  return downloadFile(`${S}/reference/${kind}/export`, { format }, `${kind}.${format}`);
}

export interface ImportOutcome {
  created: number;
  updated: number;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The Content-Type a file goes up with: text/csv, or the Excel type for an .xlsx file. */
export function importType(file: { name: string; type?: string }): string {
  return /\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE ? XLSX_TYPE : 'text/csv';
}

/**
 * Sends a file's bytes as the import's body. All rows or none: a bad row refuses the whole file
 * with 422 `errors: {"row_<n>": [...]}` (the ApiError's fieldErrors).
 */
export async function importRefList(kind: ReferenceKind, file: Blob & { name: string }): Promise<ImportOutcome> {
  startLoading();
  let failed = true;
  try {
    let res: Response;
    try {
      res = await fetch(`${S}/reference/${kind}/import`, { method: 'POST', headers: buildHeaders({ 'Content-Type': importType(file) }), body: file });
    } catch {
      throw parseApiError(0, null);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    if (!res.ok) throw parseApiError(res.status, parsed);
    if (!parsed || typeof parsed !== 'object') throw parseApiError(502, null);
    failed = false;
    return (parsed as DataEnvelope<ImportOutcome>).data;
  } finally {
    finishLoading(failed);
  }
}

/** The refused rows of an import's 422, in row order: [row number, message]. */
export function importRowErrors(fieldErrors: Record<string, string[]>): [number, string][] {
  return Object.entries(fieldErrors)
    .map(([key, messages]) => [Number(/^row_(\d+)$/.exec(key)?.[1] ?? NaN), messages.join(' ')] as [number, string])
    .filter(([n]) => Number.isFinite(n))
    .sort((a, b) => a[0] - b[0]);
}

/** The pictures a category takes, and how large (the server cuts them to 480 x 320). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Why the server would refuse this file as a category's picture (its codes), checked before sending it; null when it would not. */
export function pictureProblem(file: { type: string; size: number }): 'invalid_image' | 'image_too_large' | null {
  if (file.type && !PICTURE_TYPES.includes(file.type)) return 'invalid_image';
  return file.size > PICTURE_MAX_BYTES ? 'image_too_large' : null;
}

/**
 * POST /admin-settings/categories/{id}/image (multipart `image`) with upload progress: the category,
 * whose `image` is its new picture's path. 422 `errors.image` (invalid_image, image_too_large), 413.
 */
export function uploadCategoryPicture(id: number, file: File, onProgress: (percent: number) => void): UploadHandle<RefItem> {
  const form = new FormData();
  form.append('image', file, file.name);
  return uploadForm<RefItem>(`${S}/categories/${id}/image`, form, onProgress);
}

/** DELETE /admin-settings/categories/{id}/image: the category, its `image` null. */
export function removeCategoryPicture(id: number) {
  return api<DataEnvelope<RefItem>>(`${S}/categories/${id}/image`, { method: 'DELETE' }).then((r) => r.data);
}
