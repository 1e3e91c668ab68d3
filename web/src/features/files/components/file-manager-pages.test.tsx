import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, parseApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { fetchCall, input, json, noop, render, runMutation, stubFetch, tag, testI18n, text } from '../../../lib/test-render';
import { downloadStoredFile, fetchFiles, fetchMyFiles, fetchSharedWithMe, uploadCroppedImage, uploadFile, type FmFile, type FmFolder, type MyFiles } from '../api/files-api';
import { cropFileProblem, croppedName, cropSize, newFolderBody } from '../hooks/file-manager';
import { createFolderMutation, createUrlMutation, deleteMutation, fileKeys, renameMutation, shareMutation } from '../hooks/use-files';
import { AddUrlForm } from './add-url-dialog';
import CropDialog, { useCropErrorText, zoomForKey } from './crop-dialog';
import { CropperNote } from './crop-picture';
import FileManagerPages from './file-manager-pages';
import { DeleteDialog } from './item-dialogs';
import { NewFolderField, useFolderErrorText } from './new-folder-input';
import { StorageBar } from './storage-bar';
import { UploadForm, type UploadFormProps } from './upload-dialog';
import { stubXhr } from '../../../lib/test-xhr';
import { ShareForm } from '../../../components/ui/share-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const folder = (over: Partial<FmFolder> = {}): FmFolder => ({ id: 7, name: 'Class 8 notes', parent_id: null, kind: 'normal', files_count: 3, updated_at: '2026-03-02T04:00:00Z', ...over });

const file = (over: Partial<FmFile> = {}): FmFile => ({
  id: 21,
  title: 'Solar system',
  file_name: 'solar-system.png',
  type: 'image',
  mime: 'image/png',
  size: 245_760,
  is_url: 0,
  provider: null,
  file_main_path: 'https://bucket.example.com/files/4/solar.png?X-Amz-Signature=a',
  file_encode_path: 'https://bucket.example.com/files/4/solar-thumb.jpg?X-Amz-Signature=b',
  folder_id: null,
  owner_id: 4,
  owner_name: null,
  shared_with: [],
  created_at: '2026-03-01T04:00:00Z',
  updated_at: '2026-03-05T04:00:00Z',
  ...over,
});

const youtube = file({
  id: 22,
  title: 'Photosynthesis explained',
  file_name: 'https://youtu.be/dQw4w9WgXcQ',
  type: 'video',
  mime: null,
  size: 0,
  is_url: 1,
  provider: 'youtube',
  file_main_path: 'https://youtu.be/dQw4w9WgXcQ',
  file_encode_path: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
});
const pdf = file({ id: 23, title: 'Syllabus 2026', file_name: 'syllabus.pdf', type: 'document', mime: 'application/pdf', size: 1_572_864, file_encode_path: null, file_main_path: 'https://bucket.example.com/files/4/syllabus.pdf?sig=c', shared_with: [{ id: 9, name: 'Mahbub Alam' }] });

const page = <T,>(data: T[], over: object = {}) => ({ data, current_page: 1, last_page: 1, per_page: 24, total: data.length, ...over });

const myFiles = (over: Partial<MyFiles> = {}): MyFiles => ({
  path: [],
  directories: [folder(), folder({ id: 8, name: 'Profile', kind: 'profile', files_count: 1 })],
  files: page([file(), youtube, pdf]),
  storage: { used_bytes: 1_572_864, total_bytes: 2 * 1024 ** 3 },
  ...over,
});

/** A query client holding My Files' answer for a folder (top level by default). */
function cachedMy(data: MyFiles, folderId: number | null = null, type: FmFile['type'] | null = null) {
  const qc = new QueryClient();
  qc.setQueryData(fileKeys.my({ folderId, type, search: '', page: 1 }), data);
  return qc;
}

const at = (url: string, qc = new QueryClient(), lang: 'en' | 'bn' = 'bn') => render(lang, <FileManagerPages />, { at: url, path: '/filemanager/:slug?', qc });

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

