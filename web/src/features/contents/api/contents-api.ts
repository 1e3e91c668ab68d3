// The content bank (docs/api-content-bank.md): reusable teaching material of one site, its parts in
// order (a file of the file manager, a text, a quiz of the Exam Centre), what authors write and
// share, and what learners enrol in, go through, review and are recommended.
import { api } from '../../../lib/api-client';
import type { PickerFile } from '../../../lib/file-picker-api';
import type { DataEnvelope, Page } from '../../../lib/types';

/** The kinds of content (SPEC §3), in the order the type select offers them. */
export const CONTENT_TYPES = [
  'video',
  'audio',
  'document',
  'image',
  'manual',
  'presentation',
  'quiz',
  'exam',
  'assignment',
  'survey',
  'discussion',
  'interview',
  'project',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The list's tabs: the caller's own, others' published, enrolled in, shared with the caller. */
export const LIST_TYPES = ['my', 'other', 'purchase', 'shared'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export const PART_KINDS = ['file', 'text', 'quiz'] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** The file types a file part may hold (the picker's type when adding one). */
export const PART_FILE_TYPES = ['video', 'audio', 'document', 'image'] as const;
export type PartFileType = (typeof PART_FILE_TYPES)[number];

/** Someone an item is shared with (the owner sees them; [] for anyone else). */
export interface ContentPerson {
  id: number;
  name: string;
  email?: string | null;
  phone?: string | null;
}

/** The caller's enrolment in an item. */
export interface Enrollment {
  id: number;
  content_id: number;
  done_parts: number;
  total_parts: number;
  /** Set once the last part is done. */
  completed_at: string | null;
}

export interface ContentItem {
  id: number;
  title: string;
  title_bn: string;
  description: string;
  description_bn: string;
  content_type: ContentType;
  category_id: number | null;
  category: { id: number; title: string; bn_title: string | null } | null;
  /** Hours and minutes to go through it: "1:30", "12:05". */
  duration: string;
  /** Enrolment opens on this day (YYYY-MM-DD); null: at once. */
  start_date: string | null;
  published: boolean;
  /** A signed link to the cover picture (an hour). */
  cover: string | null;
  cover_file_id: number | null;
  owner_id: number;
  owner_name: string | null;
  parts_count: number;
  learners_count: number;
  /** The mean rating with one decimal; null before any review. */
  rating: number | null;
  reviews_count: number;
  /** The caller owns it. */
  mine: boolean;
  shared_with: ContentPerson[];
  enrollment: Enrollment | null;
  created_at: string;
  updated_at: string;
}

/** A file of the file manager as a part plays it. */
export type PartFile = PickerFile & { mime?: string | null };

export interface Part {
  id: number;
  position: number;
  title: string;
  title_bn: string;
  kind: PartKind;
  /** The owner, colleagues it is shared with and enrolled learners get `file`, `body` and `exam`; others null. */
  file: PartFile | null;
  /** Clean HTML of a text part. */
  body: string | null;
  exam: { id: number; uuid: string; title: string; title_bn: string } | null;
  /** The caller finished it. */
  done: boolean;
  /** Every earlier part is done: the caller may open it. */
  open: boolean;
}

export interface ContentDetail extends ContentItem {
  parts: Part[];
}

export interface Review {
  id: number;
  rating: number;
  comment: string;
  user_name: string | null;
  created_at: string;
}

export interface PartInput {
  /** Kept parts carry their id (learners keep their progress); new ones none. */
  id?: number;
  title: string;
  title_bn: string;
  kind: PartKind;
  file_id?: number;
  body?: string;
  exam_id?: number;
}

export interface ContentInput {
  title: string;
  title_bn: string;
  description: string;
  description_bn: string;
  content_type: ContentType | '';
  category_id: number | null;
  /** "H:MM". */
  duration: string;
  start_date: string | null;
  published: boolean;
  cover_file_id: number | null;
  parts: PartInput[];
  /** E-mail addresses or mobile numbers of colleagues: the whole list. */
  shared_with: string[];
}

export interface ContentListParams {
  type: ListType;
  page: number;
  limit?: number;
  title?: string;
  content_type?: ContentType | '';
  cat_id?: number | null;
}

const BASE = '/content-bank/content';
const FRONT = '/content-bank-front/content';

/** A page of a tab's items, latest updated first. 422 `invalid_choice` for another type. */
export function fetchContents({ type, page, limit, title, content_type, cat_id }: ContentListParams, signal?: AbortSignal) {
  return api<Page<ContentItem>>(`${BASE}/list`, { query: { type, page, limit, title, content_type, cat_id }, signal });
}

/** One item with its parts: the caller's, one shared with them, or a published one (404 otherwise). */
export function fetchContent(id: number, signal?: AbortSignal) {
  return api<DataEnvelope<ContentDetail>>(`${BASE}/view`, { query: { id }, signal }).then((r) => r.data);
}

/** 201 with the item; 422 with `errors` on the fields at fault. */
export function createContent(body: ContentInput) {
  return api<DataEnvelope<ContentDetail>>(`${BASE}/create`, { method: 'POST', body }).then((r) => r.data);
}

/** The owner's update: parts without an id are added, those left out removed (409 `content_in_use`). */
export function updateContent(id: number, body: ContentInput) {
  return api<DataEnvelope<ContentDetail>>(`${BASE}/update`, { method: 'PUT', body: { id, ...body } }).then((r) => r.data);
}

/** 409 `content_in_use` (a course lesson uses a part), `content_has_learners`. */
export function deleteContent(id: number) {
  return api<DataEnvelope<{ done: boolean }>>(`${BASE}/delete/${id}`, { method: 'DELETE' }).then((r) => r.data);
}

/** 201 (200 when already enrolled); 409 `content_not_started`, `content_empty`; 404 unpublished. */
export function enrollContent(id: number) {
  return api<DataEnvelope<Enrollment>>(`${FRONT}/enroll/${id}`, { method: 'POST' }).then((r) => r.data);
}

/** The item with `done` and `open` per part; 403 `not_enrolled`. */
export function fetchOrderedContent(id: number, signal?: AbortSignal) {
  return api<DataEnvelope<ContentDetail>>(`${FRONT}/view_ordered_content/${id}`, { signal }).then((r) => r.data);
}

/** A part other than a quiz is done; 409 `previous_part_incomplete`, `quiz_not_attempted`. */
export function completePart(enrollmentId: number, partId: number) {
  return api<DataEnvelope<Enrollment>>(`${FRONT}/complete-part/${enrollmentId}`, { method: 'POST', body: { part_id: partId } }).then((r) => r.data);
}

/** Hands in the open attempt at a quiz part's exam and marks the part done; 409 `quiz_not_attempted`. */
export function submitQuizPart(enrollmentId: number, partId: number) {
  return api<DataEnvelope<Enrollment>>(`${FRONT}/quiz-submit/${enrollmentId}`, { method: 'POST', body: { part_id: partId } }).then((r) => r.data);
}

/** One review per person and item (sending again replaces it); 403 `not_enrolled`, 422 `rating` `invalid_rating`. */
export function reviewContent(id: number, body: { rating: number; comment: string }) {
  return api<DataEnvelope<Review>>(`${FRONT}/review-content/${id}`, { method: 'POST', body }).then((r) => r.data);
}

export function fetchContentReviews(id: number, page: number, limit: number, signal?: AbortSignal) {
  return api<Page<Review>>(`${FRONT}/view-reviews/${id}`, { query: { page, limit }, signal });
}

/** Published items not the caller's and not enrolled in (1 to 12). */
export function fetchRecommendations(limit: number, signal?: AbortSignal) {
  return api<DataEnvelope<ContentItem[]>>(`${FRONT}/view-recomendations`, { query: { limit }, signal, silent: true }).then((r) => r.data ?? []);
}
