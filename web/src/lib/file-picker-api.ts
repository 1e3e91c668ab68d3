// What the file picker (components/ui/file-picker-dialog.tsx) needs of the file manager
// (docs/api-files.md): one flat list call and the few fields of a file it shows. Kept apart from
// features/files so that any feature (lesson media, blog covers, logos) can offer the picker.
import { api } from './api-client';
import type { DataEnvelope, Page } from './types';

/** The kinds of file a picker can be limited to (the server's `type`). */
export type PickerFileType = 'image' | 'audio' | 'video' | 'document';

/** The caller's own files, or those colleagues shared with them. */
export type PickerSource = 'my' | 'shared';

/** A file of the file manager, as far as the picker reads it. */
export interface PickerFile {
  id: number;
  title: string;
  file_name: string;
  type: string;
  /** Bytes; 0 for links. */
  size: number;
  /** 1: a link (a YouTube video, a web page) kept as a file. */
  is_url: 0 | 1;
  provider: 'youtube' | 'vimeo' | null;
  /** A signed link valid for an hour, or the link itself. */
  file_main_path: string;
  /** A preview picture, or null. */
  file_encode_path: string | null;
  /** On the shared list. */
  owner_name?: string | null;
}

export interface PickerQuery {
  source: PickerSource;
  /** null: every type. */
  type: PickerFileType | null;
  search: string;
  page: number;
}

export const PICKER_PAGE_SIZE = 12;

export const filePickerKeys = {
  all: ['file-picker'] as const,
  list: (q: PickerQuery) => ['file-picker', q.source, q.type, q.search, q.page] as const,
};

/** GET /file-manager/user/get-files: a page of files across folders, latest updated first. */
export function fetchPickerFiles({ source, type, search, page }: PickerQuery, signal?: AbortSignal) {
  return api<Page<PickerFile>>('/file-manager/user/get-files', { query: { source, type, search: search.trim(), page, limit: PICKER_PAGE_SIZE }, signal });
}

/** The files the picker offers: links only when the caller takes them (the server cannot filter them). */
export function offeredFiles<F extends Pick<PickerFile, 'is_url'>>(files: F[], allowLinks: boolean): F[] {
  return allowLinks ? files : files.filter((f) => !f.is_url);
}

export interface PickerUrlBody {
  url: string;
  title?: string;
  /** The type it is kept as (a YouTube link as a video); absent: the server guesses. */
  type?: PickerFileType;
}

/**
 * POST /file-manager/user/create-url: the link kept as a file at the top of My files (the picker's
 * "Add URL"), answered as the picker lists it. 422 `errors.url`: required, invalid_url.
 */
export function createPickerUrl(body: PickerUrlBody) {
  return api<DataEnvelope<PickerFile>>('/file-manager/user/create-url', { method: 'POST', body }).then((r) => r.data);
}
