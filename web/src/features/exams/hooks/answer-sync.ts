// Autosave of an attempt's answers, one slot at a time.
//
// Each change of a slot gets the next `client_seq` of that slot (starting above the one the server
// has), is kept in localStorage under the attempt and slot until the server acknowledges it, and
// is sent after a pause in typing (or at once when the learner leaves the question). The server
// keeps the highest client_seq of a slot, so sending an older save again never replaces a newer
// one: unsent answers are simply sent again after a reload or when the network comes back.
//
// Plain TypeScript (no React): the journey page subscribes through useSyncExternalStore.
import { ApiError } from '../../../lib/api-client';
import type { Answer } from '../api/exams-api';
import type { SavedAnswer, SavedSlot } from '../api/exam-front-api';
import { fullAnswer } from './answer-logic';

/**
 * idle: as the server has it, untouched here; pending: changed, waiting to be sent; saving: on its
 * way; saved: the server has the latest change; offline: the network failed, sent again when it is
 * back; error: the server refused or failed, sent again later (or with the next change); closed:
 * the attempt is over, nothing more is saved.
 */
export type SlotStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'error' | 'closed';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredAnswer {
  seq: number;
  answer: Answer;
}

export const DEBOUNCE_MS = 800;
const MAX_AUTO_RETRIES = 8;

/** localStorage key of a slot's unsent answer. */
export function storageKey(attempt: string, slot: number): string {
  return `exam-answer:${attempt}:${slot}`;
}

/** Wait before the n-th automatic retry (n from 0): 2 s, 4 s, 8 s ... at most 30 s. */
export function retryDelay(n: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, n));
}

export function readStored(storage: StorageLike | null, attempt: string, slot: number): StoredAnswer | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(storageKey(attempt, slot));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredAnswer>;
    if (typeof v.seq !== 'number' || !Number.isFinite(v.seq) || !v.answer) return null;
    return { seq: v.seq, answer: fullAnswer(v.answer) };
  } catch {
    return null;
  }
}

function writeStored(storage: StorageLike | null, attempt: string, slot: number, value: StoredAnswer) {
  try {
    storage?.setItem(storageKey(attempt, slot), JSON.stringify(value));
  } catch {
    /* storage full or unavailable: the answer is still sent from memory */
  }
}

function removeStored(storage: StorageLike | null, attempt: string, slot: number) {
  try {
    storage?.removeItem(storageKey(attempt, slot));
  } catch {
    /* nothing to do */
  }
}

/** The failure kinds that decide what happens next. */
export function failureKind(err: unknown): 'offline' | 'closed' | 'retry' | 'refused' {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'offline';
    // 409 attempt_closed (deadline and grace passed, or submitted); 404: not this learner's attempt.
    if (err.status === 409 || err.status === 404) return 'closed';
    if (err.status === 408 || err.status === 429 || err.status >= 500) return 'retry';
    return 'refused';
  }
  if (err instanceof TypeError) return 'offline';
  return 'retry';
}

interface Slot {
  answer: Answer | null;
  /** The client_seq of the newest change made here (or the server's, before any). */
  seq: number;
  /** The highest client_seq the server has acknowledged for this slot. */
  acked: number;
  status: SlotStatus;
  flight: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | null;
  retries: number;
  error: unknown;
  late: boolean;
}

