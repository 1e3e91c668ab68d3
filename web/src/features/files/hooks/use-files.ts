// Queries and mutations of the file manager (/filemanager/:slug).
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import {
  createFolder,
  createUrl,
  deleteFile,
  deleteFolder,
  fetchFiles,
  fetchMyFiles,
  fetchSharedWithMe,
  saveName,
  shareFile,
  type FileListParams,
  type FmFile,
  type FmFolder,
  type FolderBody,
  type MyFilesParams,
  type RenameKind,
  type UrlBody,
} from '../api/files-api';

export const fileKeys = {
  all: ['files'] as const,
  my: (p: MyFilesParams) => ['files', 'my', p.folderId ?? 0, p.type ?? '', p.search ?? '', p.page] as const,
  shared: (p: FileListParams) => ['files', 'shared', p.type ?? '', p.search ?? '', p.page] as const,
  purchase: (p: FileListParams) => ['files', 'purchase', p.type ?? '', p.search ?? '', p.page] as const,
};

/** 4xx answers are final (a folder that is not the caller's stays not found); others are tried again. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

/** One of the caller's folders (or the top level), with its folders, a page of files and the storage. */
export function useMyFiles(params: MyFilesParams, enabled = true) {
  return useQuery({
    queryKey: fileKeys.my(params),
    queryFn: () => fetchMyFiles(params),
    placeholderData: keepPreviousData,
    retry: retryTransient,
    enabled,
  });
}

/** Files shared with the caller (`shared`), or those of content bought (`purchase`). */
export function useOtherFiles(source: 'shared' | 'purchase', params: FileListParams, enabled = true) {
  return useQuery({
    queryKey: source === 'shared' ? fileKeys.shared(params) : fileKeys.purchase(params),
    queryFn: () => (source === 'shared' ? fetchSharedWithMe(params) : fetchFiles('purchase', params)),
    placeholderData: keepPreviousData,
    retry: retryTransient,
    enabled,
  });
}

/** After any change the lists (and the storage they carry) are read again. */
function filesChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: fileKeys.all });
}

export function createFolderMutation(qc: QueryClient): UseMutationOptions<FmFolder, Error, FolderBody> {
  return { mutationFn: createFolder, onSuccess: () => filesChanged(qc) };
}

export interface RenameVars {
  id: number;
  kind: RenameKind;
  name: string;
}

export function renameMutation(qc: QueryClient): UseMutationOptions<FmFile | FmFolder, Error, RenameVars> {
  return { mutationFn: ({ id, kind, name }) => saveName({ id, kind, name: name.trim() }), onSuccess: () => filesChanged(qc) };
}

export type DeleteTarget = { kind: 'file'; item: FmFile } | { kind: 'folder'; item: FmFolder };

export function deleteMutation(qc: QueryClient): UseMutationOptions<{ done: boolean }, Error, DeleteTarget> {
  return {
    mutationFn: (target) => (target.kind === 'file' ? deleteFile(target.item.id) : deleteFolder(target.item.id)),
    onSuccess: () => filesChanged(qc),
  };
}

export function createUrlMutation(qc: QueryClient): UseMutationOptions<FmFile, Error, UrlBody> {
  return { mutationFn: createUrl, onSuccess: () => filesChanged(qc) };
}

/** Replaces whom a file is shared with (the share dialog's save); the lists are read again. */
export async function shareFileSaved(qc: QueryClient, id: number, users: string[]): Promise<FmFile> {
  const file = await shareFile(id, users);
  filesChanged(qc);
  return file;
}

export function shareMutation(qc: QueryClient): UseMutationOptions<FmFile, Error, { id: number; users: string[] }> {
  return { mutationFn: ({ id, users }) => shareFileSaved(qc, id, users) };
}

/** A file just uploaded: the lists are read again. */
export function fileUploaded(qc: QueryClient) {
  filesChanged(qc);
}
