// Large files go up in parts (docs/api-files.md "Resumable uploads"), one after another. The
// upload's id is kept in localStorage under the file's name, size and date and the folder, so
// choosing the same file again (after a reload, a lost connection) sends only the parts missing.
// A part cut off by the network (or a 5xx) is tried again up to 5 times, waiting 1, 2, 4, 8 and
// 16 seconds; a 4xx answer is final. Plain functions with the server calls, the store and the
// waits injectable, for the tests.
import { ApiError } from '../../../lib/api-client';
import type { UploadHandle } from '../../../lib/upload';
import { cancelUpload, completeUpload, sendPart, startUpload, uploadStatus, type FileType, type FmFile, type StartUploadBody, type Upload } from '../api/files-api';

export interface UploadCalls {
  start: (body: StartUploadBody) => Promise<Upload>;
  status: (id: string) => Promise<Upload>;
  sendPart: (id: string, n: number, bytes: Blob, onProgress: (percent: number) => void) => UploadHandle<Upload>;
  complete: (id: string) => Promise<FmFile>;
  cancel: (id: string) => Promise<unknown>;
}

export const serverCalls: UploadCalls = { start: startUpload, status: uploadStatus, sendPart, complete: completeUpload, cancel: cancelUpload };

/** Where the ids of unfinished uploads are kept: localStorage in the browser. */
export type IdStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The waits before each new try of a part: 5 tries at most. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16000];

type FileId = Pick<File, 'name' | 'size' | 'lastModified'>;

/** The store's key of a file's unfinished upload into a folder (null: the top level). */
export function uploadKey(file: FileId, folderId: number | null): string {
  return `fm-upload:${folderId ?? 0}:${file.size}:${file.lastModified}:${file.name}`;
}

function browserStore(): IdStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The id of an unfinished upload of this file into this folder, if one is remembered. */
export function storedUploadId(file: FileId, folderId: number | null, store: IdStore | null = browserStore()): string | null {
  try {
    return store?.getItem(uploadKey(file, folderId)) || null;
  } catch {
    return null;
  }
}

/** The bytes of part `n` (from 1): [start, end); the last part is shorter. */
export function partRange(n: number, partBytes: number, size: number): [number, number] {
  const start = Math.min(size, (n - 1) * partBytes);
  return [start, Math.min(size, start + partBytes)];
}

/** The parts not yet received, in order. */
export function missingParts(upload: Pick<Upload, 'parts' | 'received'>): number[] {
  const got = new Set(upload.received);
  const out: number[] = [];
  for (let n = 1; n <= upload.parts; n++) if (!got.has(n)) out.push(n);
  return out;
}

/** The bytes of the parts received. */
export function receivedBytes(upload: Pick<Upload, 'parts' | 'part_bytes' | 'size' | 'received'>): number {
  let sum = 0;
  for (const n of new Set(upload.received)) {
    if (n < 1 || n > upload.parts) continue;
    const [start, end] = partRange(n, upload.part_bytes, upload.size);
    sum += end - start;
  }
  return sum;
}

/** 0..100 of the whole file; 100 only once every byte is up. */
export function percentOf(bytes: number, size: number): number {
  return size > 0 ? Math.max(0, Math.min(100, Math.floor((bytes * 100) / size))) : 100;
}

/** Worth trying again: the network failed (status 0) or the server did (5xx); 4xx answers are final. */
export function isRetryable(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status >= 500);
}

const isClientError = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;
const abortError = () => new DOMException('Upload cancelled', 'AbortError');

export interface ResumableOptions {
  folderId: number | null;
  type?: FileType | null;
  /** 0..100 of the whole file: the parts received and the one going up. */
  onProgress: (percent: number) => void;
  /** The new try about to be made of a part (1..5); null once the part went up. */
  onRetry?: (attempt: number | null) => void;
  /** true: an interrupted upload of this file is carried on; false: a new one is started. */
  onResume?: (resumed: boolean) => void;
  calls?: UploadCalls;
  store?: IdStore | null;
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Uploads `file` in parts, carrying on an unfinished upload of it when one is remembered. abort()
 * stops it, gives it up on the server (DELETE) and forgets it.
 */
export function resumableUpload(file: File, opts: ResumableOptions): UploadHandle<FmFile> {
  const { folderId, type, onProgress, onRetry, onResume, calls = serverCalls, store = browserStore(), delays = RETRY_DELAYS_MS } = opts;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const key = uploadKey(file, folderId);
  const remember = (id: string) => {
    try {
      store?.setItem(key, id);
    } catch {
      /* private mode: no resuming */
    }
  };
  const forget = () => {
    try {
      store?.removeItem(key);
    } catch {
      /* nothing kept */
    }
  };
  const giveUp = (id: string) => void calls.cancel(id).catch(() => {});

  let cancelled = false;
  /** The upload on the server, once known (for abort). */
  let id: string | null = null;
  let current: UploadHandle<Upload> | null = null;
  const check = () => {
    if (cancelled) throw abortError();
  };

  async function open(): Promise<Upload> {
    const known = storedUploadId(file, folderId, store);
    if (known) {
      id = known;
      try {
        const up = await calls.status(known);
        check();
        if (up.size === file.size && up.parts > 0 && up.part_bytes > 0) {
          onResume?.(true);
          return up;
        }
      } catch (err) {
        check();
        // 404: finished or dropped meanwhile; start afresh. The network: said, the id kept.
        if (!isClientError(err)) throw err;
      }
      id = null;
      forget();
    }
    onResume?.(false);
    const up = await calls.start({ file_name: file.name, size: file.size, ...(folderId ? { folder_id: folderId } : {}), ...(type ? { type } : {}) });
    if (cancelled) {
      giveUp(up.id);
      throw abortError();
    }
    id = up.id;
    remember(up.id);
    return up;
  }

  async function sendOne(up: Upload, n: number, before: number): Promise<number> {
    const [start, end] = partRange(n, up.part_bytes, up.size);
    const len = end - start;
    for (let attempt = 0; ; attempt++) {
      check();
      try {
        current = calls.sendPart(up.id, n, file.slice(start, end), (p) => onProgress(percentOf(before + (len * p) / 100, up.size)));
        await current.promise;
        current = null;
        if (attempt > 0) onRetry?.(null);
        return len;
      } catch (err) {
        current = null;
        check();
        if (!isRetryable(err) || attempt >= delays.length) throw err;
        onRetry?.(attempt + 1);
        await sleep(delays[attempt]);
      }
    }
  }

  async function run(): Promise<FmFile> {
    const up = await open();
    let done = receivedBytes(up);
    onProgress(percentOf(done, up.size));
    try {
      for (const n of missingParts(up)) done += await sendOne(up, n, done);
      check();
      const saved = await calls.complete(up.id);
      id = null;
      forget();
      return saved;
    } catch (err) {
      // A refusal: the upload is dropped or cannot go on; the next try starts afresh. Parts the
      // server says are missing are sent when the file is uploaded again.
      if (!cancelled && isClientError(err) && (err as ApiError).code !== 'parts_missing') {
        id = null;
        forget();
        giveUp(up.id);
      }
      throw err;
    }
  }

  let rejectNow: (err: unknown) => void = () => {};
  const promise = new Promise<FmFile>((resolve, reject) => {
    rejectNow = reject;
    run().then(resolve, reject);
  });
  const abort = () => {
    if (cancelled) return;
    cancelled = true;
    current?.abort();
    rejectNow(abortError());
    forget();
    if (id) giveUp(id);
  };
  return { promise, abort };
}
