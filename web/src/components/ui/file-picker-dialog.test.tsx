import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createPickerUrl, fetchPickerFiles, filePickerKeys, offeredFiles, PICKER_PAGE_SIZE, type PickerFile, type PickerQuery } from '../../lib/file-picker-api';
import { urlProblem, urlServerProblem } from '../../lib/link-url';
import { fetchCall, href, json, noop, render, stubFetch, tag, text } from '../../lib/test-render';
import type { Page } from '../../lib/types';
import { FilePickerDialog, PickerUrlForm, type FilePickerDialogProps } from './file-picker-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const file = (over: Partial<PickerFile> = {}): PickerFile => ({
  id: 21,
  title: 'Solar system tour',
  file_name: 'solar.mp4',
  type: 'video',
  size: 1_572_864,
  is_url: 0,
  provider: null,
  file_main_path: 'https://bucket.example.com/files/4/solar.mp4?sig=a',
  file_encode_path: 'https://bucket.example.com/files/4/solar-thumb.jpg?sig=b',
  owner_name: null,
  ...over,
});
const youtube = file({ id: 22, title: 'Photosynthesis explained', file_name: 'https://youtu.be/dQw4w9WgXcQ', size: 0, is_url: 1, provider: 'youtube', file_main_path: 'https://youtu.be/dQw4w9WgXcQ', file_encode_path: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' });

const page = (data: PickerFile[], over: Partial<Page<PickerFile>> = {}): Page<PickerFile> => ({ data, current_page: 1, last_page: 1, per_page: PICKER_PAGE_SIZE, total: data.length, ...over });

/** A client holding the first page of My files of `type`. */
function cached(data: Page<PickerFile>, q: Partial<PickerQuery> = {}) {
  const qc = new QueryClient();
  qc.setQueryData(filePickerKeys.list({ source: 'my', type: 'video', search: '', page: 1, ...q }), data);
  return qc;
}

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

const picker = (props: Partial<FilePickerDialogProps> = {}) =>
  inPlace(<FilePickerDialog open onClose={noop} onPick={noop} type="video" allowLinks={false} title="Choose the lesson’s file" {...props} />);

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

describe('FilePickerDialog', () => {
  it('is a dialog named by its title, with My files / Shared with me tabs, a search box and the files as buttons named by their title', async () => {
    const html = await render('en', picker(), { qc: cached(page([file(), file({ id: 23, title: 'Moon phases', file_encode_path: null, size: 2048 })])) });
    const dialog = /<div[^>]*role="dialog"[^>]*>/.exec(html)?.[0] ?? '';
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(dialog)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toMatch(new RegExp(`<h2[^>]*id="${labelledBy}"[^>]*>Choose the lesson’s file</h2>`));
    expect(tag(html, 'file-picker-tab-my')).toContain('aria-selected="true"');
    expect(text(html)).toContain('My files');
    expect(text(html)).toContain('Shared with me');
    expect(html).toContain('id="file-picker-search"');
    expect(count(html, 'file-picker-item')).toBe(2);
    const first = tag(html, 'file-picker-item');
    expect(first).toMatch(/^<button/);
    expect(first).toContain('aria-label="Solar system tour"');
    expect(first).toContain('type="button"');
    // A preview picture, or the type's icon; the size in the language's words.
    expect(html).toContain('src="https://bucket.example.com/files/4/solar-thumb.jpg?sig=b"');
    expect(html).toContain('data-testid="VideoFileOutlinedIcon"');
    expect(text(html)).toContain('1.5 MB');
    expect(text(html)).toContain('2 KB');

    const bn = text(await render('bn', picker(), { qc: cached(page([file()])) }));
    for (const s of ['আমার ফাইল', 'আমার সঙ্গে শেয়ার করা', 'শিরোনাম দিয়ে খুঁজুন', '১.৫ MB']) expect(bn, s).toContain(s);
  });

  it('lists links only when the caller takes them', async () => {
    const qc = cached(page([file(), youtube]));
    const without = await render('en', picker(), { qc });
    expect(count(without, 'file-picker-item')).toBe(1);
    expect(without).not.toContain('Photosynthesis explained');
    const withLinks = await render('en', picker({ allowLinks: true }), { qc });
    expect(count(withLinks, 'file-picker-item')).toBe(2);
    expect(withLinks).toContain('aria-label="Photosynthesis explained"');
    expect(text(withLinks)).toContain('YouTube video');
    expect(offeredFiles([file(), youtube], false).map((f) => f.id)).toEqual([21]);
    expect(offeredFiles([file(), youtube], true).map((f) => f.id)).toEqual([21, 22]);
  });

  it('asks for the type it was given, My files first, and the shared files by source', async () => {
    const qc = new QueryClient();
    await render('en', picker({ type: 'audio' }), { qc });
    expect(qc.getQueryCache().findAll({ queryKey: filePickerKeys.all }).map((q) => q.queryKey)).toEqual([filePickerKeys.list({ source: 'my', type: 'audio', search: '', page: 1 })]);

    const fetchMock = stubFetch(() => json(page([])));
    await fetchPickerFiles({ source: 'my', type: 'video', search: ' solar ', page: 2 });
    expect(fetchCall(fetchMock)[0]).toBe(`/file-manager/user/get-files?source=my&type=video&search=solar&page=2&limit=${PICKER_PAGE_SIZE}`);
    await fetchPickerFiles({ source: 'shared', type: null, search: '', page: 1 });
    expect(fetchCall(fetchMock, 1)[0]).toBe(`/file-manager/user/get-files?source=shared&page=1&limit=${PICKER_PAGE_SIZE}`);
  });

  it('shows the loading rows, then says where to add files when there are none (links hidden count as none)', async () => {
    expect(tag(await render('en', picker(), { qc: new QueryClient() }), 'file-picker-loading')).toContain('aria-busy="true"');
    const empty = await render('en', picker(), { qc: cached(page([youtube])) });
    expect(text(empty)).toContain('No files of this kind yet — add them in the File manager.');
    expect(href(empty, 'file-picker-manager-link')).toBe('/filemanager/my');
    expect(tag(empty, 'file-picker-manager-link')).toContain('target="_blank"');
    expect(text(await render('bn', picker(), { qc: cached(page([])) }))).toContain('এই ধরনের কোনো ফাইল এখনও নেই — ফাইল ম্যানেজারে যোগ করুন।');
  });

  it('shows the pager when there are more pages', async () => {
    const html = await render('en', picker(), { qc: cached(page([file()], { last_page: 3, total: 30 })) });
    expect(tag(html, 'pager')).not.toBe('');
    expect(html).toContain('aria-label="Page 2"');
  });

  it('draws nothing while closed', async () => {
    expect(tag(await render('en', picker({ open: false }), { qc: cached(page([file()])) }), 'file-picker')).toBe('');
  });

  it('offers Add URL where links are taken, with the popup’s messages (SPEC 5), and keeps the link as a file of the picker’s type', async () => {
    const qc = cached(page([file()]));
    expect(tag(await render('en', picker(), { qc }), 'file-picker-add-url')).toBe('');
    const withLinks = await render('en', picker({ allowLinks: true }), { qc });
    expect(tag(withLinks, 'file-picker-add-url')).toContain('type="button"');
    expect(text(withLinks)).toContain('Add URL');
    expect(text(await render('bn', picker({ allowLinks: true }), { qc }))).toContain('URL যোগ করুন');

    const form = (urlError: 'required' | 'invalid' | null, lang: 'en' | 'bn' = 'en') => render(lang, <PickerUrlForm url="" urlError={urlError} busy={false} onUrl={noop} />);
    expect(text(await form('required'))).toContain('Please enter the URL');
    expect(text(await form('invalid'))).toContain('Please enter valid URL');
    expect(tag(await form('invalid'), 'file-picker-url-help')).toContain('role="alert"');
    expect(text(await form(null))).toContain('A link starting with http:// or https://, such as a YouTube video.');
    expect(urlProblem(' ')).toBe('required');
    expect(urlProblem('youtube')).toBe('invalid');
    expect(urlProblem('https://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(urlServerProblem(new ApiError(422, 'x', 'validation_failed', { url: ['invalid_url'] }))).toBe('invalid');

    const fetchMock = stubFetch(() => json({ data: youtube }, 201));
    const added = await createPickerUrl({ url: 'https://youtu.be/dQw4w9WgXcQ', type: 'video' });
    expect(added.is_url).toBe(1);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/file-manager/user/create-url');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ url: 'https://youtu.be/dQw4w9WgXcQ', type: 'video' });
  });
});
