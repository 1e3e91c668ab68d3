// Queries and mutations of the reference-list pages (/settings/categories, /settings/educationlavels,
// ..., /settings/geography), and of a category's picture.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { parseWhole } from '../../../lib/digits';
import type { Page } from '../../../lib/types';
import type { FieldProblems } from '../../../lib/use-field-errors';
import {
  createRefItem,
  deleteRefItem,
  fetchRefList,
  importRefList,
  removeCategoryPicture,
  updateRefItem,
  uploadCategoryPicture,
  type ImportOutcome,
  type RefBody,
  type RefItem,
  type RefListParams,
  type ReferenceKind,
} from '../api/reference-api';

export const refKeys = {
  all: ['reference-admin'] as const,
  kind: (kind: ReferenceKind) => ['reference-admin', kind] as const,
  list: (kind: ReferenceKind, p: RefListParams) => ['reference-admin', kind, p.parent ?? 0, p.all ? 'all' : p.page, p.search ?? '', p.limit ?? 20] as const,
};

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function refListQuery(kind: ReferenceKind, params: RefListParams) {
  return { queryKey: refKeys.list(kind, params), queryFn: () => fetchRefList(kind, params), retry: retryTransient };
}

export function useRefList(kind: ReferenceKind, params: RefListParams) {
  return useQuery({ ...refListQuery(kind, params), placeholderData: keepPreviousData });
}

/** Every item of a list (a parent picker), or nothing when `kind` is null. */
export function useRefChoices(kind: ReferenceKind | null) {
  return useQuery({ ...refListQuery(kind ?? 'education_levels', { page: 1, all: true }), enabled: !!kind, staleTime: 60_000 });
}

export const ITEM_FIELDS = ['title', 'bn_title', 'sort', 'parent_id'] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

/** The dialog's values as typed (sort in ASCII or Bangla digits; parent_id an id or ''). */
export interface ItemValues {
  title: string;
  bn_title: string;
  sort: string;
  parent_id: string;
}

export const TITLE_MAX = 120;

/** The client's own checks (the server's are the same): both titles, a whole sort, a parent where the list has one. */
export function itemProblems(v: ItemValues, hasParent: boolean): FieldProblems<ItemField> {
  const out: FieldProblems<ItemField> = {};
  if (!v.title.trim()) out.title = 'required';
  else if (v.title.trim().length > TITLE_MAX) out.title = 'too_long';
  if (!v.bn_title.trim()) out.bn_title = 'required';
  else if (v.bn_title.trim().length > TITLE_MAX) out.bn_title = 'too_long';
  if (v.sort.trim() && parseWhole(v.sort) === null) out.sort = 'sort_invalid';
  if (hasParent && !v.parent_id) out.parent_id = 'required';
  return out;
}

/** The body create and update take: trimmed titles, sort and parent only when given. */
export function itemBody(v: ItemValues, hasParent: boolean): RefBody {
  const sort = v.sort.trim() ? parseWhole(v.sort) : null;
  return {
    title: v.title.trim(),
    bn_title: v.bn_title.trim(),
    ...(sort !== null && { sort }),
    ...(hasParent && v.parent_id && { parent_id: Number(v.parent_id) }),
  };
}

/** The lists are read again after any change (the forms' reference caches too). */
function listsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: refKeys.all });
  void qc.invalidateQueries({ queryKey: ['reference'] });
}

/** Creates (no `id`) or updates item `id` of list `kind` from the dialog's values. */
export function saveItemMutation(qc: QueryClient, kind: ReferenceKind, hasParent: boolean, id?: number): UseMutationOptions<RefItem, Error, ItemValues> {
  return {
    mutationFn: (values) => {
      const body = itemBody(values, hasParent);
      return id != null ? updateRefItem(kind, { id, ...body }) : createRefItem(kind, body);
    },
    onSettled: () => listsChanged(qc),
  };
}

export function deleteItemMutation(qc: QueryClient, kind: ReferenceKind): UseMutationOptions<unknown, Error, RefItem> {
  return {
    mutationFn: (item) => deleteRefItem(kind, item.id),
    onSettled: () => listsChanged(qc),
  };
}

/** The category as the server now has it, in every cached page of the list at once (its new picture shows), then the lists read again. */
function categoryChanged(qc: QueryClient, saved: RefItem) {
  qc.setQueriesData<Page<RefItem>>({ queryKey: refKeys.kind('categories') }, (page) =>
    page ? { ...page, data: page.data.map((item) => (item.id === saved.id ? saved : item)) } : page,
  );
  listsChanged(qc);
}

/** Gives category `id` the chosen picture (multipart `image`), reporting the upload's progress. */
export function uploadPictureMutation(qc: QueryClient, id: number, onProgress: (percent: number) => void): UseMutationOptions<RefItem, Error, File> {
  return {
    mutationFn: (file) => uploadCategoryPicture(id, file, onProgress).promise,
    onSuccess: (saved) => categoryChanged(qc, saved),
  };
}

/** Takes category `id`'s picture away. */
export function removePictureMutation(qc: QueryClient, id: number): UseMutationOptions<RefItem, Error, void> {
  return {
    mutationFn: () => removeCategoryPicture(id),
    onSuccess: (saved) => categoryChanged(qc, saved),
  };
}

export function importMutation(qc: QueryClient, kind: ReferenceKind): UseMutationOptions<ImportOutcome, Error, Blob & { name: string }> {
  return {
    mutationFn: (file) => importRefList(kind, file),
    onSuccess: () => listsChanged(qc),
  };
}
