import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, parseApiError } from '../../../lib/api-client';
import { errorText, render, tag, text } from '../../../lib/test-render';
import type { UploadHandle } from '../../../lib/upload';
import { sendPart, type FmFile, type Upload } from '../api/files-api';
import { createElement } from 'react';
import { UploadForm } from '../components/upload-dialog';
import { uploadErrorCode } from './file-manager';
import { missingParts, partRange, percentOf, receivedBytes, resumableUpload, storedUploadId, uploadKey, type IdStore, type UploadCalls } from './resumable-upload';
import { stubXhr } from '../../../lib/test-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A file of `size` bytes (parts of 4 bytes in these tests). */
const bigFile = (size = 10, name = 'lecture.mp4') => new File([new Uint8Array(size).map((_, i) => i)], name, { lastModified: 1_700_000_000_000 });

const saved = { id: 31, title: 'lecture.mp4' } as FmFile;

function memoryStore(init: Record<string, string> = {}): IdStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(init));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const upload = (over: Partial<Upload> = {}): Upload => ({ id: 'u-1', file_name: 'lecture.mp4', size: 10, part_bytes: 4, parts: 3, received: [], ...over });

/** Server calls answering from a script; parts fail as `partFailures` says, in turn. */
function fakeCalls({ status, partFailures = [] as (ApiError | null)[] }: { status?: Upload | ApiError; partFailures?: (ApiError | null)[] } = {}) {
  const log: string[] = [];
  const bodies: { n: number; bytes: number[] }[] = [];
  const failures = [...partFailures];
  const calls: UploadCalls = {
    start: async (body) => {
      log.push(`start ${JSON.stringify(body)}`);
      return upload({ id: 'u-new' });
    },
    status: async (id) => {
      log.push(`status ${id}`);
      if (status instanceof ApiError) throw status;
      return status ?? upload({ id });
    },
    sendPart: (id, n, bytes, onProgress): UploadHandle<Upload> => {
      log.push(`part ${id} ${n}`);
      const promise = (async () => {
        const fail = failures.shift();
        if (fail) throw fail;
        onProgress(50);
        bodies.push({ n, bytes: [...new Uint8Array(await bytes.arrayBuffer())] });
        onProgress(100);
        return upload({ id });
      })();
      return { promise, abort: () => {} };
    },
    complete: async (id) => {
      log.push(`complete ${id}`);
      return saved;
    },
    cancel: async (id) => {
      log.push(`cancel ${id}`);
      return { done: true };
    },
  };
  return { calls, log, bodies };
}

describe('part boundaries', () => {
  it('cuts the file into parts of part_bytes, the last one shorter', () => {
    expect(partRange(1, 4, 10)).toEqual([0, 4]);
    expect(partRange(2, 4, 10)).toEqual([4, 8]);
    expect(partRange(3, 4, 10)).toEqual([8, 10]);
    expect(partRange(3, 4, 12)).toEqual([8, 12]);
    const mib8 = 8 * 1024 * 1024;
    expect(partRange(3, mib8, 20 * 1024 * 1024)).toEqual([2 * mib8, 20 * 1024 * 1024]);
    expect(missingParts(upload({ received: [2] }))).toEqual([1, 3]);
    expect(receivedBytes(upload({ received: [1, 3, 3, 9] }))).toBe(6);
    expect(percentOf(9, 10)).toBe(90);
    expect(percentOf(10, 10)).toBe(100);
  });

  it('keys the stored id by folder, name, size and date', () => {
    const f = bigFile();
    expect(uploadKey(f, 7)).toBe('fm-upload:7:10:1700000000000:lecture.mp4');
    expect(uploadKey(f, null)).toBe('fm-upload:0:10:1700000000000:lecture.mp4');
    expect(storedUploadId(f, 7, memoryStore({ [uploadKey(f, 7)]: 'u-9' }))).toBe('u-9');
    expect(storedUploadId(f, null, memoryStore({ [uploadKey(f, 7)]: 'u-9' }))).toBeNull();
  });
});

