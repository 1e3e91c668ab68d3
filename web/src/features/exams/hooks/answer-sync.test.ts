import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { Answer } from '../api/exams-api';
import type { SavedAnswer } from '../api/exam-front-api';
import { AnswerSync, readStored, retryDelay, storageKey, type StorageLike } from './answer-sync';

class MemoryStorage implements StorageLike {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

const A = 'att-1';
const text = (t: string): Answer => ({ choices: [], text: t, blanks: [], file: null });

interface Call {
  slot: number;
  seq: number;
  answer: Answer;
  resolve: (v: SavedAnswer) => void;
  reject: (e: unknown) => void;
}

/** A server whose answers the test gives by hand, one request at a time. */
function fakeServer() {
  const calls: Call[] = [];
  const send = vi.fn(
    (slot: number, seq: number, answer: Answer) =>
      new Promise<SavedAnswer>((resolve, reject) => {
        calls.push({ slot, seq, answer, resolve, reject });
      }),
  );
  const ack = async (i: number, kept?: number) => {
    const c = calls[i];
    c.resolve({ slot: c.slot, client_seq: kept ?? c.seq, saved_at: '2026-03-01T10:00:00Z', late: false });
    await vi.advanceTimersByTimeAsync(0);
  };
  const fail = async (i: number, err: unknown) => {
    calls[i].reject(err);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { calls, send, ack, fail };
}

let storage: MemoryStorage;
beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('client_seq bookkeeping', () => {
  it('continues above the server’s client_seq of each slot and debounces typing', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage, debounceMs: 800 });
    sync.load([0, 1], [{ slot: 0, client_seq: 7, answer: text('old') }]);
    expect(sync.answer(0)?.text).toBe('old');
    expect(sync.status(0)).toBe('idle');

    sync.change(0, text('n'));
    sync.change(0, text('ne'));
    sync.change(0, text('new'));
    sync.change(1, text('x'));
    expect(sync.seq(0)).toBe(10);
    expect(sync.seq(1)).toBe(1);
    expect(sync.status(0)).toBe('pending');
    await vi.advanceTimersByTimeAsync(799);
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    // One request per slot with the newest text, not one per key press.
    expect(server.calls.map((c) => [c.slot, c.seq, c.answer.text])).toEqual([
      [0, 10, 'new'],
      [1, 1, 'x'],
    ]);
    expect(sync.status(0)).toBe('saving');
    await server.ack(0);
    expect(sync.status(0)).toBe('saved');
    expect(sync.acked(0)).toBe(10);
  });

  it('keeps unsent changes in storage until acknowledged', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage });
    sync.load([3], []);
    sync.change(3, text('draft'));
    expect(readStored(storage, A, 3)).toEqual({ seq: 1, answer: text('draft') });
    void sync.flush(3);
    expect(server.calls).toHaveLength(1);
    expect(readStored(storage, A, 3)?.seq).toBe(1);
    await server.ack(0);
    expect(storage.getItem(storageKey(A, 3))).toBeNull();
  });

  it('sends a change made while a save is on its way after it, with a higher client_seq', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage, debounceMs: 800 });
    sync.load([0], []);
    sync.change(0, text('a'));
    void sync.flush(0);
    sync.change(0, text('ab'));
    await vi.advanceTimersByTimeAsync(800);
    // Still one request: a slot has at most one on its way.
    expect(server.calls).toHaveLength(1);
    await server.ack(0);
    // The first save's acknowledgement leaves the second change in storage, and sends it.
    expect(readStored(storage, A, 0)?.seq).toBe(2);
    expect(sync.status(0)).toBe('saving');
    expect(server.calls.map((c) => [c.seq, c.answer.text])).toEqual([
      [1, 'a'],
      [2, 'ab'],
    ]);
    await server.ack(1);
    expect(sync.status(0)).toBe('saved');
    expect(storage.m.size).toBe(0);
  });

  it('accepts that a newer save is already on the server and numbers the next change above it', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage });
    sync.load([0], [{ slot: 0, client_seq: 2, answer: text('b') }]);
    sync.change(0, text('c'));
    void sync.flush(0);
    await server.ack(0, 9);
    expect(sync.status(0)).toBe('saved');
    expect(sync.acked(0)).toBe(9);
    sync.change(0, text('d'));
    expect(sync.seq(0)).toBe(10);
  });
});

