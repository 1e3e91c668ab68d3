import { describe, expect, it } from 'vitest';
import { parseApiError } from '../../../lib/api-client';
import { filePreview as previewOf, sizeParts } from '../../../lib/stored-file';
import type { FmFile } from '../api/files-api';
import {
  ACCEPT,
  fileActionsFor,
  folderParam,
  isVideoLink,
  newFolderBody,
  previewsBeforeUpload,
  sourceParam,
  tabParam,
  tabType,
  uploadErrorCode,
  urlProblem,
  urlServerProblem,
  usedPercent,
  withFolder,
  withTab,
} from './file-manager';

describe('the file manager’s addresses', () => {
  it('knows the three pages and the type tabs (plural spellings too), else all', () => {
    expect(['my', 'purchase', 'shared'].map(sourceParam)).toEqual(['my', 'purchase', 'shared']);
    expect(sourceParam('mine')).toBeNull();
    expect(sourceParam(undefined)).toBeNull();
    expect(tabParam('images')).toBe('image');
    expect(tabParam('documents')).toBe('document');
    expect(tabParam('others')).toBe('other');
    expect(tabParam('video')).toBe('video');
    expect(tabParam('exe')).toBe('all');
    expect(tabParam(null)).toBe('all');
    expect(tabType('all')).toBeNull();
    expect(tabType('audio')).toBe('audio');
    expect(folderParam('12')).toBe(12);
    expect(folderParam('x')).toBeNull();
    expect(folderParam('0')).toBeNull();
  });

  it('goes back to the top level when the type tab changes (SPEC 4), and opens a folder keeping the tab', () => {
    const at = new URLSearchParams('folder=7&type=image&search=eid&page=3');
    expect(withTab(at, 'video').toString()).toBe('type=video&search=eid');
    expect(withTab(at, 'all').toString()).toBe('search=eid');
    expect(withFolder(at, 9).toString()).toBe('type=image&folder=9');
    expect(withFolder(at, null).toString()).toBe('type=image');
  });
});

describe('uploads', () => {
  it('offers each tab’s kinds in the picker and previews png, jpg, jpeg and gif', () => {
    expect(ACCEPT).toEqual({ all: undefined, image: 'image/*', audio: 'audio/*', video: 'video/*', document: '.docx,.doc,.xls,.ppt,.pptx,.txt,.pdf', other: '.zip' });
    for (const name of ['a.png', 'B.JPG', 'c.jpeg', 'd.gif']) expect(previewsBeforeUpload(name), name).toBe(true);
    for (const name of ['a.webp', 'b.pdf', 'png', 'c.png.txt']) expect(previewsBeforeUpload(name), name).toBe(false);
  });

  it('words the refusals it knows whatever their shape: a code, a field code, 413', () => {
    expect(uploadErrorCode(parseApiError(422, { message: 'x', code: 'quota_exceeded', errors: { file: ['The site’s storage is full.'] } }))).toBe('quota_exceeded');
    expect(uploadErrorCode(parseApiError(422, { message: 'x', code: 'validation_failed', errors: { file: ['file_type_mismatch'] } }))).toBe('file_type_mismatch');
    expect(uploadErrorCode(parseApiError(413, { message: 'x', code: 'payload_too_large', errors: {} }))).toBe('payload_too_large');
    expect(uploadErrorCode(parseApiError(413, null))).toBe('payload_too_large');
    // The server's own words (already translated) are shown as they are.
    expect(uploadErrorCode(parseApiError(422, { message: 'x', code: 'validation_failed', errors: { file: ['সাইটের স্টোরেজ পূর্ণ।'] } }))).toBeNull();
    expect(uploadErrorCode(new Error('x'))).toBeNull();
  });
});

describe('links (SPEC 5)', () => {
  it('asks for a link, then for an http(s) link to a named host, as the server checks it', () => {
    expect(urlProblem('')).toBe('required');
    expect(urlProblem('   ')).toBe('required');
    for (const ok of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', ' https://youtu.be/dQw4w9WgXcQ ', 'http://example.com', 'https://sub.example.co.uk/a b?c=d#e', 'http://localhost:8080/x', 'https://বাংলা.বাংলা/পাতা']) {
      expect(urlProblem(ok), ok).toBeNull();
    }
    for (const bad of ['youtube.com/watch?v=1', 'www.example.com', 'ftp://example.com', 'https://example', 'https://', 'http://user:pw@example.com', 'https://exa_mple.com', 'javascript:alert(1)', `https://example.com/${'a'.repeat(2000)}`]) {
      expect(urlProblem(bad), bad).toBe('invalid');
    }
  });

  it('reads the server’s refusal of the link as required or invalid', () => {
    expect(urlServerProblem(parseApiError(422, { message: 'x', code: 'validation_failed', errors: { url: ['required'] } }))).toBe('required');
    expect(urlServerProblem(parseApiError(422, { message: 'x', code: 'validation_failed', errors: { url: ['invalid_url'] } }))).toBe('invalid');
    expect(urlServerProblem(parseApiError(422, { message: 'x', code: 'validation_failed', errors: { url: ['Enter a valid http(s) link.'] } }))).toBe('invalid');
    expect(urlServerProblem(parseApiError(422, { message: 'x', code: 'invalid_url', errors: {} }))).toBe('invalid');
    expect(urlServerProblem(parseApiError(422, { message: 'x', code: 'validation_failed', errors: { title: ['too long'] } }))).toBeNull();
    expect(urlServerProblem(null)).toBeNull();
  });
});

