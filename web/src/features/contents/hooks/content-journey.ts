// How a learner goes through an item's parts (/contents/:id), apart from React: which parts they
// may open, where they start, where "Mark as done" leads, and how far they are.
import type { ContentDetail, Enrollment, Part } from '../api/contents-api';

/** A part in the list: done, open (every earlier part done), locked, or seen by its owner or a colleague (`preview`). */
export type PartState = 'done' | 'open' | 'locked' | 'preview';

/**
 * Whether the caller sees the parts themselves: the owner, colleagues it is shared with and
 * enrolled learners get their files, texts and quizzes; anyone else their titles only.
 */
export function seesParts(item: Pick<ContentDetail, 'mine' | 'enrollment'> & { parts: readonly Pick<Part, 'file' | 'body' | 'exam'>[] }): boolean {
  return item.mine || !!item.enrollment || item.parts.some((p) => p.file || p.body || p.exam);
}

/** The state of a part: enrolled learners go in order; the owner and colleagues preview every part. */
export function partState(part: Pick<Part, 'done' | 'open'>, enrolled: boolean): PartState {
  if (!enrolled) return 'preview';
  return part.done ? 'done' : part.open ? 'open' : 'locked';
}

/** Where the page opens: the first part not done that is open, else the last (all done), else the first. */
export function startPart(parts: readonly Pick<Part, 'id' | 'done' | 'open'>[], enrolled: boolean): number | null {
  if (!parts.length) return null;
  if (!enrolled) return parts[0].id;
  const next = parts.find((p) => !p.done && p.open);
  return (next ?? (parts.every((p) => p.done) ? parts[parts.length - 1] : parts[0])).id;
}

/** The part after `id`; null after the last. */
export function nextPartId(parts: readonly Pick<Part, 'id'>[], id: number): number | null {
  const i = parts.findIndex((p) => p.id === id);
  return i >= 0 && i + 1 < parts.length ? parts[i + 1].id : null;
}

/** The parts once part `id` is done: it is done, and the part after it open. */
export function partDone<P extends Pick<Part, 'id' | 'done' | 'open'>>(parts: readonly P[], id: number): P[] {
  const i = parts.findIndex((p) => p.id === id);
  return parts.map((p, j) => (j === i ? { ...p, done: true, open: true } : i >= 0 && j === i + 1 ? { ...p, open: true } : p));
}

/** Done parts as a percentage of all (0 without parts). */
export function progressPercent(e: Pick<Enrollment, 'done_parts' | 'total_parts'> | null | undefined): number {
  if (!e || e.total_parts <= 0) return 0;
  return Math.min(100, Math.round((e.done_parts / e.total_parts) * 100));
}

/** Whether enrolment has not opened yet on `today` (YYYY-MM-DD, Asia/Dhaka). */
export function notStarted(startDate: string | null, today: string): boolean {
  return !!startDate && startDate > today;
}

/** Today in Asia/Dhaka as YYYY-MM-DD (the server's calendar for start dates). */
export function dhakaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
