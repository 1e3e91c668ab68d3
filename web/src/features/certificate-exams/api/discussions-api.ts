// A certificate exam's discussions (docs/api-certificate-exams.md "Discussions"): candidates ask,
// its teachers answer. Posts with replies one level below them; the text is plain text.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Done, Page } from '../../../lib/types';

export interface DiscussionPost {
  id: number;
  /** The post this replies to; null for a post. */
  parent_id: number | null;
  user_id: number;
  user_name: string;
  /** Plain text (shown as text, never as HTML); empty once removed. */
  body: string;
  removed: boolean;
  /** Written by one of the site's teachers or admins. */
  by_teacher: boolean;
  created_at: string;
  /** Whether the caller may remove it (its writer, or an author of the site). */
  can_remove: boolean;
}

/** A post and its replies, oldest first. */
export type DiscussionThread = DiscussionPost & { replies: DiscussionPost[] };

export const DISCUSSION_PAGE_SIZE = 10;

/** Posts newest first. 403 for someone neither enrolled in the exam nor one of its authors. */
export function fetchDiscussions(courseId: number, page: number) {
  return api<Page<DiscussionThread>>('/assessment/discussions-one', { query: { course_id: courseId, page, limit: DISCUSSION_PAGE_SIZE } });
}

export interface DiscussionBody {
  /** The post answered; absent for a new post. */
  parent_id?: number;
  body: string;
}

/** 422 `body` (empty, too long) or `parent_id` (a reply, or a removed post). */
export function postDiscussion(courseId: number, body: DiscussionBody) {
  return api<DataEnvelope<DiscussionPost>>('/assessment/discussions-store', { method: 'POST', body: { course_id: courseId, ...body } }).then((r) => r.data);
}

/** Its text goes; its replies stay. */
export function removeDiscussion(id: number) {
  return api<DataEnvelope<Done>>(`/assessment/discussions/${id}`, { method: 'DELETE' }).then((r) => r.data);
}