export interface AnswerSyncOptions {
  attempt: string;
  send: (slot: number, clientSeq: number, answer: Answer) => Promise<SavedAnswer>;
  /** Default: window.localStorage when there is one. */
  storage?: StorageLike | null;
  debounceMs?: number;
  /** The attempt closed on the server (deadline and grace passed, or submitted elsewhere). */
  onClosed?: (err: unknown) => void;
  /** Body of a save for a slot (only the members of its type). Default: the answer as it is. */
  body?: (slot: number, answer: Answer) => Answer;
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export class AnswerSync {
  private readonly slots = new Map<number, Slot>();
  private readonly listeners = new Set<() => void>();
  private readonly storage: StorageLike | null;
  private readonly debounceMs: number;
  private version = 0;
  private closedFlag = false;

  constructor(private readonly opts: AnswerSyncOptions) {
    this.storage = opts.storage === undefined ? defaultStorage() : opts.storage;
    this.debounceMs = opts.debounceMs ?? DEBOUNCE_MS;
  }

  /**
   * Starts from the server's answers; a slot with an unsent answer in storage that is newer than
   * the server's shows that answer and sends it again at once. Older stored answers are dropped.
   */
  load(slots: readonly number[], saved: readonly SavedSlot[]) {
    for (const slot of slots) {
      const server = saved.find((s) => s.slot === slot);
      const base = server?.client_seq ?? 0;
      const stored = readStored(this.storage, this.opts.attempt, slot);
      const state: Slot = {
        answer: server ? fullAnswer(server.answer) : null,
        seq: base,
        acked: base,
        status: 'idle',
        flight: null,
        timer: null,
        retries: 0,
        error: null,
        late: false,
      };
      this.slots.set(slot, state);
      if (stored && stored.seq > base) {
        state.answer = stored.answer;
        state.seq = stored.seq;
        state.status = 'pending';
        this.schedule(slot, 0);
      } else if (stored) {
        removeStored(this.storage, this.opts.attempt, slot);
      }
    }
    this.notify();
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  answer(slot: number): Answer | null {
    return this.slots.get(slot)?.answer ?? null;
  }

  status(slot: number): SlotStatus {
    return this.slots.get(slot)?.status ?? 'idle';
  }

  /** The client_seq of the newest change of a slot. */
  seq(slot: number): number {
    return this.slots.get(slot)?.seq ?? 0;
  }

  acked(slot: number): number {
    return this.slots.get(slot)?.acked ?? 0;
  }

  lastError(slot: number): unknown {
    return this.slots.get(slot)?.error ?? null;
  }

  /** Whether any change is not acknowledged yet. */
  get dirty(): boolean {
    for (const s of this.slots.values()) if (s.seq > s.acked) return true;
    return false;
  }

  /** A change of a slot: the next client_seq, kept in storage, sent after the debounce. */
  change(slot: number, answer: Answer) {
    if (this.closedFlag) return;
    const s = this.slot(slot);
    s.seq = Math.max(s.seq, s.acked) + 1;
    s.answer = answer;
    s.retries = 0;
    s.error = null;
    writeStored(this.storage, this.opts.attempt, slot, { seq: s.seq, answer });
    if (!s.flight) s.status = 'pending';
    this.schedule(slot, this.debounceMs);
    this.notify();
  }

  /** Sends a slot's unsent change now (leaving the question). */
  flush(slot: number): Promise<void> {
    const s = this.slots.get(slot);
    if (!s) return Promise.resolve();
    this.clearTimer(s);
    return this.send(slot);
  }

  /** Sends every unsent change and waits for them; true when the server has them all. */
  async flushAll(): Promise<boolean> {
    for (let round = 0; round < 3; round++) {
      const waits: Promise<void>[] = [];
      for (const [slot, s] of this.slots) {
        this.clearTimer(s);
        if (s.flight) waits.push(s.flight);
        else if (s.seq > s.acked) waits.push(this.send(slot));
      }
      if (!waits.length) break;
      await Promise.all(waits);
      if (this.closedFlag) break;
    }
    return !this.dirty;
  }

  /** Sends again whatever failed (the network is back). */
  retryAll() {
    for (const [slot, s] of this.slots) {
      if (s.seq > s.acked && !s.flight && (s.status === 'offline' || s.status === 'error')) {
        s.retries = 0;
        this.clearTimer(s);
        void this.send(slot);
      }
    }
  }

  /** Schedules again whatever is unsent and not on its way (after dispose: a remounted page). */
  resume() {
    if (this.closedFlag) return;
    for (const [slot, s] of this.slots) {
      if (s.seq > s.acked && !s.flight && s.timer === null) this.schedule(slot, 0);
    }
  }

  /**
   * An assignment's file goes up through its own call: it takes the slot's next client_seq here
   * (nothing is kept in storage: a file cannot be sent again from there).
   */
  beginUpload(slot: number): number {
    const s = this.slot(slot);
    this.clearTimer(s);
    s.seq = Math.max(s.seq, s.acked) + 1;
    s.status = 'saving';
    s.error = null;
    removeStored(this.storage, this.opts.attempt, slot);
    this.notify();
    return s.seq;
  }

  uploadDone(slot: number, answer: Answer, saved: SavedAnswer) {
    const s = this.slot(slot);
    s.answer = answer;
    s.acked = Math.max(s.acked, saved.client_seq);
    s.seq = Math.max(s.seq, s.acked);
    s.late = saved.late;
    s.status = 'saved';
    this.notify();
  }

  /** A failed upload changed nothing to save: the slot keeps its earlier file. */
  uploadFailed(slot: number, err: unknown) {
    const s = this.slot(slot);
    s.acked = Math.max(s.acked, s.seq);
    s.error = err;
    const kind = failureKind(err);
    if (kind === 'closed') this.close(err);
    else s.status = kind === 'offline' ? 'offline' : 'error';
    this.notify();
  }

  /** The attempt is over (submitted, or closed by the server): no more saves. */
  close(err?: unknown) {
    if (this.closedFlag) return;
    this.closedFlag = true;
    for (const s of this.slots.values()) {
      this.clearTimer(s);
      if (s.seq > s.acked) s.status = 'closed';
    }
    this.notify();
    if (err !== undefined) this.opts.onClosed?.(err);
  }

  /** Forgets what storage holds for this attempt (after the submission). */
  clearStorage() {
    for (const slot of this.slots.keys()) removeStored(this.storage, this.opts.attempt, slot);
  }

  /** Stops the timers (the page is leaving); resume() starts them again. */
  dispose() {
    for (const s of this.slots.values()) this.clearTimer(s);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getVersion = () => this.version;

  private slot(slot: number): Slot {
    let s = this.slots.get(slot);
    if (!s) {
      s = { answer: null, seq: 0, acked: 0, status: 'idle', flight: null, timer: null, retries: 0, error: null, late: false };
      this.slots.set(slot, s);
    }
    return s;
  }

  private notify() {
    this.version++;
    for (const l of this.listeners) l();
  }

  private clearTimer(s: Slot) {
    if (s.timer !== null) {
      clearTimeout(s.timer);
      s.timer = null;
    }
  }

  private schedule(slot: number, ms: number) {
    const s = this.slot(slot);
    this.clearTimer(s);
    s.timer = setTimeout(() => {
      s.timer = null;
      void this.send(slot);
    }, ms);
  }

  private send(slot: number): Promise<void> {
    const s = this.slots.get(slot);
    if (!s || this.closedFlag) return Promise.resolve();
    // One request per slot at a time; a change made meanwhile goes when it comes back.
    if (s.flight) return s.flight;
    if (s.seq <= s.acked || !s.answer) return Promise.resolve();
    const sent = s.seq;
    const answer = s.answer;
    s.status = 'saving';
    this.notify();
    const body = this.opts.body ? this.opts.body(slot, answer) : answer;
    s.flight = this.opts.send(slot, sent, body).then(
      (saved) => this.settled(slot, sent, saved),
      (err: unknown) => this.failed(slot, err),
    );
    return s.flight;
  }

  private settled(slot: number, sent: number, saved: SavedAnswer) {
    const s = this.slot(slot);
    s.flight = null;
    const kept = Number(saved?.client_seq);
    if (Number.isFinite(kept) && kept >= sent) {
      // Acknowledged (or a newer save of this slot was already there: ours is not needed).
      s.acked = Math.max(s.acked, kept);
      s.seq = Math.max(s.seq, s.acked);
      s.retries = 0;
      s.error = null;
      s.late = !!saved.late;
      const stored = readStored(this.storage, this.opts.attempt, slot);
      if (stored && stored.seq <= s.acked) removeStored(this.storage, this.opts.attempt, slot);
      if (this.closedFlag) s.status = s.seq > s.acked ? 'closed' : 'saved';
      else if (s.seq > s.acked) {
        s.status = 'pending';
        this.schedule(slot, s.timer === null ? 0 : this.debounceMs);
      } else s.status = 'saved';
    } else {
      // The server kept an older one: this save changed nothing. Kept in storage; tried again later.
      s.error = null;
      this.retryLater(slot, 'error');
    }
    this.notify();
  }

  private failed(slot: number, err: unknown) {
    const s = this.slot(slot);
    s.flight = null;
    s.error = err;
    const kind = failureKind(err);
    if (kind === 'closed') {
      s.status = 'closed';
      this.close(err);
      return;
    }
    if (kind === 'refused') s.status = 'error';
    else this.retryLater(slot, kind === 'offline' ? 'offline' : 'error');
    this.notify();
  }

  private retryLater(slot: number, status: 'offline' | 'error') {
    const s = this.slot(slot);
    s.status = status;
    if (this.closedFlag || s.retries >= MAX_AUTO_RETRIES) return;
    const delay = retryDelay(s.retries);
    s.retries++;
    this.schedule(slot, delay);
  }
}
