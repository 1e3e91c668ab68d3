// What the classrooms' pages show of a class, a session and a post in the interface's language:
// names (Bangla falling back to English, and back), days and hours through Intl (bn-BD in Bangla,
// with Bangla digits, on a 24-hour clock), who manages the class, the timeline's posts as "Load
// more" gathers them and as its live stream adds to them, and a session's chat.
import { localName, localTitle } from '../../../lib/course-text';
import { intlLocale } from '../../../lib/lang';
import type { AttendanceRow, ChatMessage, ClassFile, ClassRole, Classroom, ClassSession, Comment, Post, ProviderRecording, StreamedRow, TimelinePage } from '../api/classrooms-api';

/** The class's name: name_bn in Bangla when it has one, else its name. */
export function classroomName(c: Pick<Classroom, 'name' | 'name_bn'> | null | undefined, lang: string): string {
  return localName(c, lang);
}

/** The class's name in the other language, when given and different (shown under the main one). */
export function otherClassroomName(c: Pick<Classroom, 'name' | 'name_bn'>, lang: string): string {
  const main = classroomName(c, lang);
  const other = (lang === 'bn' ? c.name : c.name_bn)?.trim() || '';
  return other && other !== main ? other : '';
}

export function sessionTitle(s: Pick<ClassSession, 'title' | 'title_bn'> | null | undefined, lang: string): string {
  return localTitle(s, lang);
}

/** Teachers and the site's admins manage a class: people, schedule, attendance, pins, the class itself. */
export function managesClass(role: ClassRole | null | undefined): boolean {
  return role === 'teacher' || role === 'admin';
}

function valid(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The day alone: "20 Dec 2026", "২০ ডিসে, ২০২৬". */
export function formatDay(value: string | null | undefined, lang: string, timeZone?: string): string {
  const d = valid(value);
  if (!d) return value ?? '';
  return new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(d);
}

/** The day with its weekday, for a session: "Sun, 20 Dec 2026". */
export function formatLongDay(value: string | null | undefined, lang: string, timeZone?: string): string {
  const d = valid(value);
  if (!d) return value ?? '';
  return new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(d);
}

const clock = (lang: string, timeZone?: string) => new Intl.DateTimeFormat(intlLocale(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });

/** The time of day: "10:00", "১০:০০". */
export function formatClock(value: string | null | undefined, lang: string, timeZone?: string): string {
  const d = valid(value);
  return d ? clock(lang, timeZone).format(d) : '';
}

/** From the start's time to the end's: "10:00–11:30". */
export function formatClockRange(start: string, end: string, lang: string, timeZone?: string): string {
  const s = valid(start);
  const e = valid(end);
  if (!s) return '';
  if (!e || e <= s) return clock(lang, timeZone).format(s);
  return `${clock(lang, timeZone).format(s)}–${clock(lang, timeZone).format(e)}`;
}

/** An instant with its day and time: a post, a joining. */
export function formatInstant(value: string | null | undefined, lang: string, timeZone?: string): string {
  const d = valid(value);
  if (!d) return value ?? '';
  return new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(d);
}

/** The time zone of a quiz's window as the class is shown it (the exams open and close on Dhaka's clock). */
export const DHAKA = 'Asia/Dhaka';

/**
 * A quiz's window on Dhaka's clock: "Tue, 22 Dec 2026, 10:00–11:00" within a day, else
 * "Tue, 22 Dec 2026, 10:00 – Thu, 24 Dec 2026, 18:00".
 */
export function formatWindow(start: string, end: string, lang: string, timeZone = DHAKA): string {
  if (!valid(start)) return '';
  const day = formatLongDay(start, lang, timeZone);
  if (!valid(end) || formatLongDay(end, lang, timeZone) === day) return `${day}, ${formatClockRange(start, end, lang, timeZone)}`;
  return `${day}, ${formatClock(start, lang, timeZone)} – ${formatLongDay(end, lang, timeZone)}, ${formatClock(end, lang, timeZone)}`;
}

/** When someone left: the time of day alone when it is the day they joined, else the day and time. */
export function formatLeftAt(joined: string | null | undefined, left: string, lang: string, timeZone?: string): string {
  const j = valid(joined);
  const l = valid(left);
  if (!l) return left;
  return j && formatDay(joined, lang, timeZone) === formatDay(left, lang, timeZone) ? formatClock(left, lang, timeZone) : formatInstant(left, lang, timeZone);
}

// ---- the timeline ----

/**
 * The posts shown once a page of the timeline arrives (SPEC: the first load replaces the list,
 * later ones append): the first page (skip 0) replaces what was shown, a later one is added after
 * it, without a post that is shown already (a post written meanwhile pushes the others down).
 */
export function mergeTimeline(shown: readonly Post[], page: Pick<TimelinePage, 'data' | 'skip'>): Post[] {
  if (page.skip <= 0) return [...page.data];
  const seen = new Set(shown.map((p) => p.id));
  return [...shown, ...page.data.filter((p) => !seen.has(p.id))];
}

/** Every page loaded so far, in order, as one list. */
export function timelinePosts(pages: readonly Pick<TimelinePage, 'data' | 'skip'>[]): Post[] {
  return pages.reduce<Post[]>((shown, page) => mergeTimeline(shown, page), []);
}

/** The `skip` of the next page, or undefined when every post is loaded. */
export function nextSkip(last: Pick<TimelinePage, 'data' | 'skip' | 'total'>): number | undefined {
  const next = last.skip + last.data.length;
  return last.data.length > 0 && next < last.total ? next : undefined;
}

/** The timeline as the query keeps it: the pages loaded so far. */
export interface TimelineData {
  pages: TimelinePage[];
  pageParams: number[];
}

/**
 * The newest post or comment id the page has (posts and comments share their ids): where the live
 * stream starts (`after`). Null when there is none.
 */
export function newestTimelineId(pages: readonly Pick<TimelinePage, 'data'>[], pinned: readonly Post[] = []): number | null {
  let newest = 0;
  for (const p of [...pages.flatMap((page) => page.data), ...pinned]) {
    newest = Math.max(newest, p.id, ...p.comments.map((c) => c.id));
  }
  return newest || null;
}

/** A streamed post as the timeline shows one (the stream sends it without comments or pin). */
export function streamedPost(row: StreamedRow): Post {
  return { ...row, parent_id: null, pinned: row.pinned ?? false, comments: row.comments ?? [] };
}

/**
 * A post from the live stream put on top of the first page (every page's total one more), or null
 * when it is shown already (the writer's own, say, read again after posting).
 */
export function withStreamedPost(data: TimelineData, row: StreamedRow): TimelineData | null {
  if (!data.pages.length || data.pages.some((page) => page.data.some((p) => p.id === row.id))) return null;
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [{ ...first, data: [streamedPost(row), ...first.data], total: first.total + 1 }, ...rest.map((page) => ({ ...page, total: page.total + 1 }))],
  };
}

