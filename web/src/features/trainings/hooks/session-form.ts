// A session's dialog: its values (times as the browser's datetime-local inputs hold them), the
// checks the server makes again, and the body of create / update. The server alone knows the
// batch's dates in Dhaka time (422 `starts_at` `outside_batch_dates`).
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime';
import type { SessionBody, TrainingSession } from '../api/trainings-api';

export const SESSION_FIELDS = ['title', 'title_bn', 'starts_at', 'ends_at', 'trainer_id'] as const;
export type SessionField = (typeof SESSION_FIELDS)[number];

export interface SessionValues {
  title: string;
  title_bn: string;
  /** datetime-local values: the browser's time, YYYY-MM-DDTHH:mm. */
  starts_at: string;
  ends_at: string;
  /** A trainer's id, '' for none. */
  trainer_id: string;
}

export const SESSION_TITLE_MAX = 200;
const HOUR = 3_600_000;

/**
 * A session's values; a new one's start: where the last session ended (sessions often follow one
 * another), else 10:00 on the batch's first day, for an hour.
 */
export function sessionValues(s: TrainingSession | null, batchStart: string, sessions: readonly TrainingSession[] = []): SessionValues {
  if (s) {
    return { title: s.title ?? '', title_bn: s.title_bn ?? '', starts_at: toLocalInput(s.starts_at), ends_at: toLocalInput(s.ends_at), trainer_id: s.trainer_id != null ? String(s.trainer_id) : '' };
  }
  const last = sessions[sessions.length - 1];
  let start = last ? new Date(last.ends_at) : new Date(`${batchStart}T10:00:00`);
  if (Number.isNaN(start.getTime())) start = new Date();
  return { title: '', title_bn: '', starts_at: toLocalInput(start), ends_at: toLocalInput(new Date(start.getTime() + HOUR)), trainer_id: '' };
}

/** What keeps the values from being saved, per field, as errors:<code>. */
export function sessionProblems(v: SessionValues): Partial<Record<SessionField, string>> {
  const out: Partial<Record<SessionField, string>> = {};
  if (!v.title.trim()) out.title = 'required';
  else if (v.title.trim().length > SESSION_TITLE_MAX) out.title = 'too_long';
  if (v.title_bn.trim().length > SESSION_TITLE_MAX) out.title_bn = 'too_long';
  const start = fromLocalInput(v.starts_at);
  const end = fromLocalInput(v.ends_at);
  if (!v.starts_at.trim()) out.starts_at = 'required';
  else if (!start) out.starts_at = 'invalid_date';
  if (!v.ends_at.trim()) out.ends_at = 'required';
  else if (!end) out.ends_at = 'invalid_date';
  else if (start && Date.parse(end) <= Date.parse(start)) out.ends_at = 'ends_before_start';
  return out;
}

/** The body of create and update: trimmed titles, the times in UTC, no trainer as null. */
export function sessionBody(v: SessionValues): SessionBody {
  return {
    title: v.title.trim(),
    title_bn: v.title_bn.trim(),
    starts_at: fromLocalInput(v.starts_at) ?? v.starts_at,
    ends_at: fromLocalInput(v.ends_at) ?? v.ends_at,
    trainer_id: v.trainer_id ? Number(v.trainer_id) : null,
  };
}
