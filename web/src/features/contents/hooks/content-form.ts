// The content editor's values (/contents/edit/:id), the checks the server makes again
// (docs/api-content-bank.md, ContentInput), the body create / update take, and the parts' order.
// Apart from React so that the rules are tested alone.
import { asciiDigits, localDigits } from '../../../lib/digits';
import { shareList, splitLogins } from '../../../lib/share-people';
import { hasBody } from '../../publishing/hooks/post-form';
import { CONTENT_TYPES, LIST_TYPES, type ContentDetail, type ContentInput, type ContentPerson, type ContentType, type ListType, type PartFile, type PartKind } from '../api/contents-api';

/** One part as the editor holds it. */
export interface PartValues {
  /** Stable while the parts move (React's key). */
  key: string;
  /** A saved part's id (sent back so that learners keep their progress); null for a new one. */
  id: number | null;
  kind: PartKind;
  title: string;
  title_bn: string;
  /** A file part's file, as the picker or the server gave it. */
  file: PartFile | null;
  /** A text part's HTML. */
  body: string;
  /** A quiz part's exam. */
  exam_id: number | null;
}

export interface ContentFormValues {
  title: string;
  title_bn: string;
  description: string;
  description_bn: string;
  content_type: ContentType | '';
  /** The select's value: '' for none. */
  category_id: string;
  /** H:MM as typed (Bangla digits too). */
  duration: string;
  /** YYYY-MM-DD or ''. */
  start_date: string;
  published: boolean;
  cover_file_id: number | null;
  /** The cover's address, for its preview. */
  cover: string | null;
  parts: PartValues[];
  /** Colleagues it is shared with, kept. */
  shared: ContentPerson[];
  /** E-mail addresses or mobile numbers added. */
  share_added: string[];
  /** What is being typed in the sharing field (it counts too when saving). */
  share_typed: string;
}

/** The fields of the item the server may refuse, in the form's order. */
export const CONTENT_FIELDS = ['title', 'title_bn', 'description', 'description_bn', 'content_type', 'category_id', 'duration', 'start_date', 'cover_file_id', 'published', 'shared_with', 'parts'] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

/** The fields of one part the server may refuse (`parts.{i}.<field>`). */
export const PART_FIELDS = ['title', 'title_bn', 'kind', 'id', 'file_id', 'body', 'exam_id'] as const;
export type PartField = (typeof PART_FIELDS)[number];

/** The server's limits. */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const PARTS_MAX = 100;

/** `parts.{i}.<field>`: how the server names a part's field. */
export function partField(index: number, field: PartField): string {
  return `parts.${index}.${field}`;
}

/** Every field name of the form with `count` parts: the item's, then each part's. */
export function formFields(count: number): string[] {
  const out: string[] = [...CONTENT_FIELDS];
  for (let i = 0; i < count; i++) for (const f of PART_FIELDS) out.push(partField(i, f));
  return out;
}

let lastKey = 0;

/** A new part of `kind` (a file part with its file, titled as the file is). */
export function newPart(kind: PartKind, file: PartFile | null = null): PartValues {
  lastKey += 1;
  return { key: `new-${lastKey}`, id: null, kind, title: file?.title ?? '', title_bn: '', file, body: '', exam_id: null };
}

/** A new item's values, or a saved one's to edit (its duration in the interface's digits). */
export function contentValues(item: ContentDetail | null, lang = 'en'): ContentFormValues {
  return {
    title: item?.title ?? '',
    title_bn: item?.title_bn ?? '',
    description: item?.description ?? '',
    description_bn: item?.description_bn ?? '',
    content_type: item?.content_type ?? '',
    category_id: item?.category_id != null ? String(item.category_id) : '',
    duration: item?.duration ? localDigits(item.duration, lang) : '',
    start_date: item?.start_date ?? '',
    published: item?.published ?? false,
    cover_file_id: item?.cover_file_id ?? null,
    cover: item?.cover ?? null,
    parts: (item?.parts ?? []).map((p) => ({
      key: `saved-${p.id}`,
      id: p.id,
      kind: p.kind,
      title: p.title ?? '',
      title_bn: p.title_bn ?? '',
      file: p.file,
      body: p.body ?? '',
      exam_id: p.exam?.id ?? null,
    })),
    shared: item?.shared_with ?? [],
    share_added: [],
    share_typed: '',
  };
}

