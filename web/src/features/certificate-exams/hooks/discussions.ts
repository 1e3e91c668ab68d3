// A certificate exam's discussions as the page holds them: a page of threads per query, what Send
// checks before asking the server, and the cached pages brought up to date after a reply or a
// removal (then loaded again for what others wrote meanwhile).
import { keepPreviousData, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Page } from '../../../lib/types';
import { fetchDiscussions, postDiscussion, removeDiscussion, type DiscussionBody, type DiscussionPost, type DiscussionThread } from '../api/discussions-api';

/** What the server takes, in characters as people count them (graphemes). */
export const MAX_POST_LENGTH = 2000;

export const discussionKeys = {
  course: (courseId: number) => ['certificate-exams', 'discussions', courseId] as const,
  page: (courseId: number, page: number) => ['certificate-exams', 'discussions', courseId, page] as const,
};

export function discussionsQuery(courseId: number, page: number) {
  return {
    queryKey: discussionKeys.page(courseId, page),
    queryFn: () => fetchDiscussions(courseId, page),
    placeholderData: keepPreviousData,
  };
}

/** Characters as the server counts them after trimming (a Bangla conjunct is one). */
export function postLength(text: string): number {
  const trimmed = text.trim();
  if (typeof Intl.Segmenter !== 'function') return [...trimmed].length;
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(trimmed)) n += 1;
  return n;
}

/** What keeps a text from being sent: `required` (nothing but spaces), `too_long`; null when it can go. */
export function postProblem(text: string): 'required' | 'too_long' | null {
  const n = postLength(text);
  if (n === 0) return 'required';
  return n > MAX_POST_LENGTH ? 'too_long' : null;
}

/** Ctrl+Enter (Cmd+Enter on a Mac) sends. */
export const isSendKey = (e: { key: string; ctrlKey: boolean; metaKey: boolean }) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);

type Threads = Page<DiscussionThread>;

/** Every cached page of the course's threads, changed by `change` (each thread in turn). */
function updateThreads(qc: QueryClient, courseId: number, change: (t: DiscussionThread) => DiscussionThread) {
  qc.setQueriesData<Threads>({ queryKey: discussionKeys.course(courseId) }, (page) => (page ? { ...page, data: page.data.map(change) } : page));
}

/** As it shows once removed: no text, nothing more to do with it. */
const asRemoved = <P extends DiscussionPost>(p: P): P => ({ ...p, body: '', removed: true, can_remove: false });

/**
 * Sends a post, or a reply (`parent_id`). A reply shows under its post at once; a new post is on
 * the first page, which the page then shows. Either way the threads are loaded again.
 */
export function postDiscussionMutation(qc: QueryClient, courseId: number): UseMutationOptions<DiscussionPost, Error, DiscussionBody> {
  return {
    mutationFn: (body) => postDiscussion(courseId, body),
    onSuccess: (post) => {
      if (post.parent_id != null) updateThreads(qc, courseId, (t) => (t.id === post.parent_id && !t.replies.some((r) => r.id === post.id) ? { ...t, replies: [...t.replies, post] } : t));
      return qc.invalidateQueries({ queryKey: discussionKeys.course(courseId) });
    },
  };
}

/** Removes a post or a reply: it shows as removed at once, its replies stay. */
export function removeDiscussionMutation(qc: QueryClient, courseId: number): UseMutationOptions<unknown, Error, DiscussionPost> {
  return {
    mutationFn: (post) => removeDiscussion(post.id),
    onSuccess: (_done, post) => {
      updateThreads(qc, courseId, (t) => (t.id === post.id ? asRemoved(t) : t.id === post.parent_id ? { ...t, replies: t.replies.map((r) => (r.id === post.id ? asRemoved(r) : r)) } : t));
      return qc.invalidateQueries({ queryKey: discussionKeys.course(courseId) });
    },
  };
}
