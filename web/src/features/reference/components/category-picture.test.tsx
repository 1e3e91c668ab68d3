import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Page } from '../../../lib/types';
import { PICTURE_MAX_BYTES, pictureProblem, type RefItem } from '../api/reference-api';
import { refKeys, removePictureMutation, uploadPictureMutation } from '../hooks/use-reference';
import { CategoryPicture, choosePicture, PicturePicker, usePictureErrorText } from './category-picture';
import ReferencePages from './reference-pages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function page<T>(data: T[]): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 20, total: data.length };
}

const OLD = '/category-image/12-0a1b2c.jpg';
const NEW = '/category-image/12-ab12cd.jpg';
const farming: RefItem = { id: 12, title: 'Agriculture', bn_title: 'কৃষি', sort: 1, parent_id: null, image: OLD };
const coding: RefItem = { id: 13, title: 'Programming', bn_title: 'প্রোগ্রামিং', sort: 2, parent_id: null, image: null };

const listKey = refKeys.list('categories', { page: 1, limit: 20, search: '', parent: null });
function client() {
  const qc = new QueryClient();
  qc.setQueryData(listKey, page([farming, coding]));
  return qc;
}
const showList = (lang: 'en' | 'bn', qc: QueryClient) => render(lang, <ReferencePages page="categories" />, { at: '/settings/categories', path: '/settings/categories', qc });
const imgOf = (html: string) => /<img\b[^>]*data-testid="ref-thumb"[^>]*>/.exec(html)?.[0] ?? '';

