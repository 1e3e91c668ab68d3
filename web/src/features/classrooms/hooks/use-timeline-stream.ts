// The timeline, live: while the timeline tab is open, new posts and comments arrive over the
// server's event stream (GET /classroom/timeline/stream, read with lib/event-stream.ts) and are put
// where the page shows them, without reading the timeline again: a post on top (unless it is
// there already), a comment under its post. The stream starts after the newest id the page has,
// resumes after the last event it gave when the connection drops, and ends with the tab.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { followEventStream, type StreamEvent, type StreamState } from '../../../lib/event-stream';
import { TIMELINE_STREAM, type Post, type StreamedRow } from '../api/classrooms-api';
import { withStreamedComment, withStreamedCommentInPages, withStreamedPost, type TimelineData } from './classroom-format';
import { classroomKeys } from './use-classrooms';

/** What arrived, for the page to announce ("New post from …"). */
export interface Arrival {
  kind: 'post' | 'comment';
  name: string;
  /** Counts up with each arrival, so that the same words are announced again. */
  n: number;
}

/** The row an event carries; null for anything else (an event of another type, data that is not a row). */
export function streamedRow(e: StreamEvent): { kind: 'post' | 'comment'; row: StreamedRow } | null {
  if (e.event !== 'post' && e.event !== 'comment') return null;
  try {
    const row = JSON.parse(e.data) as StreamedRow;
    if (!row || typeof row.id !== 'number') return null;
    if (e.event === 'comment' && typeof row.parent_id !== 'number') return null;
    return { kind: e.event, row };
  } catch {
    return null;
  }
}

/**
 * Puts one event's row where the class's timeline shows it (its pages, and the pinned posts for a
 * comment); whether it was new there.
 */
export function applyTimelineEvent(qc: QueryClient, classroomId: number, e: StreamEvent): { kind: 'post' | 'comment'; row: StreamedRow } | null {
  const found = streamedRow(e);
  if (!found) return null;
  const { kind, row } = found;
  const key = classroomKeys.timeline(classroomId);
  const data = qc.getQueryData<TimelineData>(key);
  let added = false;
  if (kind === 'post') {
    const next = data && withStreamedPost(data, row);
    if (next) {
      qc.setQueryData(key, next);
      added = true;
    }
  } else {
    const next = data && withStreamedCommentInPages(data, row);
    if (next) {
      qc.setQueryData(key, next);
      added = true;
    }
    const pinned = qc.getQueryData<Post[]>(classroomKeys.pinned(classroomId));
    const pinnedNext = pinned && withStreamedComment(pinned, row);
    if (pinnedNext) {
      qc.setQueryData(classroomKeys.pinned(classroomId), pinnedNext);
      added = true;
    }
  }
  return added ? found : null;
}

export interface TimelineFollow {
  signal: AbortSignal;
  /** The newest id the page has: the stream sends what came after it. */
  after: number | null;
  onState?: (state: StreamState) => void;
  onArrival?: (kind: 'post' | 'comment', row: StreamedRow) => void;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Follows a class's timeline until `signal` fires (apart from React, for the tests). */
export function followTimeline(qc: QueryClient, classroomId: number, { signal, after, onState, onArrival, wait }: TimelineFollow) {
  return followEventStream(TIMELINE_STREAM, {
    query: { course_batch_id: classroomId, after },
    signal,
    wait,
    onState,
    onEvent: (e) => {
      const added = applyTimelineEvent(qc, classroomId, e);
      if (added) onArrival?.(added.kind, added.row);
    },
  });
}

/**
 * Follows the timeline while the component is mounted and `ready` (its first page is there);
 * `newest()` is read when the stream starts. The stream's state and the last arrival.
 */
export function useTimelineStream(classroomId: number, ready: boolean, newest: () => number | null) {
  const qc = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const [arrival, setArrival] = useState<Arrival | null>(null);
  const newestRef = useRef(newest);
  useEffect(() => {
    newestRef.current = newest;
  });

  useEffect(() => {
    if (!ready) return;
    const ctrl = new AbortController();
    void followTimeline(qc, classroomId, {
      signal: ctrl.signal,
      // An empty timeline asks for everything (0), so that nothing written meanwhile is missed.
      after: newestRef.current() ?? 0,
      onState: setState,
      onArrival: (kind, row) => setArrival((a) => ({ kind, name: row.user_name?.trim() ?? '', n: (a?.n ?? 0) + 1 })),
    });
    return () => ctrl.abort();
  }, [qc, classroomId, ready]);

  return { state, arrival };
}