describe('resumable upload', () => {
  it('starts, sends every part in order with the overall progress, completes and forgets the id', async () => {
    const { calls, log, bodies } = fakeCalls();
    const store = memoryStore();
    const progress: number[] = [];
    const resumed: boolean[] = [];
    const file = bigFile();
    // The id is remembered as soon as the upload is started, until it is complete.
    const kept: (string | undefined)[] = [];
    const send = calls.sendPart;
    calls.sendPart = (...args) => {
      kept.push(store.map.get(uploadKey(file, 7)));
      return send(...args);
    };
    const handle = resumableUpload(file, { folderId: 7, type: 'video', onProgress: (p) => progress.push(p), onResume: (r) => resumed.push(r), calls, store, sleep: async () => {} });
    expect(await handle.promise).toBe(saved);
    expect(kept).toEqual(['u-new', 'u-new', 'u-new']);
    expect(log).toEqual(['start {"file_name":"lecture.mp4","size":10,"folder_id":7,"type":"video"}', 'part u-new 1', 'part u-new 2', 'part u-new 3', 'complete u-new']);
    expect(bodies).toEqual([
      { n: 1, bytes: [0, 1, 2, 3] },
      { n: 2, bytes: [4, 5, 6, 7] },
      { n: 3, bytes: [8, 9] },
    ]);
    expect(progress).toEqual([0, 20, 40, 60, 80, 90, 100]);
    expect(resumed).toEqual([false]);
    expect(store.map.size).toBe(0);
  });

  it('resumes a remembered upload: asks which parts arrived and sends only the missing ones', async () => {
    const file = bigFile();
    const store = memoryStore({ [uploadKey(file, null)]: 'u-old' });
    const { calls, log } = fakeCalls({ status: upload({ id: 'u-old', received: [1, 3] }) });
    const progress: number[] = [];
    const resumed: boolean[] = [];
    await resumableUpload(file, { folderId: null, onProgress: (p) => progress.push(p), onResume: (r) => resumed.push(r), calls, store }).promise;
    expect(log).toEqual(['status u-old', 'part u-old 2', 'complete u-old']);
    // 6 bytes were there already.
    expect(progress).toEqual([60, 80, 100]);
    expect(resumed).toEqual([true]);
    expect(store.map.size).toBe(0);
  });

  it('starts afresh when the remembered upload is gone (404)', async () => {
    const file = bigFile();
    const store = memoryStore({ [uploadKey(file, null)]: 'u-old' });
    const { calls, log } = fakeCalls({ status: parseApiError(404, { message: 'Not found', code: 'not_found' }) });
    const resumed: boolean[] = [];
    await resumableUpload(file, { folderId: null, onProgress: () => {}, onResume: (r) => resumed.push(r), calls, store }).promise;
    expect(log[0]).toBe('status u-old');
    expect(log[1]).toMatch(/^start /);
    expect(log.slice(2)).toEqual(['part u-new 1', 'part u-new 2', 'part u-new 3', 'complete u-new']);
    expect(resumed).toEqual([false]);
  });

  it('tries a part cut off by the network again, waiting longer each time, then goes on', async () => {
    const net = parseApiError(0, null);
    const { calls, log } = fakeCalls({ partFailures: [null, net, net, parseApiError(503, null)] });
    const waits: number[] = [];
    const retries: (number | null)[] = [];
    const store = memoryStore();
    await resumableUpload(bigFile(), { folderId: null, onProgress: () => {}, onRetry: (a) => retries.push(a), calls, store, sleep: async (ms) => void waits.push(ms) }).promise;
    expect(log).toEqual(['start {"file_name":"lecture.mp4","size":10}', 'part u-new 1', 'part u-new 2', 'part u-new 2', 'part u-new 2', 'part u-new 2', 'part u-new 3', 'complete u-new']);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(retries).toEqual([1, 2, 3, null]);
    expect(store.map.size).toBe(0);
  });

  it('stops after 5 tries again, keeping the id to carry on later', async () => {
    const net = parseApiError(0, null);
    const { calls, log } = fakeCalls({ partFailures: [net, net, net, net, net, net] });
    const waits: number[] = [];
    const store = memoryStore();
    const file = bigFile();
    const err = await resumableUpload(file, { folderId: null, onProgress: () => {}, calls, store, sleep: async (ms) => void waits.push(ms) }).promise.catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('network_error');
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(log.filter((l) => l.startsWith('part'))).toHaveLength(6);
    expect(log).not.toContain('cancel u-new');
    expect(store.map.get(uploadKey(file, null))).toBe('u-new');
  });

  it('does not try a refused part (422) again, and says why in the interface language', async () => {
    const refused = parseApiError(422, { message: 'Wrong part length', code: 'upload_part_invalid' });
    const { calls, log } = fakeCalls({ partFailures: [refused] });
    const waits: number[] = [];
    const store = memoryStore();
    const err = await resumableUpload(bigFile(), { folderId: null, onProgress: () => {}, calls, store, sleep: async (ms) => void waits.push(ms) }).promise.catch((e: unknown) => e);
    expect(err).toBe(refused);
    expect(waits).toEqual([]);
    expect(log.filter((l) => l.startsWith('part'))).toEqual(['part u-new 1']);
    expect(store.map.size).toBe(0);
    expect(uploadErrorCode(err)).toBe('upload_part_invalid');
    const form = (lang: 'en' | 'bn', error: unknown) =>
      render(lang, createElement(UploadForm, { tab: 'all', place: 'My Files', file: { name: 'lecture.mp4', size: 10 }, preview: null, busy: false, percent: 0, problem: null, error, onPick: () => {}, onChoose: () => {}, onClear: () => {} }));
    expect(text(await form('en', err))).toContain('This part of the file is not the expected size. Try the upload again.');
    expect(text(await form('bn', err))).toContain('ফাইলের এই অংশটির আকার যেমন হওয়ার কথা তেমন নয়।');
    const missing = parseApiError(422, { message: 'x', code: 'parts_missing' });
    expect(text(await form('en', missing))).toContain('Some parts of the file have not arrived yet.');
    expect(await errorText('bn', missing)).toBe('ফাইলের কিছু অংশ এখনো পৌঁছায়নি।');
  });

  it('cancelled: stops, gives the upload up (DELETE) and forgets it', async () => {
    const file = bigFile();
    const store = memoryStore();
    const { calls, log } = fakeCalls({ partFailures: [parseApiError(0, null)] });
    let wake: () => void = () => {};
    const handle = resumableUpload(file, { folderId: null, onProgress: () => {}, calls, store, sleep: () => new Promise<void>((r) => (wake = r)) });
    await vi.waitFor(() => expect(log).toContain('part u-new 1'));
    handle.abort();
    expect(await handle.promise.catch((e: unknown) => (e as Error).name)).toBe('AbortError');
    wake();
    await vi.waitFor(() => expect(log).toContain('cancel u-new'));
    expect(log.filter((l) => l.startsWith('part'))).toEqual(['part u-new 1']);
    expect(log).not.toContain('complete u-new');
    expect(store.map.size).toBe(0);
  });
});