/** A comment from the live stream added under its post (by parent_id), or null when its post is not there or it is shown already. */
export function withStreamedComment(posts: readonly Post[], row: StreamedRow): Post[] | null {
  const at = posts.findIndex((p) => p.id === row.parent_id);
  if (at < 0 || posts[at].comments.some((c) => c.id === row.id)) return null;
  const comment: Comment = { ...row, parent_id: row.parent_id! };
  const next = [...posts];
  next[at] = { ...posts[at], comments: [...posts[at].comments, comment] };
  return next;
}

/** withStreamedComment over every page of the timeline. */
export function withStreamedCommentInPages(data: TimelineData, row: StreamedRow): TimelineData | null {
  let changed = false;
  const pages = data.pages.map((page) => {
    const posts = withStreamedComment(page.data, row);
    if (!posts) return page;
    changed = true;
    return { ...page, data: posts };
  });
  return changed ? { ...data, pages } : null;
}

// ---- a session ----

/** Where a file of the file manager opens: its link (should the server send one), else its signed path. */
export function fileHref(file: Pick<ClassFile, 'file_main_path' | 'url'> | null | undefined): string | null {
  return file?.url || file?.file_main_path || null;
}

/** A recording a meeting service made, as the schedule links it: `n` its number among its service's (from 1), 0 when it is the only one. */
export interface ProviderRecordingLink extends ProviderRecording {
  n: number;
}

/**
 * The recordings the meeting services made of a session, in the server's order, that can be
 * opened (http or https links; no other kind is ever followed), each a link of its own.
 */
export function providerRecordingLinks(s: Pick<ClassSession, 'provider_recordings'>): ProviderRecordingLink[] {
  const seen = new Set<string>();
  const usable = (s.provider_recordings ?? []).filter((r) => /^https?:\/\/[^\s]/i.test(r.url) && !seen.has(r.url) && !!seen.add(r.url));
  const count = (provider: string) => usable.filter((r) => r.provider === provider).length;
  const taken: Record<string, number> = {};
  return usable.map((r) => {
    taken[r.provider] = (taken[r.provider] ?? 0) + 1;
    return { ...r, n: count(r.provider) > 1 ? taken[r.provider] : 0 };
  });
}

/** The chat's pages as one list, newest first, without a message shown twice (one written meanwhile shifts the pages). */
export function chatMessages(pages: readonly { data: ChatMessage[] }[]): ChatMessage[] {
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (const m of pages.flatMap((page) => page.data)) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    out.push(m);
  }
  return out;
}

// ---- attendance ----

/** The marks changed on the sheet (user id → present), over the server's. */
export type Marks = Record<number, boolean>;

export function isPresent(row: AttendanceRow, marks: Marks): boolean {
  return marks[row.user_id] ?? row.present;
}

/** What Save sends: the ids of every student marked present (the others are absent). */
export function presentIds(rows: readonly AttendanceRow[], marks: Marks): number[] {
  return rows.filter((r) => isPresent(r, marks)).map((r) => r.user_id);
}

/** Whether a mark on the sheet differs from the server's (Save has something to send). */
export function marksChanged(rows: readonly AttendanceRow[], marks: Marks): boolean {
  return rows.some((r) => isPresent(r, marks) !== r.present);
}
