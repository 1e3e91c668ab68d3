// The file manager (docs/api-files.md): each signed-in person's folders, files and links on this
// site, the files colleagues share with them, and sharing their own.
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import type { SharedPerson } from '../../../lib/share-people';
import type { DataEnvelope, Page } from '../../../lib/types';
import { uploadBytes, uploadForm, type UploadHandle } from '../../../lib/upload';

/** The kinds of file the server tells apart (its `type`), in the order of the type tabs. */
export const FILE_TYPES = ['image', 'audio', 'video', 'document', 'other'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Whose files a page shows: also the page slugs (/filemanager/<source>). */
export const FILE_SOURCES = ['my', 'purchase', 'shared'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

/** normal: made by the person; profile and cover: the cropper's, made by the server, fixed names. */
export type FolderKind = 'normal' | 'profile' | 'cover';

export interface FmFolder {
  id: number;
  name: string;
  parent_id: number | null;
  kind: FolderKind;
  files_count: number;
  updated_at: string;
}

export interface FmFile {
  id: number;
  title: string;
  file_name: string;
  type: FileType;
  mime: string | null;
  /** Bytes; 0 for links. */
  size: number;
  /** 1: a link (a YouTube video, a web page) kept as a file. */
  is_url: 0 | 1;
  provider: 'youtube' | 'vimeo' | null;
  /** Where to open or play it: a signed link valid for an hour, or the link itself. */
  file_main_path: string;
  /** A preview picture: a stored image's thumbnail, a YouTube video's own; null for none. */
  file_encode_path: string | null;
  folder_id: number | null;
  owner_id: number;
  /** On the lists of files shared with the caller. */
  owner_name: string | null;
  /** On the owner's lists; [] elsewhere. */
  shared_with: SharedPerson[];
  created_at: string;
  updated_at: string;
}

export interface Storage {
  used_bytes: number;
  total_bytes: number;
}

export interface MyFiles {
  /** From the top level down to the folder shown; [] at the top level. */
  path: FmFolder[];
  /** The folders directly inside, by name (all of them; `search` filters them too). */
  directories: FmFolder[];
  /** The files directly inside, latest updated first. */
  files: Page<FmFile>;
  storage: Storage;
}

export interface FileListParams {
  /** Absent: every type. */
  type?: FileType | null;
  search?: string;
  page: number;
  limit?: number;
}

export interface MyFilesParams extends FileListParams {
  /** The folder shown; null: the top level. */
  folderId: number | null;
}

export const FILES_PER_PAGE = 24;

const BASE = '/file-manager/user';

/** One of the caller's folders (or the top level): the way to it, its folders, a page of its files, the storage. */
export function fetchMyFiles({ folderId, type, search, page, limit = FILES_PER_PAGE }: MyFilesParams) {
  return api<DataEnvelope<MyFiles>>(`${BASE}/get-my-files`, { query: { folder_id: folderId, type, search, page, limit } }).then((r) => r.data);
}

/** The caller's files across folders (`my`), or those of content bought (`purchase`). */
export function fetchFiles(source: 'my' | 'purchase', { type, search, page, limit = FILES_PER_PAGE }: FileListParams) {
  return api<Page<FmFile>>(`${BASE}/get-files`, { query: { source, type, search, page, limit } });
}

/** Files colleagues shared with the caller on this site. */
export function fetchSharedWithMe({ type, search, page, limit = FILES_PER_PAGE }: FileListParams) {
  return api<Page<FmFile>>('/my-account/sharing/shared-with-me', { query: { table: 'files', module: 'filemanager', type, search, page, limit } });
}

export interface FolderBody {
  name: string;
  parent_id?: number | null;
  /** The name taken: the first free of "name 2", "name 3", ... */
  auto_suffix?: boolean;
}

/** 201 with the folder; 422 `required`, 409 `folder_name_taken`. */
export function createFolder(body: FolderBody) {
  return api<DataEnvelope<FmFolder>>(`${BASE}/create-folder`, { method: 'POST', body }).then((r) => r.data);
}

export type RenameKind = 'file' | 'folder';

/** Renames a file (its title) or a folder; 409 `folder_name_taken`, 422 `folder_fixed`. */
export function saveName(body: { id: number; name: string; kind: RenameKind }) {
  return api<DataEnvelope<FmFile | FmFolder>>(`${BASE}/savename`, { method: 'PUT', body }).then((r) => r.data);
}

export function deleteFile(id: number) {
  return api<DataEnvelope<{ done: boolean }>>(`${BASE}/delete-file`, { method: 'POST', body: { id } }).then((r) => r.data);
}

/** The folder goes with everything in it. */
export function deleteFolder(id: number) {
  return api<DataEnvelope<{ done: boolean }>>(`${BASE}/delete-folder`, { method: 'POST', body: { id } }).then((r) => r.data);
}

/** The largest file the server takes (413 above). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * POST upload-file (multipart `folder_id`, `type`, then `file`: the server reads the fields
 * before the file's bytes), with upload progress. 422 `errors.file`: invalid_file,
 * file_type_mismatch, folder_needs_cropper, quota_exceeded; 413 over 2 GiB.
 */
export function uploadFile(file: File, { folderId, type }: { folderId: number | null; type?: FileType | null }, onProgress: (percent: number) => void): UploadHandle<FmFile> {
  const form = new FormData();
  if (folderId) form.append('folder_id', String(folderId));
  if (type) form.append('type', type);
  form.append('file', file, file.name);
  return uploadForm<FmFile>(`${BASE}/upload-file`, form, onProgress);
}

/**
 * POST upload-cropped-image (multipart `folder_id`, then `file`): the cropper's picture, kept by the
 * server as a JPEG of 600 x 450 (960 x 400 in the cover folder), with upload progress. 422
 * `errors.file`: invalid_image, image_too_large, quota_exceeded.
 */
export function uploadCroppedImage(picture: Blob, name: string, folderId: number, onProgress: (percent: number) => void): UploadHandle<FmFile> {
  const form = new FormData();
  form.append('folder_id', String(folderId));
  form.append('file', picture, name);
  return uploadForm<FmFile>(`${BASE}/upload-cropped-image`, form, onProgress);
}

/** Files larger than this go up in parts (the resumable calls); smaller ones in one request. */
export const RESUMABLE_FROM_BYTES = 16 * 1024 * 1024;

/** A file going up in parts (docs/api-files.md "Resumable uploads"). */
export interface Upload {
  id: string;
  file_name: string;
  size: number;
  /** Every part is this long except the last. */
  part_bytes: number;
  /** How many parts, numbered from 1. */
  parts: number;
  /** The numbers of the parts that have arrived. */
  received: number[];
}

export interface StartUploadBody {
  file_name: string;
  size: number;
  folder_id?: number;
  type?: FileType;
}

const UPLOADS = `${BASE}/uploads`;

/** 201 with the upload; 422 invalid_file, file_type_mismatch, file_too_large, quota_exceeded. */
export function startUpload(body: StartUploadBody) {
  return api<DataEnvelope<Upload>>(UPLOADS, { method: 'POST', body }).then((r) => r.data);
}

/** Which parts have arrived; 404 for a finished (or someone else's) upload. */
export function uploadStatus(id: string) {
  return api<DataEnvelope<Upload>>(`${UPLOADS}/${encodeURIComponent(id)}`, { silent: true }).then((r) => r.data);
}

/** PUTs part `n` (from 1) as raw bytes, with its progress; 422 upload_part_invalid, invalid_file. */
export function sendPart(id: string, n: number, bytes: Blob, onProgress: (percent: number) => void): UploadHandle<Upload> {
  return uploadBytes<Upload>(`${UPLOADS}/${encodeURIComponent(id)}/parts/${n}`, bytes, onProgress);
}

/** 201 with the file once every part is there; 422 parts_missing, quota_exceeded. */
export function completeUpload(id: string) {
  return api<DataEnvelope<FmFile>>(`${UPLOADS}/${encodeURIComponent(id)}/complete`, { method: 'POST' }).then((r) => r.data);
}

/** Gives the upload up. */
export function cancelUpload(id: string) {
  return api<DataEnvelope<{ done: boolean }>>(`${UPLOADS}/${encodeURIComponent(id)}`, { method: 'DELETE', silent: true }).then((r) => r.data);
}

export interface UrlBody {
  url: string;
  title?: string;
  type?: FileType;
  folder_id?: number;
}

/** 201 with the link kept as a file; 422 `errors.url`: required, invalid_url. */
export function createUrl(body: UrlBody) {
  return api<DataEnvelope<FmFile>>(`${BASE}/create-url`, { method: 'POST', body }).then((r) => r.data);
}

/** Saves the file's bytes under its own name (the owner's, or one shared with the caller). */
export function downloadStoredFile(file: Pick<FmFile, 'id' | 'file_name' | 'title'>) {
  return downloadFile(`${BASE}/download-file`, undefined, file.file_name || file.title || 'file', { method: 'POST', body: { id: file.id } });
}

/**
 * Replaces whom the file is shared with (e-mail addresses or mobile numbers of colleagues; [] to
 * unshare). 422 `errors.users` not_a_colleague.
 */
export function shareFile(id: number, users: string[]) {
  return api<DataEnvelope<FmFile>>('/my-account/sharing/share', { method: 'POST', body: { table: 'files', id, users } }).then((r) => r.data);
}