describe('part request and notes', () => {
  it('PUTs the raw bytes with the API headers and reports the part’s progress', async () => {
    const sent = stubXhr(200, { data: upload({ received: [2] }) }, { loaded: 1, total: 4 });
    const progress: number[] = [];
    const bytes = bigFile().slice(4, 8);
    const answer = await sendPart('u-1', 2, bytes, (p) => progress.push(p)).promise;
    expect(answer.received).toEqual([2]);
    expect(sent.method).toBe('PUT');
    expect(sent.url).toBe('/file-manager/user/uploads/u-1/parts/2');
    expect(sent.headers['Content-Type']).toBe('application/octet-stream');
    expect(sent.headers.Accept).toBe('application/json');
    expect(sent.headers.lang).toBeTruthy();
    expect(sent.body).toBe(bytes);
    expect(progress).toEqual([25, 100]);
  });

  it('says when a part is tried again and when an interrupted upload is carried on', async () => {
    const form = (lang: 'en' | 'bn', over: object) =>
      render(lang, createElement(UploadForm, { tab: 'all', place: 'My Files', file: { name: 'lecture.mp4', size: 20 * 1024 * 1024 }, preview: null, busy: true, percent: 40, problem: null, error: null, onPick: () => {}, onChoose: () => {}, onClear: () => {}, ...over }));
    const retrying = await form('en', { retrying: true });
    expect(text(retrying)).toContain('Connection lost, trying again…');
    expect(tag(retrying, 'upload-resumed')).toBe('');
    expect(text(await form('bn', { retrying: true }))).toContain('সংযোগ বিচ্ছিন্ন হয়েছে, আবার চেষ্টা করা হচ্ছে…');
    expect(text(await form('en', { resumed: true, busy: false }))).toContain('Continuing an upload that was interrupted.');
    expect(text(await form('bn', { resumed: true }))).toContain('মাঝপথে থেমে যাওয়া একটি আপলোড আবার চালু করা হচ্ছে।');
    expect(tag(await form('en', {}), 'upload-retrying')).toBe('');
  });
});