/** An XMLHttpRequest that answers 200 with `data` after half the bytes went up; what it was sent. */
function fakeXhr(answer: { status: number; body: unknown }) {
  const sent: { method?: string; url?: string; body?: FormData; count: number } = { count: 0 };
  class FakeXhr {
    status = answer.status;
    responseText = JSON.stringify(answer.body);
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    constructor() {
      sent.count += 1;
    }
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.body = body;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function Refusal({ err }: { err: unknown }) {
  return <>{usePictureErrorText()(err)}</>;
}

describe('a category’s picture', () => {
  it('shows as a small thumbnail in each row, a placeholder without one', async () => {
    const html = await showList('en', client());
    expect(text(html)).toContain('Picture');
    const img = imgOf(html);
    expect(img).toContain(`src="${OLD}"`);
    expect(img).toContain('alt="Agriculture"');
    expect(html).toMatch(/width:48px/);
    expect(html).toMatch(/object-fit:cover/);
    expect(tag(html, 'ref-thumb-none')).toContain('aria-label="No picture"');
    expect(imgOf(await showList('bn', client()))).toContain('alt="কৃষি"');
    // Other lists have no picture column.
    const qc = new QueryClient();
    qc.setQueryData(refKeys.list('tags', { page: 1, limit: 20, search: '', parent: null }), page([coding]));
    const tags = await render('en', <ReferencePages page="lists" />, { at: '/settings/reference-lists?list=tags', path: '/settings/reference-lists', qc });
    expect(tag(tags, 'ref-thumb-none')).toBe('');
  });

  it('is shown in the edit dialog with Choose and Remove, the file input taking pictures only', async () => {
    const html = await render('en', <CategoryPicture item={farming} />);
    expect(imgOf(html)).toContain(`src="${OLD}"`);
    expect(text(html)).toContain('Choose picture');
    expect(tag(html, 'ref-picture-remove')).toContain('<button');
    expect(tag(html, 'ref-picture-file')).toContain('accept="image/png,image/jpeg,image/webp,image/gif"');
    expect(tag(html, 'ref-picture-file')).toContain('type="file"');
    const none = await render('bn', <CategoryPicture item={coding} />);
    expect(tag(none, 'ref-thumb-none')).not.toBe('');
    expect(tag(none, 'ref-picture-remove')).toBe('');
    expect(text(none)).toContain('ছবি বেছে নিন');
  });

  it('posts the chosen picture as multipart `image` and shows the new thumbnail in the list', async () => {
    const sent = fakeXhr({ status: 200, body: { data: { ...farming, image: NEW } } });
    const qc = client();
    const progress: number[] = [];
    const file = new File(['png'], 'field.png', { type: 'image/png' });
    const saved = await runMutation(uploadPictureMutation(qc, 12, (p) => progress.push(p)), file, qc);
    expect(saved.image).toBe(NEW);
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/admin-settings/categories/12/image');
    expect(sent.body).toBeInstanceOf(FormData);
    expect((sent.body?.get('image') as File).name).toBe('field.png');
    expect(progress).toEqual([50, 100]);
    // The list shows the new picture at once (and is read again).
    expect(qc.getQueryData<Page<RefItem>>(listKey)?.data[0].image).toBe(NEW);
    expect(qc.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(imgOf(await showList('en', qc))).toContain(`src="${NEW}"`);

    // While it goes up: the progress, both buttons held.
    const busy = await render('bn', <PicturePicker src="blob:preview" alt="কৃষি" progress={42} removing={false} error={null} onPick={noop} onRemove={noop} />);
    expect(imgOf(busy)).toContain('src="blob:preview"');
    expect(text(busy)).toContain('আপলোড হচ্ছে… ৪২%');
    expect(tag(busy, 'ref-picture-choose')).toContain('disabled');
    expect(busy).toContain('aria-valuenow="42"');
  });

  it('refuses a file too large or of another kind before sending it', async () => {
    const sent = fakeXhr({ status: 200, body: { data: farming } });
    const send = vi.fn();
    const big = new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    expect(choosePicture(big, send)).toBe('image_too_large');
    expect(choosePicture(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), send)).toBe('invalid_image');
    expect(send).not.toHaveBeenCalled();
    expect(sent.count).toBe(0);
    expect(pictureProblem({ type: 'image/webp', size: PICTURE_MAX_BYTES })).toBeNull();
    const ok = new File(['x'], 'ok.webp', { type: 'image/webp' });
    expect(choosePicture(ok, send)).toBeNull();
    expect(send).toHaveBeenCalledWith(ok);

    // The refusal, in either language (the client's code is the server's).
    const tooLarge = new ApiError(422, 'Invalid', 'validation_failed', { image: ['image_too_large'] });
    expect(text(await render('en', <Refusal err={tooLarge} />))).toContain('This picture is larger than 5 MB. Choose a smaller one.');
    expect(text(await render('bn', <Refusal err={tooLarge} />))).toContain('ছবিটি ৫ MB-এর চেয়ে বড়।');
    const shown = await render('en', <PicturePicker src={null} alt="Agriculture" progress={null} removing={false} error="This picture is larger than 5 MB. Choose a smaller one." onPick={noop} onRemove={noop} />);
    expect(tag(shown, 'ref-picture-error')).toContain('role="alert"');
  });

  it('shows the server’s 422 and 413', async () => {
    const bad = new ApiError(422, 'Invalid', 'validation_failed', { image: ['invalid_image'] });
    expect(text(await render('en', <Refusal err={bad} />))).toContain('Choose a JPEG, PNG, GIF or WebP picture.');
    // A message the page has no words for is the server's own.
    const worded = new ApiError(422, 'Invalid', 'validation_failed', { image: ['The picture could not be read.'] });
    expect(text(await render('en', <Refusal err={worded} />))).toContain('The picture could not be read.');
    expect(text(await render('en', <Refusal err={new ApiError(413, 'Payload Too Large', null, {})} />))).toContain('larger than 5 MB');

    fakeXhr({ status: 422, body: { message: 'Invalid', errors: { image: ['invalid_image'] } } });
    const err = await runMutation(uploadPictureMutation(client(), 12, noop), new File(['x'], 'x.png', { type: 'image/png' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fieldErrors.image).toEqual(['invalid_image']);
  });

  it('removes the picture with DELETE', async () => {
    const fetch = stubFetch(() => json({ data: { ...farming, image: null } }));
    const qc = client();
    const saved = await runMutation(removePictureMutation(qc, 12), undefined, qc);
    expect(saved.image).toBeNull();
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/categories/12/image');
    expect(fetchCall(fetch)[1].method).toBe('DELETE');
    expect(qc.getQueryData<Page<RefItem>>(listKey)?.data[0].image).toBeNull();
    expect(tag(await showList('en', qc), 'ref-thumb-none')).not.toBe('');
  });
});