describe('the file manager route', () => {
  it('opens My, Purchase and Shared Files, goes from /filemanager to My Files, and finds no other slug', async () => {
    const qc = new QueryClient();
    for (const source of ['my', 'purchase', 'shared'] as const) {
      const html = await at(`/filemanager/${source}`, qc, 'en');
      expect(tag(html, 'file-manager-page'), source).toContain(`data-source="${source}"`);
    }
    const bn = text(await at('/filemanager/shared', qc));
    for (const s of ['ফাইল ম্যানেজার', 'আমার ফাইল', 'কেনা ফাইল', 'শেয়ার করা ফাইল', 'সব', 'ছবি', 'অডিও', 'ভিডিও', 'ডকুমেন্ট', 'অন্যান্য', 'সর্বশেষ হালনাগাদ']) expect(bn, s).toContain(s);
    expect(tag(await at('/filemanager/trash', qc), 'not-found-page')).not.toBe('');
    // A redirect: nothing drawn here.
    expect(text(await at('/filemanager', qc)).trim()).toBe('');
  });

  it('asks for a folder’s files by type, search and page; shared and bought files by their own calls', async () => {
    const fetchMock = stubFetch(() => json({ data: myFiles() }));
    await fetchMyFiles({ folderId: 7, type: 'image', search: 'solar', page: 2 });
    expect(fetchCall(fetchMock)[0]).toBe('/file-manager/user/get-my-files?folder_id=7&type=image&search=solar&page=2&limit=24');
    await fetchMyFiles({ folderId: null, type: null, search: '', page: 1 });
    expect(fetchCall(fetchMock, 1)[0]).toBe('/file-manager/user/get-my-files?page=1&limit=24');
    const pages = stubFetch(() => json(page([])));
    await fetchSharedWithMe({ type: 'document', search: 'syllabus', page: 1 });
    expect(fetchCall(pages)[0]).toBe('/my-account/sharing/shared-with-me?table=files&module=filemanager&type=document&search=syllabus&page=1&limit=24');
    await fetchFiles('purchase', { page: 1 });
    expect(fetchCall(pages, 1)[0]).toBe('/file-manager/user/get-files?source=purchase&page=1&limit=24');
  });
});

