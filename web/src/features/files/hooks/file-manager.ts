// The file manager's rules, apart from React: page slugs and query parameters, what each type tab
// accepts, the add-URL check, the new folder's name, sizes in KB/MB/GB and previews. Share lists
// are lib/share-people.ts' (questions and content are shared too).
import { ApiError } from '../../../lib/api-client';
import { fieldProblem } from '../../../lib/field-error-text';
import { idParam } from '../../../lib/list-params';
import { FILE_SOURCES, FILE_TYPES, type FileSource, type FileType, type FmFile, type FmFolder, type FolderKind } from '../api/files-api';

/** The type tabs: every type first, then one per type (SPEC 2 "File manager popup"). */
export const FILE_TABS = ['all', ...FILE_TYPES] as const;
export type FileTab = (typeof FILE_TABS)[number];

/** The page of a slug (my, purchase, shared); null for any other. */
export function sourceParam(slug: string | null | undefined): FileSource | null {
  return (FILE_SOURCES as readonly string[]).includes(slug ?? '') ? (slug as FileSource) : null;
}

/** The `type` query parameter as a tab (the plural spellings of the spec too); all by default. */
export function tabParam(value: string | null | undefined): FileTab {
  const v = (value ?? '').trim().toLowerCase().replace(/s$/, '');
  return (FILE_TABS as readonly string[]).includes(v) ? (v as FileTab) : 'all';
}

/** The type sent to the server for a tab: none for all. */
export function tabType(tab: FileTab): FileType | null {
  return tab === 'all' ? null : tab;
}

/** The `folder` query parameter: a folder id, or null for the top level. */
export function folderParam(value: string | null | undefined): number | null {
  return idParam(value);
}

/**
 * The folder query after a change of tab: the type changes and the way back to the top level is
 * taken (SPEC 4: switching type resets the current folder), on page 1; the search stays.
 */
export function withTab(params: URLSearchParams, tab: FileTab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'all') next.delete('type');
  else next.set('type', tab);
  next.delete('folder');
  next.delete('page');
  return next;
}

/** The query that opens a folder (null: the top level), keeping the tab; the search and page start afresh. */
export function withFolder(params: URLSearchParams, folderId: number | null): URLSearchParams {
  const next = new URLSearchParams();
  const type = params.get('type');
  if (type) next.set('type', type);
  if (folderId) next.set('folder', String(folderId));
  return next;
}

/** What the file picker offers on each tab (SPEC 5); every file on All. */
export const ACCEPT: Record<FileTab, string | undefined> = {
  all: undefined,
  image: 'image/*',
  audio: 'audio/*',
  video: 'video/*',
  document: '.docx,.doc,.xls,.ppt,.pptx,.txt,.pdf',
  other: '.zip',
};

/** Pictures shown before uploading (SPEC 5: png, jpg, jpeg, gif). */
export function previewsBeforeUpload(name: string): boolean {
  return /\.(png|jpe?g|gif)$/i.test(name.trim());
}

/** The profile and cover folders take the cropper's pictures only: no uploads there. */
export function isCropperFolder(folder: Pick<FmFolder, 'kind'> | null | undefined): boolean {
  return !!folder && folder.kind !== 'normal';
}

/** The cropper folders: what the server makes of a picture saved in each (SPEC 9). */
export const CROP_SIZES: Record<Exclude<FolderKind, 'normal'>, { width: number; height: number }> = {
  profile: { width: 600, height: 450 },
  cover: { width: 960, height: 400 },
};

/** The size the cropper cuts for a folder (the profile size for any folder but the cover one). */
export function cropSize(kind: FolderKind): { width: number; height: number } {
  return kind === 'cover' ? CROP_SIZES.cover : CROP_SIZES.profile;
}

/** The pictures the cropper takes (SPEC 5: jpeg, jpg, gif, png). */
export const CROP_ACCEPT = 'image/jpeg,image/png,image/gif';
const CROP_TYPES = CROP_ACCEPT.split(',');

export type CropFileProblem = 'not_image';

/**
 * Why a chosen file cannot be cropped: not a JPEG, PNG or GIF picture (by its type, or by its
 * name when the browser gives no type); null when it can.
 */
export function cropFileProblem(file: { name: string; type: string }): CropFileProblem | null {
  const type = file.type.trim().toLowerCase();
  if (type) return CROP_TYPES.includes(type === 'image/jpg' || type === 'image/pjpeg' ? 'image/jpeg' : type) ? null : 'not_image';
  return /\.(jpe?g|png|gif)$/i.test(file.name.trim()) ? null : 'not_image';
}

/** The name the cropped picture is sent under: the chosen file's, as a JPEG. */
export function croppedName(name: string): string {
  const stem = name.trim().replace(/\.[^.]*$/, '').trim();
  return `${stem || 'picture'}.jpg`;
}

// The add-URL check lives in lib/ (the file picker adds links too).
export { urlProblem, urlServerProblem, URL_MAX, type UrlProblem } from '../../../lib/link-url';

/**
 * The new folder (SPEC 4): the name typed, trimmed; left empty, `defaultName` (the translated
 * "New folder") with a number added by the server when that name is taken.
 */
export function newFolderBody(typed: string, defaultName: string, parentId: number | null) {
  const name = typed.trim();
  return name ? { name, parent_id: parentId, auto_suffix: false } : { name: defaultName, parent_id: parentId, auto_suffix: true };
}

/** The part of the storage used, 0 to 100. */
export function usedPercent(used: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, (used / total) * 100));
}

/** A link to a video site: its card has a play badge. */
export function isVideoLink(file: Pick<FmFile, 'is_url' | 'provider'>): boolean {
  return !!file.is_url && (file.provider === 'youtube' || file.provider === 'vimeo');
}

export type FileMenuAction = 'open' | 'download' | 'rename' | 'share' | 'delete';

/**
 * What a file's menu offers: open always; download for stored files (not links); rename, share
 * and delete for one's own (My Files); shared and bought files are only opened and downloaded.
 */
export function fileActionsFor(file: Pick<FmFile, 'is_url'>, source: FileSource): FileMenuAction[] {
  const out: FileMenuAction[] = ['open'];
  if (!file.is_url) out.push('download');
  if (source === 'my') out.push('rename', 'share', 'delete');
  return out;
}

/** Upload refusals the file manager words itself (errors:<code>), whatever shape the answer has. */
export const UPLOAD_CODES = ['invalid_file', 'file_type_mismatch', 'folder_needs_cropper', 'quota_exceeded', 'file_too_large', 'payload_too_large', 'upload_part_invalid', 'parts_missing'] as const;

/**
 * The code of an upload's refusal when it names one we word: 413, the answer's own code, or the
 * `file` field's code; null otherwise (the server's own words are shown then).
 */
export function uploadErrorCode(err: unknown): (typeof UPLOAD_CODES)[number] | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 413) return 'payload_too_large';
  const known = (c: string | null | undefined) => ((UPLOAD_CODES as readonly string[]).includes(c ?? '') ? (c as (typeof UPLOAD_CODES)[number]) : null);
  const p = fieldProblem(err, 'file');
  return known(err.code) ?? (p && 'code' in p ? known(p.code) : null);
}