describe('a new folder (SPEC 4)', () => {
  it('is named as typed, or "New folder" with a number added when that is taken', () => {
    expect(newFolderBody('  Class 8 notes ', 'New folder', null)).toEqual({ name: 'Class 8 notes', parent_id: null, auto_suffix: false });
    expect(newFolderBody('', 'নতুন ফোল্ডার', 3)).toEqual({ name: 'নতুন ফোল্ডার', parent_id: 3, auto_suffix: true });
    expect(newFolderBody('   ', 'New folder', 3)).toEqual({ name: 'New folder', parent_id: 3, auto_suffix: true });
  });
});

describe('sizes', () => {
  it('count in KB, MB and GB of 1024, with Bangla digits in Bangla', () => {
    expect(sizeParts(0, 'en')).toEqual({ n: '0', unit: 'B' });
    expect(sizeParts(1023, 'en')).toEqual({ n: '1,023', unit: 'B' });
    expect(sizeParts(1536, 'en')).toEqual({ n: '1.5', unit: 'KB' });
    expect(sizeParts(245_760, 'en')).toEqual({ n: '240', unit: 'KB' });
    expect(sizeParts(5 * 1024 * 1024 * 1024, 'en')).toEqual({ n: '5', unit: 'GB' });
    expect(sizeParts(1536, 'bn')).toEqual({ n: '১.৫', unit: 'KB' });
    expect(sizeParts(2.25 * 1024 * 1024, 'bn')).toEqual({ n: '২.৩', unit: 'MB' });
    expect(sizeParts(Number.NaN, 'bn')).toEqual({ n: '০', unit: 'B' });
    expect(usedPercent(512, 1024)).toBe(50);
    expect(usedPercent(5, 0)).toBe(0);
    expect(usedPercent(2048, 1024)).toBe(100);
  });
});

const file = (over: Partial<FmFile> = {}): FmFile => ({
  id: 1,
  title: 't',
  file_name: 't.png',
  type: 'image',
  mime: 'image/png',
  size: 10,
  is_url: 0,
  provider: null,
  file_main_path: 'https://bucket.example.com/main.png?sig=1',
  file_encode_path: null,
  folder_id: null,
  owner_id: 1,
  owner_name: null,
  shared_with: [],
  created_at: '2026-03-01T04:00:00Z',
  updated_at: '2026-03-01T04:00:00Z',
  ...over,
});

describe('cards and menus', () => {
  it('show the thumbnail, an image itself without one, a YouTube thumbnail with a play badge, else an icon', () => {
    expect(previewOf(file({ file_encode_path: 'https://bucket.example.com/thumb.jpg' }))).toBe('https://bucket.example.com/thumb.jpg');
    expect(previewOf(file())).toBe('https://bucket.example.com/main.png?sig=1');
    expect(previewOf(file({ type: 'document', file_main_path: 'https://bucket.example.com/a.pdf' }))).toBeNull();
    const yt = file({ type: 'video', is_url: 1, provider: 'youtube', file_main_path: 'https://youtu.be/dQw4w9WgXcQ', file_encode_path: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' });
    expect(previewOf(yt)).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(isVideoLink(yt)).toBe(true);
    expect(isVideoLink(file({ is_url: 1, type: 'image', file_main_path: 'https://example.com/a.png' }))).toBe(false);
    expect(previewOf(file({ is_url: 1, file_main_path: 'https://example.com/a.png' }))).toBeNull();
  });

  it('offer rename, share and delete on my files only, and download for stored files only', () => {
    expect(fileActionsFor(file(), 'my')).toEqual(['open', 'download', 'rename', 'share', 'delete']);
    expect(fileActionsFor(file({ is_url: 1 }), 'my')).toEqual(['open', 'rename', 'share', 'delete']);
    expect(fileActionsFor(file(), 'shared')).toEqual(['open', 'download']);
    expect(fileActionsFor(file(), 'purchase')).toEqual(['open', 'download']);
  });
});