describe('My Files', () => {
  it('lists the folders first, then the files as cards: thumbnails, a YouTube thumbnail with a play badge, an icon by type', async () => {
    const html = await at('/filemanager/my', cachedMy(myFiles()), 'en');
    expect(count(html, 'folder-card')).toBe(2);
    expect(count(html, 'file-card')).toBe(3);
    expect(html.indexOf('data-testid="folder-card"')).toBeLessThan(html.indexOf('data-testid="file-card"'));
    const shown = text(html);
    for (const s of ['Class 8 notes', '3 files', 'Profile pictures', 'Cropper pictures only', 'Solar system', 'Image · 240 KB', 'Photosynthesis explained', 'YouTube video', 'Syllabus 2026', 'Document · 1.5 MB', 'Shared with 1 person', 'Folders', 'Files']) {
      expect(shown, s).toContain(s);
    }
    // The image's thumbnail, YouTube's with a play badge; the PDF an icon.
    expect(html).toContain('src="https://bucket.example.com/files/4/solar-thumb.jpg?X-Amz-Signature=b"');
    expect(html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    expect(count(html, 'play-badge')).toBe(1);
    expect(html.match(/<img\b/g)).toHaveLength(2);
    // A card opens its file in a new tab; its menu is named after it.
    expect(html).toMatch(/<a[^>]*href="https:\/\/youtu.be\/dQw4w9WgXcQ"[^>]*target="_blank"[^>]*aria-label="Open Photosynthesis explained"/);
    expect(html).toContain('aria-label="Actions for Syllabus 2026"');
    // A folder opens in place (?folder=); the profile folder has no menu (fixed).
    expect(html).toContain('href="/filemanager/my?folder=7"');
    expect(html).toContain('aria-label="Actions for Class 8 notes"');
    expect(html).not.toContain('aria-label="Actions for Profile pictures"');
    // Upload, new folder, add URL; the storage used.
    for (const id of ['files-upload', 'files-new-folder', 'files-add-url', 'storage-bar', 'files-search']) expect(tag(html, id), id).not.toBe('');
    expect(text(html)).toContain('1.5 MB of 2 GB used');
    expect(tag(html, 'files-tab-all')).toContain('aria-selected="true"');
  });

  it('shows the way to a nested folder, and no upload inside the profile and cover folders', async () => {
    const nested = myFiles({ path: [folder({ id: 3, name: 'Science' }), folder({ id: 7, parent_id: 3 })], directories: [], files: page([file()]) });
    const html = await at('/filemanager/my?folder=7&type=image', cachedMy(nested, 7, 'image'), 'en');
    expect(text(html.slice(html.indexOf('data-testid="files-breadcrumb"')))).toMatch(/^.*?My Files.*Science.*Class 8 notes/);
    expect(html).toContain('href="/filemanager/my?type=image"');
    expect(html).toContain('href="/filemanager/my?type=image&amp;folder=3"');
    expect(tag(html, 'files-current-folder')).toContain('aria-current="page"');
    expect(tag(html, 'files-tab-image')).toContain('aria-selected="true"');

    const profile = myFiles({ path: [folder({ id: 8, name: 'Profile', kind: 'profile' })], directories: [], files: page([file()]) });
    const inside = await at('/filemanager/my?folder=8', cachedMy(profile, 8), 'bn');
    expect(tag(inside, 'files-upload')).toBe('');
    expect(tag(inside, 'files-add-url')).toBe('');
    expect(text(inside)).toContain('এই ফোল্ডারে শুধু প্রোফাইল ও কভার ছবির ক্রপারে তৈরি ছবি থাকে');
    expect(text(inside)).toContain('প্রোফাইলের ছবি');
  });

  it('says what to do when empty, and when nothing matches', async () => {
    const empty = myFiles({ directories: [], files: page([]) });
    expect(text(await at('/filemanager/my', cachedMy(empty), 'en'))).toContain('No files here yet. Upload a file, add a link or make a folder.');
    const qc = new QueryClient();
    qc.setQueryData(fileKeys.my({ folderId: null, type: null, search: 'zzz', page: 1 }), empty);
    expect(text(await at('/filemanager/my?search=zzz', qc, 'en'))).toContain('Nothing matches your search.');
  });

  it('shows the storage in Bangla digits in Bangla, and sizes on the cards', async () => {
    const html = await render('bn', <StorageBar storage={{ used_bytes: 1_572_864, total_bytes: 2 * 1024 ** 3 }} />);
    expect(text(html)).toContain('স্টোরেজ');
    expect(text(html)).toContain('২ GB-এর মধ্যে ১.৫ MB ব্যবহৃত');
    expect(html).toContain('aria-valuetext="২ GB-এর মধ্যে ১.৫ MB ব্যবহৃত"');
    const small = await render('bn', <StorageBar storage={{ used_bytes: 512, total_bytes: 0 }} />);
    expect(text(small)).toContain('৫১২ বাইট ব্যবহৃত');
    const cards = text(await at('/filemanager/my', cachedMy(myFiles())));
    for (const s of ['ছবি · ২৪০ KB', 'ডকুমেন্ট · ১.৫ MB', '৩টি ফাইল', 'ইউটিউব ভিডিও', '১ জনের সঙ্গে শেয়ার করা']) expect(cards, s).toContain(s);
  });
});

describe('Shared and Purchase Files', () => {
  it('show whose each shared file is, without My Files’ actions', async () => {
    const qc = new QueryClient();
    qc.setQueryData(fileKeys.shared({ type: null, search: '', page: 1 }), page([file({ owner_id: 9, owner_name: 'Mahbub Alam' })]));
    const html = await at('/filemanager/shared', qc);
    expect(text(html)).toContain('শেয়ার করেছেন Mahbub Alam');
    for (const id of ['files-upload', 'files-new-folder', 'files-add-url', 'storage-bar', 'files-breadcrumb']) expect(tag(html, id), id).toBe('');
  });

  it('say where bought files will appear', async () => {
    const qc = new QueryClient();
    qc.setQueryData(fileKeys.purchase({ type: null, search: '', page: 1 }), page([]));
    expect(text(await at('/filemanager/purchase', qc, 'en'))).toContain('Files of the content you enrol in appear here.');
    expect(text(await at('/filemanager/purchase', qc, 'bn'))).toContain('আপনি যে কনটেন্টে ভর্তি হবেন তার ফাইল এখানে দেখা যাবে।');
  });
});

/** The new folder's input with a refusal worded as the page words it. */
function RefusedFolder({ err }: { err: unknown }) {
  const errorOf = useFolderErrorText();
  return <NewFolderField value="Class 8 notes" error={errorOf(err)} busy={false} onChange={noop} onCommit={noop} onCancel={noop} />;
}

describe('a new folder', () => {
  it('left empty is the translated "New folder" with auto_suffix; named, it is sent as typed; the lists reload', async () => {
    const fetchMock = stubFetch(() => json({ data: folder({ id: 30, name: 'New folder 2', parent_id: 7 }) }, 201));
    const qc = cachedMy(myFiles());
    const en = await testI18n('en');
    await runMutation(createFolderMutation(qc), newFolderBody('', en.t('files:folder.new_default'), 7), qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/file-manager/user/create-folder');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'New folder', parent_id: 7, auto_suffix: true });
    expect(qc.getQueryState(fileKeys.my({ folderId: null, type: null, search: '', page: 1 }))?.isInvalidated).toBe(true);
    const bn = await testI18n('bn');
    await runMutation(createFolderMutation(qc), newFolderBody('', bn.t('files:folder.new_default'), null), qc);
    expect(JSON.parse(String(fetchCall(fetchMock, 1)[1].body))).toEqual({ name: 'নতুন ফোল্ডার', parent_id: null, auto_suffix: true });
    await runMutation(createFolderMutation(qc), newFolderBody(' Science ', 'New folder', null), qc);
    expect(JSON.parse(String(fetchCall(fetchMock, 2)[1].body))).toEqual({ name: 'Science', parent_id: null, auto_suffix: false });
  });

  it('shows a 409 folder_name_taken and a 422 required on the input, translated', async () => {
    stubFetch(() => json({ message: 'A folder of this name is already here.', code: 'folder_name_taken', errors: {} }, 409));
    const err = await runMutation(createFolderMutation(new QueryClient()), { name: 'Class 8 notes', parent_id: null, auto_suffix: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const en = await render('en', <RefusedFolder err={err} />);
    expect(text(en)).toContain('A folder of this name is already here. Choose another name.');
    expect(input(en, 'new-folder-name')).toContain('aria-invalid="true"');
    expect(input(en, 'new-folder-name')).toContain('aria-label="Folder name"');
    expect(text(await render('bn', <RefusedFolder err={err} />))).toContain('এই নামের একটি ফোল্ডার এখানে আগেই আছে। অন্য একটি নাম দিন।');
    const required = parseApiError(422, { message: 'The given data was invalid.', code: 'validation_failed', errors: { name: ['required'] } });
    expect(text(await render('bn', <RefusedFolder err={required} />))).toContain('এই ঘরটি পূরণ করা আবশ্যক।');
    // Without a refusal: the hint on the keys.
    const hint = await render('en', <NewFolderField value="" error={null} busy={false} onChange={noop} onCommit={noop} onCancel={noop} />);
    expect(input(hint, 'new-folder-name')).toContain('placeholder="New folder"');
    expect(text(hint)).toContain('Enter creates it; left empty it is called “New folder”; Esc cancels.');
  });
});

const urlForm = (over: Partial<Parameters<typeof AddUrlForm>[0]> = {}) => <AddUrlForm url="" title="" urlError={null} busy={false} onUrl={noop} onTitle={noop} {...over} />;

describe('the add-URL popup', () => {
  it('says "Please enter the URL" when empty and "Please enter valid URL" when not a link, in both languages', async () => {
    const empty = await render('en', urlForm({ urlError: 'required' }));
    expect(text(empty)).toContain('Please enter the URL');
    expect(tag(empty, 'add-url-help')).toContain('role="alert"');
    expect(text(await render('bn', urlForm({ urlError: 'required' })))).toContain('অনুগ্রহ করে URL দিন');
    const invalid = await render('en', urlForm({ url: 'youtube', urlError: 'invalid' }));
    expect(text(invalid)).toContain('Please enter valid URL');
    expect(input(invalid, 'add-url-url')).toContain('aria-invalid="true"');
    expect(text(await render('bn', urlForm({ urlError: 'invalid' })))).toContain('অনুগ্রহ করে সঠিক URL দিন');
    const fine = await render('en', urlForm());
    expect(input(fine, 'add-url-url')).toContain('aria-invalid="false"');
    expect(text(fine)).toContain('Title (optional)');
  });

  it('sends the link with its title, the tab’s type and the folder, and says "Successfully updated!"', async () => {
    const fetchMock = stubFetch(() => json({ data: youtube }, 201));
    const qc = cachedMy(myFiles());
    const saved = await runMutation(createUrlMutation(qc), { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Photosynthesis', type: 'video', folder_id: 7 }, qc);
    expect(saved.is_url).toBe(1);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/file-manager/user/create-url');
    expect(JSON.parse(String(init.body))).toEqual({ url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Photosynthesis', type: 'video', folder_id: 7 });
    expect(qc.getQueryState(fileKeys.my({ folderId: null, type: null, search: '', page: 1 }))?.isInvalidated).toBe(true);
    expect((await testI18n('en')).t('files:url.saved')).toBe('Successfully updated!');
    expect((await testI18n('bn')).t('files:url.saved')).toBe('সফলভাবে হালনাগাদ হয়েছে!');
  });
});

describe('deleting', () => {
  it('asks "Are you sure to delete it?" before anything is deleted', async () => {
    const fetchMock = stubFetch(() => json({ data: { done: true } }));
    const html = await render('en', inPlace(<DeleteDialog target={{ kind: 'file', item: pdf }} onClose={noop} />));
    expect(text(html)).toContain('Are you sure to delete it?');
    expect(text(html)).toContain('“Syllabus 2026” will be deleted.');
    expect(tag(html, 'confirm-button')).not.toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
    const folderHtml = await render('bn', inPlace(<DeleteDialog target={{ kind: 'folder', item: folder() }} onClose={noop} />));
    expect(text(folderHtml)).toContain('আপনি কি নিশ্চিত যে এটি মুছে ফেলতে চান?');
    expect(text(folderHtml)).toContain('“Class 8 notes” ফোল্ডার এবং এর ভেতরের সবকিছু মুছে ফেলা হবে।');
    // Closed: nothing asked.
    expect(text(await render('en', inPlace(<DeleteDialog target={null} onClose={noop} />))).trim()).toBe('');
  });

  it('deletes a file or a folder by id once confirmed; the lists reload; "Data has been deleted successfully"', async () => {
    const fetchMock = stubFetch(() => json({ data: { done: true } }));
    const qc = cachedMy(myFiles());
    await runMutation(deleteMutation(qc), { kind: 'file', item: pdf }, qc);
    expect(fetchCall(fetchMock)[0]).toBe('/file-manager/user/delete-file');
    expect(fetchCall(fetchMock)[1].method).toBe('POST');
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toEqual({ id: 23 });
    expect(qc.getQueryState(fileKeys.my({ folderId: null, type: null, search: '', page: 1 }))?.isInvalidated).toBe(true);
    await runMutation(deleteMutation(qc), { kind: 'folder', item: folder() }, qc);
    expect(fetchCall(fetchMock, 1)[0]).toBe('/file-manager/user/delete-folder');
    expect(JSON.parse(String(fetchCall(fetchMock, 1)[1].body))).toEqual({ id: 7 });
    expect((await testI18n('en')).t('files:delete.done')).toBe('Data has been deleted successfully');
    expect((await testI18n('bn')).t('files:delete.done')).toBe('তথ্য সফলভাবে মুছে ফেলা হয়েছে');
  });
});

const uploadForm = (over: Partial<UploadFormProps> = {}) => (
  <UploadForm tab="all" place="My Files" file={null} preview={null} busy={false} percent={0} problem={null} error={null} onPick={noop} onChoose={noop} onClear={noop} {...over} />
);

describe('uploading', () => {
  it('sends the folder and the tab before the file, into the folder in view', async () => {
    const sent = stubXhr(201, { data: file() });
    const progress: number[] = [];
    const saved = await uploadFile(new File(['\x89PNG'], 'solar.png', { type: 'image/png' }), { folderId: 7, type: 'image' }, (p) => progress.push(p)).promise;
    expect(saved.id).toBe(21);
    expect(sent.url).toBe('/file-manager/user/upload-file');
    expect([...(sent.body as FormData).keys()]).toEqual(['folder_id', 'type', 'file']);
    expect((sent.body as FormData).get('folder_id')).toBe('7');
    expect((sent.body as FormData).get('type')).toBe('image');
    expect(((sent.body as FormData).get('file') as File).name).toBe('solar.png');
    expect(progress).toEqual([50, 100]);
    const top = stubXhr(201, { data: file() });
    await uploadFile(new File(['x'], 'notes.txt'), { folderId: null, type: null }, noop).promise;
    expect([...(top.body as FormData).keys()]).toEqual(['file']);
  });

  it('says the server’s quota_exceeded in the interface language, and a 413 and a wrong type too', async () => {
    stubXhr(422, { message: 'The given data was invalid.', code: 'validation_failed', errors: { file: ['quota_exceeded'] } });
    const quota = await uploadFile(new File(['x'], 'big.mp4'), { folderId: null }, noop).promise.catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(ApiError);
    const bn = await render('bn', uploadForm({ error: quota }));
    expect(text(bn)).toContain('সাইটের স্টোরেজ পূর্ণ: এই ফাইলটি আর জায়গা পাবে না।');
    expect(tag(bn, 'upload-error')).toContain('role="alert"');
    expect(text(await render('en', uploadForm({ error: quota })))).toContain('storage is full: this file does not fit.');
    // The server's own words (in the caller's language) when it names no code we know.
    const worded = parseApiError(422, { message: 'x', code: 'validation_failed', errors: { file: ['ফাইলটি গ্রহণ করা যায়নি।'] } });
    expect(text(await render('bn', uploadForm({ error: worded })))).toContain('ফাইলটি গ্রহণ করা যায়নি।');
    expect(text(await render('en', uploadForm({ error: parseApiError(413, null) })))).toContain('The file is too large to upload (at most 2 GB).');
    const mismatch = parseApiError(422, { message: 'x', code: 'file_type_mismatch', errors: { file: ['This file is not of the type you chose.'] } });
    expect(text(await render('en', uploadForm({ tab: 'image', error: mismatch })))).toContain('This file is not of the type of the tab you are on.');
    const cropper = parseApiError(422, { message: 'x', code: 'validation_failed', errors: { file: ['folder_needs_cropper'] } });
    expect(text(await render('bn', uploadForm({ error: cropper })))).toContain('প্রোফাইল ও কভার ফোল্ডারে শুধু ক্রপারের ছবি রাখা যায়।');
  });

  it('offers the tab’s kinds, previews a chosen picture, and shows the progress in percent', async () => {
    const docs = await render('en', uploadForm({ tab: 'document' }));
    expect(tag(docs, 'upload-input')).toContain('accept=".docx,.doc,.xls,.ppt,.pptx,.txt,.pdf"');
    expect(tag(await render('en', uploadForm({ tab: 'image' })), 'upload-input')).toContain('accept="image/*"');
    expect(tag(await render('en', uploadForm()), 'upload-input')).not.toContain('accept=');
    const chosen = await render('bn', uploadForm({ tab: 'image', file: { name: 'solar.png', size: 245_760 }, preview: 'blob:http://dhaka.localhost/1', place: 'বিজ্ঞান' }));
    expect(chosen).toMatch(/<img[^>]*src="blob:http:\/\/dhaka.localhost\/1"[^>]*alt="solar.png-এর প্রিভিউ"/);
    expect(text(chosen)).toContain('solar.png · ২৪০ KB');
    expect(text(chosen)).toContain('যেখানে যাবে: বিজ্ঞান');
    for (const id of ['upload-choose', 'upload-clear']) expect(tag(chosen, id), id).not.toBe('');
    const sending = await render('bn', uploadForm({ file: { name: 'solar.png', size: 245_760 }, busy: true, percent: 45 }));
    expect(text(sending)).toContain('আপলোড হচ্ছে… ৪৫%');
    expect(sending).toMatch(/role="progressbar"[^>]*aria-valuenow="45"|aria-valuenow="45"[^>]*role="progressbar"/);
  });
});

describe('renaming, sharing and downloading', () => {
  it('renames with PUT savename, trimmed', async () => {
    const fetchMock = stubFetch(() => json({ data: folder({ name: 'Physics' }) }));
    await runMutation(renameMutation(new QueryClient()), { id: 7, kind: 'folder', name: ' Physics ' });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/file-manager/user/savename');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ id: 7, kind: 'folder', name: 'Physics' });
  });

  it('shares with the whole list and shows not_a_colleague', async () => {
    const fetchMock = stubFetch(() => json({ data: pdf }));
    await runMutation(shareMutation(new QueryClient()), { id: 23, users: ['dhaka-admin@example.com'] });
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/sharing/share');
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toEqual({ table: 'files', id: 23, users: ['dhaka-admin@example.com'] });

    const form = (error: string | null) => (
      <ShareForm name="Syllabus 2026" kept={pdf.shared_with} added={['teacher@example.com']} typed="" error={error} busy={false} onTyped={noop} onAdd={noop} onRemoveKept={noop} onRemoveAdded={noop} />
    );
    const html = await render('en', form(null));
    expect(count(html, 'share-chip')).toBe(2);
    expect(text(html)).toContain('Mahbub Alam');
    expect(text(html)).toContain('teacher@example.com');
    expect(html).toContain('<title>Stop sharing with Mahbub Alam</title>');
    // The contract gives no e-mail for Mahbub: the dialog says how to keep him.
    expect(text(html)).toContain('To keep sharing with Mahbub Alam, add their e-mail or mobile number again.');

    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { users: ['not_a_colleague'] } }, 422));
    const err = await runMutation(shareMutation(new QueryClient()), { id: 23, users: ['learner@example.com'] }).catch((e: unknown) => e);
    function Refused({ error }: { error: unknown }) {
      return form(useFieldErrorText()(error, 'users'));
    }
    const refused = await render('bn', <Refused error={err} />);
    expect(text(refused)).toContain('শুধু এই সাইটের অ্যাডমিন ও শিক্ষকদের সঙ্গে, তাঁদের ই-মেইল বা মোবাইল নম্বর দিয়ে শেয়ার করুন।');
    expect(input(refused, 'share-login')).toContain('aria-invalid="true"');
    expect(tag(refused, 'share-help')).toContain('role="alert"');
    // The server's own words, as it answers today.
    const worded = parseApiError(422, { message: 'x', code: 'validation_failed', errors: { users: ['Share only with admins and teachers of this site.'] } });
    expect(text(await render('en', <Refused error={worded} />))).toContain('Share only with admins and teachers of this site.');
  });

  it('downloads a stored file with POST download-file and its id', async () => {
    const fetchMock = stubFetch(() => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { headers: { 'Content-Disposition': 'attachment; filename="syllabus.pdf"' } }));
    const clicked: string[] = [];
    vi.stubGlobal('document', {
      createElement: () => ({ style: {}, click() {
        clicked.push(String((this as unknown as { download: string }).download));
      }, remove() {} }),
      body: { appendChild() {} },
    });
    await downloadStoredFile(pdf);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/file-manager/user/download-file');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ id: 23 });
    expect(clicked).toEqual(['syllabus.pdf']);
  });
});

function CropRefusal({ err }: { err: unknown }) {
  return <>{useCropErrorText()(err)}</>;
}

describe('the picture cropper', () => {
  const profileFolder = folder({ id: 8, name: 'Profile', kind: 'profile' });
  const coverFolder = folder({ id: 9, name: 'Cover', kind: 'cover' });
  const inside = (f: FmFolder) => myFiles({ path: [f], directories: [], files: page([]) });

  it('offers "Crop a picture" instead of an upload in the profile and cover folders, for JPEG, PNG and GIF pictures', async () => {
    const bn = await at('/filemanager/my?folder=8', cachedMy(inside(profileFolder), 8), 'bn');
    expect(tag(bn, 'crop-picture')).not.toBe('');
    expect(tag(bn, 'files-upload')).toBe('');
    expect(text(bn)).toContain('ছবি কেটে নিন');
    // The folder's note stays, with what the cropper makes of a picture here.
    expect(text(bn)).toContain('এই ফোল্ডারে শুধু প্রোফাইল ও কভার ছবির ক্রপারে তৈরি ছবি থাকে');
    expect(text(bn)).toContain('৬০০ × ৪৫০ পিক্সেলে সংরক্ষিত হবে');
    const input = tag(bn, 'crop-input');
    expect(input).toContain('accept="image/jpeg,image/png,image/gif"');
    expect(input).toContain('aria-label="কাটার জন্য একটি JPEG, PNG বা GIF ছবি বেছে নিন"');
    // Nothing refused yet; the cropper's code is not part of the page.
    expect(tag(bn, 'crop-refusal')).toBe('');
    expect(tag(bn, 'crop-dialog')).toBe('');

    const cover = await at('/filemanager/my?folder=9', cachedMy(inside(coverFolder), 9), 'en');
    expect(text(cover)).toContain('Crop a picture');
    expect(text(cover)).toContain('it is saved as 960 × 400 pixels.');
    expect(tag(cover, 'files-upload')).toBe('');
    // Elsewhere: the upload, no cropper.
    const normal = await at('/filemanager/my?folder=7', cachedMy(inside(folder()), 7), 'en');
    expect(tag(normal, 'crop-picture')).toBe('');
    expect(tag(normal, 'files-upload')).not.toBe('');
  });

  it('refuses a chosen file that is not a JPEG, PNG or GIF picture, in both languages', async () => {
    expect(cropFileProblem(new File(['%PDF'], 'syllabus.pdf', { type: 'application/pdf' }))).toBe('not_image');
    expect(cropFileProblem(new File(['x'], 'photo.webp', { type: 'image/webp' }))).toBe('not_image');
    expect(cropFileProblem(new File(['x'], 'logo.svg', { type: 'image/svg+xml' }))).toBe('not_image');
    expect(cropFileProblem({ name: 'notes', type: '' })).toBe('not_image');
    for (const f of [new File(['x'], 'me.jpg', { type: 'image/jpeg' }), new File(['x'], 'me.png', { type: 'image/png' }), new File(['x'], 'me.gif', { type: 'image/gif' })]) expect(cropFileProblem(f), f.name).toBeNull();
    // No type from the browser: the name says.
    expect(cropFileProblem({ name: 'ME.JPEG', type: '' })).toBeNull();

    const en = await render('en', <CropperNote kind="profile" problem="not_image" />);
    expect(text(en)).toContain('Only JPEG, PNG or GIF pictures can be cropped. Choose another file.');
    expect(tag(en, 'crop-refusal')).toContain('role="alert"');
    expect(text(await render('bn', <CropperNote kind="profile" problem="not_image" />))).toContain('শুধু JPEG, PNG বা GIF ছবি কাটা যায়। অন্য একটি ফাইল বেছে নিন।');
    expect(text(await render('bn', <CropperNote kind="cover" problem="load_failed" />))).toContain('ক্রপার লোড করা যায়নি।');
    expect(tag(await render('en', <CropperNote kind="profile" problem={null} />), 'crop-refusal')).toBe('');
  });

  it('draws the dialog with a labelled zoom, Save and Cancel, and the size kept', async () => {
    const picture = new File(['\x89PNG'], 'me.png', { type: 'image/png' });
    const bn = await render('bn', inPlace(<CropDialog open file={picture} folderId={8} kind="profile" onClose={noop} />));
    expect(tag(bn, 'crop-dialog')).not.toBe('');
    expect(bn).toMatch(/<div[^>]*role="dialog"[^>]*aria-labelledby="crop-title"|<div[^>]*aria-labelledby="crop-title"[^>]*role="dialog"/);
    for (const s of ['ছবিটি কেটে নিন', 'জুম', 'সংরক্ষণ করুন', 'বাতিল', '৬০০ × ৪৫০ পিক্সেলে সংরক্ষিত হবে।']) expect(text(bn), s).toContain(s);
    expect(text(bn.slice(bn.indexOf('data-testid="crop-save"')))).toMatch(/^[^<]*?সংরক্ষণ করুন/);
    expect(bn).toMatch(/<input[^>]*aria-labelledby="crop-zoom-label"/);
    expect(bn).toContain('aria-valuetext="১০০%"');
    expect(tag(bn, 'crop-zoom-in')).toContain('aria-label="জুম বাড়ান"');
    expect(tag(bn, 'crop-zoom-out')).toContain('aria-label="জুম কমান"');
    // Nothing to save until the picture is in the frame.
    expect(tag(bn, 'crop-save')).toMatch(/disabled/);
    const en = await render('en', inPlace(<CropDialog open file={picture} folderId={9} kind="cover" onClose={noop} />));
    for (const s of ['Crop the picture', 'Zoom', 'Save', 'Cancel', 'Saved as 960 × 400 pixels.', 'use the arrow keys to move it']) expect(text(en), s).toContain(s);
    // + and − zoom in the frame, within 1x to 3x.
    expect(zoomForKey('+', 1)).toBe(1.1);
    expect(zoomForKey('=', 2.95)).toBe(3);
    expect(zoomForKey('-', 1.05)).toBe(1);
    expect(zoomForKey('-', 2)).toBe(1.9);
    expect(zoomForKey('ArrowUp', 2)).toBeNull();
  });

  it('uploads the cut picture into the folder as a JPEG named after the chosen file', async () => {
    const sent = stubXhr(201, { data: file({ title: 'me.jpg', folder_id: 8 }) });
    const progress: number[] = [];
    const saved = await uploadCroppedImage(new Blob(['\xff\xd8\xff'], { type: 'image/jpeg' }), croppedName('me.png'), 8, (p) => progress.push(p)).promise;
    expect(saved.title).toBe('me.jpg');
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/file-manager/user/upload-cropped-image');
    const form = sent.body as FormData;
    expect([...form.keys()]).toEqual(['folder_id', 'file']);
    expect(form.get('folder_id')).toBe('8');
    expect((form.get('file') as File).name).toBe('me.jpg');
    expect((form.get('file') as File).type).toBe('image/jpeg');
    expect(progress).toEqual([50, 100]);
    expect(croppedName('Holiday photo.final.JPEG')).toBe('Holiday photo.final.jpg');
    expect(croppedName('.png')).toBe('picture.jpg');
    expect(cropSize('profile')).toEqual({ width: 600, height: 450 });
    expect(cropSize('cover')).toEqual({ width: 960, height: 400 });
  });

  it('words the server’s refusals of the cut picture in the interface language', async () => {
    const invalid = parseApiError(422, { message: 'x', code: 'validation_failed', errors: { file: ['invalid_image'] } });
    expect(text(await render('en', <CropRefusal err={invalid} />))).toContain('The server could not read the cropped picture.');
    expect(text(await render('bn', <CropRefusal err={invalid} />))).toContain('সার্ভার কাটা ছবিটি পড়তে পারেনি।');
    const quota = parseApiError(422, { message: 'x', code: 'validation_failed', errors: { file: ['quota_exceeded'] } });
    expect(text(await render('bn', <CropRefusal err={quota} />))).toContain('সাইটের স্টোরেজ পূর্ণ: এই ফাইলটি আর জায়গা পাবে না।');
    const worded = parseApiError(422, { message: 'x', code: 'validation_failed', errors: { folder_id: ['ফোল্ডারটি পাওয়া যায়নি।'] } });
    expect(text(await render('bn', <CropRefusal err={worded} />)).trim()).not.toBe('');
  });
});
