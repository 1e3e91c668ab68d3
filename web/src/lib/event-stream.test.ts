import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createEventStreamParser, followEventStream, openEventStream, readEventStream, retryDelay, worthRetrying, type StreamEvent, type StreamState } from './event-stream';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The events a parser gives for `chunks` fed one after another. */
function parse(chunks: string[]) {
  const events: StreamEvent[] = [];
  const parser = createEventStreamParser((e) => events.push(e));
  for (const c of chunks) parser.feed(c);
  return { events, parser };
}

const bytes = (s: string) => new TextEncoder().encode(s);

/** A body that gives these byte chunks, then ends. */
function body(chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

const stream = (chunks: string[], status = 200) =>
  new Response(body(chunks.map(bytes)), { status, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });

const STREAM = 'id: 7\nevent: post\ndata: {"id":7,"body":"Hello"}\n\n: keep-alive\n\nid: 8\nevent: comment\ndata: {"id":8,"parent_id":7}\n\n';

describe('the event-stream parser', () => {
  it('reads events with their type, data and id, and ignores keep-alive comments', () => {
    const { events, parser } = parse([STREAM]);
    expect(events).toEqual([
      { event: 'post', data: '{"id":7,"body":"Hello"}', id: '7' },
      { event: 'comment', data: '{"id":8,"parent_id":7}', id: '8' },
    ]);
    expect(parser.lastEventId).toBe('8');
  });

  it('gives the same events however the text is split: mid-line, mid-event, one character at a time', () => {
    const whole = parse([STREAM]).events;
    for (const size of [1, 2, 3, 5, 7, 11, 17]) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(parse(chunks).events, `chunks of ${size}`).toEqual(whole);
    }
    // Cut inside "data:", inside the JSON, and between the two blank-line characters.
    expect(parse(['id: 7\nev', 'ent: post\nda', 'ta: {"id":7,"bo', 'dy":"Hello"}\n', '\n']).events).toEqual([whole[0]]);
  });

  it('takes \\r\\n and \\r line ends, even with \\r and \\n in different chunks', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parse([crlf]).events).toEqual(parse([STREAM]).events);
    // Each "\r" ends a chunk and its "\n" opens the next: no blank line is seen twice.
    expect(parse(crlf.split(/(?<=\r)/)).events).toEqual(parse([STREAM]).events);
    expect(parse(['data: a\r', 'data: b\r\r']).events).toEqual([{ event: 'message', data: 'a\nb', id: '' }]);
  });

  it('joins data lines, strips one space after the colon, keeps the id for later events and drops an event without data', () => {
    const { events, parser } = parse(['retry: 5000\nid: 3\nevent: ping\n\n', 'data:  two spaces\ndata:second\n\n', ': just a comment\n\n', 'data\n\n']);
    expect(events).toEqual([
      { event: 'message', data: ' two spaces\nsecond', id: '3' },
      { event: 'message', data: '', id: '3' },
    ]);
    expect(parser.retry).toBe(5000);
  });

  it('drops an event cut off by the end of the stream', () => {
    const { events, parser } = parse(['data: whole\n\ndata: half']);
    parser.end();
    parser.feed('\n\n');
    expect(events.map((e) => e.data)).toEqual(['whole']);
  });

  it('decodes Bangla split between byte chunks', async () => {
    const all = bytes('event: post\ndata: {"body":"নতুন পোস্ট"}\n\n');
    const events: StreamEvent[] = [];
    // A cut through every byte position, including inside each three-byte letter.
    for (let cut = 1; cut < all.length; cut++) {
      events.length = 0;
      await readEventStream(body([all.slice(0, cut), all.slice(cut)]), (e) => events.push(e));
      expect(JSON.parse(events[0].data)).toEqual({ body: 'নতুন পোস্ট' });
    }
  });
});

describe('reading a stream with fetch', () => {
  function signedIn() {
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? 'tok' : null), setItem: () => {}, removeItem: () => {} });
  }

  it('sends the app’s Authorization header, the query and Last-Event-ID', async () => {
    signedIn();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => stream([STREAM]));
    vi.stubGlobal('fetch', fetchMock);
    const events: StreamEvent[] = [];
    const opened = vi.fn();
    await openEventStream('/classroom/timeline/stream', { query: { course_batch_id: 3, after: 6 }, lastEventId: '6', onOpen: opened, onEvent: (e) => events.push(e) });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/classroom/timeline/stream?course_batch_id=3&after=6');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers['Last-Event-ID']).toBe('6');
    expect(opened).toHaveBeenCalledOnce();
    expect(events.map((e) => e.id)).toEqual(['7', '8']);
  });

  it('rejects a refusal as an ApiError, and a page that is not a stream', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'No.', code: 'forbidden' }), { status: 403 }));
    await expect(openEventStream('/s', { onEvent: () => {} })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    vi.stubGlobal('fetch', async () => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(openEventStream('/s', { onEvent: () => {} })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('staying connected', () => {
  it('waits 1 s, 2 s, 4 s… up to 30 s between attempts, and retries only what may mend', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(worthRetrying(new ApiError(0, 'x', 'network_error', {}))).toBe(true);
    expect(worthRetrying(new ApiError(503, 'x', 'server_error', {}))).toBe(true);
    expect(worthRetrying(new ApiError(401, 'x', 'unauthenticated', {}))).toBe(false);
    expect(worthRetrying(new ApiError(404, 'x', 'not_found', {}))).toBe(false);
  });

  it('reconnects after a drop with the last id as Last-Event-ID, backing off while it fails, and stops when aborted', async () => {
    const ctrl = new AbortController();
    const answers = [
      () => stream(['id: 7\nevent: post\ndata: {"id":7}\n\n']),
      () => Promise.reject(new TypeError('network')),
      () => new Response('', { status: 502 }),
      () => stream(['id: 9\nevent: comment\ndata: {"id":9}\n\n']),
    ];
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
      const next = answers.shift();
      if (!next) {
        ctrl.abort();
        throw new DOMException('aborted', 'AbortError');
      }
      return next();
    });
    vi.stubGlobal('fetch', fetchMock);
    const waits: number[] = [];
    const states: StreamState[] = [];
    const events: string[] = [];
    await followEventStream('/s', {
      query: { after: 5 },
      signal: ctrl.signal,
      onEvent: (e) => events.push(`${e.event}:${e.id}`),
      onState: (s) => states.push(s),
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(events).toEqual(['post:7', 'comment:9']);
    const sent = fetchMock.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['Last-Event-ID']);
    expect(sent).toEqual([undefined, '7', '7', '7', '9']);
    // The stream ended (1 s), two failures (2 s, 4 s), then it opened (back to 1 s).
    expect(waits).toEqual([1000, 2000, 4000, 1000]);
    expect(states).toContain('open');
    expect(states).toContain('retrying');
  });

  it('stops for good on a refusal that retrying cannot mend', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 'not_found' }), { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    const states: StreamState[] = [];
    await followEventStream('/s', { signal: new AbortController().signal, onEvent: () => {}, onState: (s) => states.push(s), wait: async () => {} });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(states).toEqual(['connecting', 'stopped']);
  });

  it('stops at once when the signal fires during a wait', async () => {
    const ctrl = new AbortController();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503 })));
    await followEventStream('/s', {
      signal: ctrl.signal,
      onEvent: () => {},
      wait: async () => {
        ctrl.abort();
      },
    });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
