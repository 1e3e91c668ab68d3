// Server-sent events (text/event-stream) read with fetch. EventSource cannot send the app's
// headers (Authorization, the role headers), so the stream is fetched with them (as api-client.ts
// builds them) and parsed here by the HTML standard's rules: `field: value` lines, `data:` lines
// joined with a line break, `id:` kept for later events, lines starting with ':' ignored (the
// server's keep-alives), a blank line ending an event. `followEventStream` stays connected: after
// a dropped connection it waits (1 s, 2 s, 4 s… up to 30 s) and resumes with `Last-Event-ID`,
// until its AbortSignal fires.
import { ApiError, buildHeaders, buildUrl, parseApiError, type RequestOptions } from './api-client';

export interface StreamEvent {
  /** The `event:` field; "message" when none was given. */
  event: string;
  /** The `data:` lines, joined with "\n". */
  data: string;
  /** The last `id:` the stream gave (it carries over to later events); '' for none. */
  id: string;
}

export interface EventStreamParser {
  /** Text as it arrives, split anywhere (mid-line, mid-event, between "\r" and "\n"). */
  feed(text: string): void;
  /** The stream ended: an event not closed by its blank line is dropped (the standard's rule). */
  end(): void;
  /** The last `id:` seen. */
  readonly lastEventId: string;
  /** The last `retry:` given (milliseconds), or null. */
  readonly retry: number | null;
}

/** An incremental parser of text/event-stream that calls `onEvent` for every complete event. */
export function createEventStreamParser(onEvent: (event: StreamEvent) => void): EventStreamParser {
  let buffer = '';
  // The previous text ended with "\r": a "\n" opening the next one belongs to that line break.
  let afterCr = false;
  let data: string[] = [];
  let type = '';
  let lastId = '';
  let retry: number | null = null;

  const dispatch = () => {
    if (data.length) onEvent({ event: type || 'message', data: data.join('\n'), id: lastId });
    data = [];
    type = '';
  };

  const line = (l: string) => {
    if (l === '') return dispatch();
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id') {
      if (!value.includes('\u0000')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    feed(text: string) {
      let s = text;
      if (afterCr && s.startsWith('\n')) s = s.slice(1);
      afterCr = false;
      buffer += s;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else {
            afterCr = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      afterCr = false;
      data = [];
      type = '';
    },
    get lastEventId() {
      return lastId;
    },
    get retry() {
      return retry;
    },
  };
}

/** Reads a stream of bytes (UTF-8, characters may be split between chunks) to its end, event by event. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const parser = createEventStreamParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    parser.end();
    reader.releaseLock();
  }
}

export interface OpenStreamOptions {
  query?: RequestOptions['query'];
  /** Sent as `Last-Event-ID`: the server resumes after it. */
  lastEventId?: string;
  signal?: AbortSignal;
  /** The server answered 200 with a stream. */
  onOpen?: () => void;
  onEvent: (event: StreamEvent) => void;
}

/**
 * One connection: GETs `path` with the app's headers and reads its events until the server ends
 * the stream. Rejects with an ApiError for a refusal (as `api` does), or when the answer is not an
 * event stream; with the AbortError when `signal` fires.
 */
export async function openEventStream(path: string, { query, lastEventId, signal, onOpen, onEvent }: OpenStreamOptions): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      headers: buildHeaders({ Accept: 'text/event-stream', 'Cache-Control': 'no-cache', ...(lastEventId && { 'Last-Event-ID': lastEventId }) }),
      cache: 'no-store',
      signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw parseApiError(0, null);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown = text || null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    throw parseApiError(res.status, body);
  }
  if (!(res.headers.get('Content-Type') ?? '').startsWith('text/event-stream') || !res.body) {
    // The app's own page (the SPA fallback), or something else that is not a stream.
    throw parseApiError(502, null);
  }
  onOpen?.();
  try {
    await readEventStream(res.body, onEvent);
  } catch (e) {
    if ((e as Error)?.name === 'AbortError' || signal?.aborted) throw e;
    // The connection dropped mid-stream.
    throw parseApiError(0, null);
  }
}

/** connecting: asking; open: receiving; retrying: waiting to reconnect; stopped: refused for good (a 4xx). */
export type StreamState = 'connecting' | 'open' | 'retrying' | 'stopped';

/** The wait before reconnection `attempt` (from 0): 1 s, 2 s, 4 s… at most 30 s. */
export function retryDelay(attempt: number, first = 1000, max = 30_000): number {
  return Math.min(max, first * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** Whether trying again may help: a lost connection, a server error, 408 or 429; not any other refusal. */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Waits `ms`, or less when `signal` fires. */
export function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export interface FollowOptions extends Omit<OpenStreamOptions, 'signal' | 'onOpen'> {
  /** Ends the stream for good (the page left). */
  signal: AbortSignal;
  onState?: (state: StreamState, detail?: { delay?: number; error?: unknown }) => void;
  /** How a pause is waited (tests pass their own). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Stays connected to an event stream until `signal` fires: a dropped connection (or one the server
 * ended) is opened again after 1 s, 2 s, 4 s… (30 s at most; back to 1 s once one opens), sending
 * the last event's id as `Last-Event-ID` so that nothing is lost. A refusal that retrying cannot
 * mend (401, 403, 404, 422) stops it. Resolves when it stops.
 */
export async function followEventStream(path: string, options: FollowOptions): Promise<void> {
  const { signal, onState, onEvent, query, wait = abortableWait } = options;
  let lastId = options.lastEventId ?? '';
  let attempt = 0;
  while (!signal.aborted) {
    onState?.('connecting');
    try {
      await openEventStream(path, {
        query,
        lastEventId: lastId || undefined,
        signal,
        onOpen: () => {
          attempt = 0;
          onState?.('open');
        },
        onEvent: (e) => {
          if (e.id) lastId = e.id;
          onEvent(e);
        },
      });
    } catch (error) {
      if (signal.aborted) return;
      if (!worthRetrying(error)) {
        onState?.('stopped', { error });
        return;
      }
    }
    if (signal.aborted) return;
    const delay = retryDelay(attempt++);
    onState?.('retrying', { delay });
    await wait(delay, signal);
  }
}