/**
 * A duration typed as hours:minutes (Bangla digits too, a bare number is hours) as the server reads
 * it, "H:MM" (hours 0-999, minutes 00-59); null when it is not one.
 */
export function parseDuration(typed: string): string | null {
  const m = /^(\d{1,3})(?:\s*:\s*([0-5]?\d))?$/.exec(asciiDigits(typed.trim()));
  return m ? `${Number(m[1])}:${(m[2] ?? '0').padStart(2, '0')}` : null;
}

/** The minutes of an "H:MM" duration; null when it is not one. */
export function durationMinutes(hm: string | null | undefined): number | null {
  const v = hm ? parseDuration(hm) : null;
  if (!v) return null;
  const [h, m] = v.split(':').map(Number);
  return h * 60 + m;
}

/** `parts` with the part at `index` moved `by` places (-1 up, 1 down); the same array when it cannot move. */
export function movePart<P>(parts: readonly P[], index: number, by: number): readonly P[] {
  const to = index + by;
  if (index < 0 || index >= parts.length || to < 0 || to >= parts.length || by === 0) return parts;
  const out = [...parts];
  const [moved] = out.splice(index, 1);
  out.splice(to, 0, moved);
  return out;
}

/** `parts` without the one at `index`. */
export function removePart<P>(parts: readonly P[], index: number): P[] {
  return parts.filter((_, i) => i !== index);
}

/** What is wrong with the values before they are sent (the server checks again), per field, as a code. */
export function contentProblems(v: ContentFormValues): Record<string, string> {
  const out: Record<string, string> = {};
  if (!v.title.trim() && !v.title_bn.trim()) out.title = 'title_required';
  if (!v.content_type) out.content_type = 'type_required';
  if (!v.duration.trim()) out.duration = 'duration_required';
  else if (!parseDuration(v.duration)) out.duration = 'duration_not_hm';
  if (v.start_date && !/^\d{4}-\d{2}-\d{2}$/.test(v.start_date)) out.start_date = 'invalid_date';
  if (v.parts.length > PARTS_MAX) out.parts = 'too_many_parts';
  v.parts.forEach((p, i) => {
    if (!p.title.trim() && !p.title_bn.trim()) out[partField(i, 'title')] = 'title_required';
    if (p.kind === 'file' && !p.file) out[partField(i, 'file_id')] = 'file_required';
    if (p.kind === 'quiz' && p.exam_id == null) out[partField(i, 'exam_id')] = 'exam_required';
    if (p.kind === 'text' && !hasBody(p.body)) out[partField(i, 'body')] = 'body_required';
  });
  return out;
}

/** The body of create / update: trimmed texts, the parts in order with their ids, the whole sharing list. */
export function contentBody(v: ContentFormValues): ContentInput {
  return {
    title: v.title.trim(),
    title_bn: v.title_bn.trim(),
    description: v.description.trim(),
    description_bn: v.description_bn.trim(),
    content_type: v.content_type,
    category_id: v.category_id ? Number(v.category_id) : null,
    duration: parseDuration(v.duration) ?? asciiDigits(v.duration.trim()),
    start_date: v.start_date || null,
    published: v.published,
    cover_file_id: v.cover_file_id,
    parts: v.parts.map((p) => ({
      ...(p.id != null && { id: p.id }),
      title: p.title.trim(),
      title_bn: p.title_bn.trim(),
      kind: p.kind,
      ...(p.kind === 'file' && p.file && { file_id: p.file.id }),
      ...(p.kind === 'text' && { body: p.body }),
      ...(p.kind === 'quiz' && p.exam_id != null && { exam_id: p.exam_id }),
    })),
    shared_with: shareList(v.shared, [...v.share_added, ...splitLogins(v.share_typed)]),
  };
}

/** `?type=`: one of the tabs the caller has (authors all four, others Others' content and Enrolled), else their first. */
export function listTypeParam(value: string | null, author: boolean): ListType {
  const tabs = listTabs(author);
  return tabs.includes(value as ListType) ? (value as ListType) : tabs[0];
}

/** The list's tabs for an author, or for anyone else. */
export function listTabs(author: boolean): readonly ListType[] {
  return author ? LIST_TYPES : ['other', 'purchase'];
}

/** `?content_type=`: one of the types, else every type (''). */
export function contentTypeParam(value: string | null): ContentType | '' {
  return (CONTENT_TYPES as readonly string[]).includes(value ?? '') ? (value as ContentType) : '';
}
