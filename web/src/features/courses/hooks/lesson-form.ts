// Rules of the lesson dialog: which types carry media (a link or an uploaded file), what files each
// accepts, the manual body kept as simple HTML (the server stores sanitised HTML), and the exam a
// quiz or exam lesson is taken through.
import { ApiError } from '../../../lib/api-client';
import type { PickerFile, PickerFileType } from '../../../lib/file-picker-api';
import { isExamLesson } from '../../../lib/lesson-kinds';
import type { Lesson, LessonBody, LessonType } from '../api/courses-api';

export const MEDIA_TYPES: LessonType[] = ['video', 'audio', 'document', 'image', 'presentation'];
export const BODY_TYPES: LessonType[] = ['manual', 'discussion'];
export const LESSON_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const LESSON_FILE_MAX_MB = LESSON_FILE_MAX_BYTES / (1024 * 1024);

const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.odp,.ods,.txt';
export const FILE_ACCEPT: Record<string, string> = {
  video: 'video/*',
  audio: 'audio/*',
  image: 'image/*',
  document: DOCUMENT_ACCEPT,
  presentation: '.pdf,.ppt,.pptx,.odp',
};

/** The file manager's type a media lesson takes its file from (a presentation is a document there). */
export const PICKER_TYPE: Record<string, PickerFileType> = {
  video: 'video',
  audio: 'audio',
  document: 'document',
  image: 'image',
  presentation: 'document',
};

export function isMediaType(t: string): boolean {
  return (MEDIA_TYPES as string[]).includes(t);
}

export function isBodyType(t: string): boolean {
  return (BODY_TYPES as string[]).includes(t);
}

/** Quiz and exam lessons: taken through an exam of the Exam Centre, which the author must choose. */
export const isExamType = isExamLesson;

export type MediaSource = 'url' | 'file';

/**
 * What a file picked in the file manager does to the form: a link (a YouTube video kept as a
 * file) becomes the lesson's link; a stored file is copied to the lesson once it is saved.
 */
export function pickedMedia(file: PickerFile): { source: 'url'; media_url: string } | { source: 'file'; stored: PickerFile } {
  return file.is_url ? { source: 'url', media_url: file.file_main_path } : { source: 'file', stored: file };
}

/**
 * The words for a refused file of the file manager: the server's own message for `file_id`
 * (already in the caller's language and about this call), else null (the generic error text).
 */
export function managerFileProblem(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null;
  const message = err.fieldErrors.file_id?.[0]?.trim();
  return message && !/^[a-z_]+$/.test(message) ? message : null;
}

/** The dialog's fields, named as the server names them in a 422's field errors. */
export const LESSON_FIELDS = ['title', 'title_bn', 'lesson_type', 'media_url', 'body', 'duration_minutes', 'exam_id'] as const;

export interface LessonFormValues {
  title_bn: string;
  title: string;
  lesson_type: LessonType;
  source: MediaSource;
  media_url: string;
  body: string;
  /** '' = not given. */
  duration_minutes: string;
  /** Quiz and exam lessons: the chosen exam (null = none chosen yet). */
  exam_id: number | null;
}

/** The form of lesson `l`, or of a new lesson of type `newType`. */
export function lessonValues(l: Lesson | null, newType: LessonType = 'video'): LessonFormValues {
  const type = (l?.lesson_type ?? newType) as LessonType;
  return {
    title_bn: l?.title_bn ?? '',
    title: l?.title ?? '',
    lesson_type: type,
    source: l && l.has_file && !l.media_url ? 'file' : 'url',
    media_url: l?.media_url ?? '',
    body: htmlToText(l?.body ?? ''),
    duration_minutes: l?.duration_minutes != null ? String(l.duration_minutes) : '',
    // A removed exam (no uuid any more) cannot be kept: the author chooses another.
    exam_id: l && isExamType(type) && l.exam_uuid ? l.exam_id : null,
  };
}

/** A quiz or exam lesson without its exam: the dialog refuses to save it. */
export function examMissing(v: Pick<LessonFormValues, 'lesson_type' | 'exam_id'>): boolean {
  return isExamType(v.lesson_type) && v.exam_id == null;
}

export function lessonBody(v: LessonFormValues): LessonBody {
  const minutes = v.duration_minutes.trim() === '' ? null : Math.max(0, Math.round(Number(v.duration_minutes)));
  const media = isMediaType(v.lesson_type);
  return {
    title: v.title.trim(),
    title_bn: v.title_bn.trim(),
    lesson_type: v.lesson_type,
    media_url: media && v.source === 'url' && v.media_url.trim() ? v.media_url.trim() : null,
    body: isBodyType(v.lesson_type) && v.body.trim() ? textToHtml(v.body) : null,
    duration_minutes: Number.isFinite(minutes) ? minutes : null,
    ...(isExamType(v.lesson_type) ? { exam_id: v.exam_id } : {}),
  };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text to paragraphs: a blank line starts a paragraph, a single newline is a <br>. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Stored HTML back to editable text (inverse of textToHtml for what it produces). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li)>\s*/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