describe('the pending-save queue', () => {
  it('resends unsent answers found in storage after a reload, dropping older ones', async () => {
    storage.setItem(storageKey(A, 0), JSON.stringify({ seq: 5, answer: text('typed offline') }));
    storage.setItem(storageKey(A, 1), JSON.stringify({ seq: 2, answer: text('stale') }));
    storage.setItem(storageKey('other', 0), JSON.stringify({ seq: 99, answer: text('another attempt') }));
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage });
    sync.load([0, 1], [
      { slot: 0, client_seq: 4, answer: text('on server') },
      { slot: 1, client_seq: 3, answer: text('newer on server') },
    ]);
    expect(sync.answer(0)?.text).toBe('typed offline');
    expect(sync.answer(1)?.text).toBe('newer on server');
    expect(sync.status(0)).toBe('pending');
    expect(storage.getItem(storageKey(A, 1))).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((c) => [c.slot, c.seq, c.answer.text])).toEqual([[0, 5, 'typed offline']]);
    await server.ack(0);
    expect(storage.getItem(storageKey(A, 0))).toBeNull();
    expect(storage.getItem(storageKey('other', 0))).not.toBeNull();
  });

  it('ignores broken storage entries', () => {
    storage.setItem(storageKey(A, 0), '{not json');
    storage.setItem(storageKey(A, 1), JSON.stringify({ seq: 'x', answer: {} }));
    const sync = new AnswerSync({ attempt: A, send: fakeServer().send, storage });
    sync.load([0, 1], []);
    expect(sync.status(0)).toBe('idle');
    expect(sync.status(1)).toBe('idle');
  });

  it('goes offline on a network failure, retries with back-off and again when the network is back', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage });
    sync.load([0], []);
    sync.change(0, text('a'));
    void sync.flush(0);
    await server.fail(0, new ApiError(0, 'offline', 'network_error', {}));
    expect(sync.status(0)).toBe('offline');
    expect(readStored(storage, A, 0)?.seq).toBe(1);
    await vi.advanceTimersByTimeAsync(retryDelay(0));
    expect(server.calls).toHaveLength(2);
    await server.fail(1, new ApiError(0, 'offline', 'network_error', {}));
    // The browser says it is online again: no need to wait for the next retry.
    sync.retryAll();
    expect(server.calls).toHaveLength(3);
    expect(server.calls[2].seq).toBe(1);
    await server.ack(2);
    expect(sync.status(0)).toBe('saved');
  });

  it('does not retry what the server refused until the next change', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage });
    sync.load([0], []);
    sync.change(0, text('a'));
    void sync.flush(0);
    await server.fail(0, new ApiError(422, 'bad', 'validation_failed', {}));
    expect(sync.status(0)).toBe('error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    sync.change(0, text('ab'));
    await vi.advanceTimersByTimeAsync(800);
    expect(server.calls.map((c) => c.seq)).toEqual([1, 2]);
  });

  it('stops saving once the attempt is closed', async () => {
    const server = fakeServer();
    const onClosed = vi.fn();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage, onClosed });
    sync.load([0, 1], []);
    sync.change(0, text('a'));
    sync.change(1, text('b'));
    void sync.flush(0);
    await server.fail(0, new ApiError(409, 'closed', 'attempt_closed', {}));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(sync.closed).toBe(true);
    expect(sync.status(1)).toBe('closed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls).toHaveLength(1);
    sync.change(1, text('bc'));
    expect(sync.seq(1)).toBe(1);
  });

  it('flushes everything before a submission and says whether the server has it all', async () => {
    const send = vi.fn(async (slot: number, seq: number) => ({ slot, client_seq: seq, saved_at: '', late: false }));
    const sync = new AnswerSync({ attempt: A, send, storage });
    sync.load([0, 1, 2], []);
    sync.change(0, text('a'));
    sync.change(2, text('c'));
    await expect(sync.flushAll()).resolves.toBe(true);
    expect(send.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      [0, 1],
      [2, 1],
    ]);
    const failing = new AnswerSync({ attempt: 'b', send: async () => Promise.reject(new ApiError(0, '', 'network_error', {})), storage });
    failing.load([0], []);
    failing.change(0, text('x'));
    await expect(failing.flushAll()).resolves.toBe(false);
    failing.dispose();
  });

  it('numbers an upload in the same sequence, without keeping a file in storage', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage });
    sync.load([4], [{ slot: 4, client_seq: 3, answer: { choices: [], text: '', blanks: [], file: 'old.pdf' } }]);
    const seq = sync.beginUpload(4);
    expect(seq).toBe(4);
    expect(sync.status(4)).toBe('saving');
    sync.uploadDone(4, { choices: [], text: '', blanks: [], file: 'map.png' }, { slot: 4, client_seq: 4, saved_at: '', late: false });
    expect(sync.answer(4)?.file).toBe('map.png');
    expect(sync.status(4)).toBe('saved');
    expect(sync.beginUpload(4)).toBe(5);
    sync.uploadFailed(4, new ApiError(0, '', 'network_error', {}));
    expect(sync.answer(4)?.file).toBe('map.png');
    expect(sync.dirty).toBe(false);
    expect(storage.m.size).toBe(0);
  });
});

describe('leaving and coming back', () => {
  it('starts the stopped timers again on resume', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ attempt: A, send: server.send, storage });
    sync.load([0], []);
    sync.change(0, text('a'));
    sync.dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls).toHaveLength(0);
    sync.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((c) => c.seq)).toEqual([1]);
  });
});
